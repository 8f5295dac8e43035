#!/usr/bin/env node
// pagemark — PDF pages and images to Markdown on this machine, with the same engine as the app.
// The engine is TypeScript; tsx compiles it on the fly so the CLI runs from a checkout without a build.
import { register } from 'tsx/esm/api';

register();
// pdf.js reports recoverable PDF syntax errors with console.log; keep standard output for Markdown.
console.log = (...args) => console.error(...args);
const { main } = await import('./run.ts');
process.exitCode = await main(process.argv.slice(2));
