#!/usr/bin/env node
// pagemark — PDF pages and images to Markdown on this machine, with the same engine as the app.
// The engine is TypeScript; tsx compiles it on the fly so the CLI runs from a checkout without a build.
import { register } from 'tsx/esm/api';

register();
// pdf.js reports recoverable PDF syntax errors with console.log; keep standard output for Markdown.
console.log = (...args) => console.error(...args);
const argv = process.argv.slice(2);
if (argv[0] === 'queue' || argv[0] === 'worker') {
  // The page queue (cli/queue/): its Redis connections stay open until closed, so it ends the process itself.
  const { queueMain } = await import('./queue/queue-cli.ts');
  const code = await queueMain(argv);
  // Standard output to a pipe is written asynchronously: let it drain first.
  await new Promise((resolve) => process.stdout.write('', resolve));
  process.exit(code);
}
const { main } = await import('./run.ts');
process.exitCode = await main(argv);
