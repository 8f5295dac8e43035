// Entry of the CLI's document process (source-process.ts), compiled on the fly by tsx like the CLI itself.
import { register } from 'tsx/esm/api';

register();
// pdf.js reports recoverable PDF syntax errors with console.log; the CLI's standard output is for Markdown.
console.log = (...args) => console.error(...args);
await import('./source-process.ts');
