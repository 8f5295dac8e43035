// Entry of the CLI's document process (source-process.ts), compiled on the fly by tsx like the CLI itself.
import { Worker } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

// A parent killed outright (SIGKILL, a test's time limit) cannot end this process, and a page that keeps pdf.js busy
// blocks the event loop that would hear the parent go. A watchdog thread, which runs whatever the page is doing,
// ends the process once it is orphaned.
const parent = process.ppid;
new Worker(`setInterval(() => process.ppid !== ${parent} && process.kill(process.pid, 'SIGKILL'), 500);`, { eval: true }).unref();

register();
// pdf.js reports recoverable PDF syntax errors with console.log; the CLI's standard output is for Markdown.
console.log = (...args) => console.error(...args);
await import('./source-process.ts');
