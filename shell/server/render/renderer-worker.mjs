// A renderer worker's entry: the worker runs TypeScript through tsx, like the server (a worker does not inherit the
// loader the `tsx` command registered for the main thread).
import { register } from 'tsx/esm/api';

register();
await import('./renderer-worker.ts');
