// A line encoder thread's entry (line-encoder-pool.ts): the engine is TypeScript, compiled on the fly by tsx in
// this thread as in the CLI's.
import { register } from 'tsx/esm/api';

register();
await import('./line-encoder-thread.ts');
