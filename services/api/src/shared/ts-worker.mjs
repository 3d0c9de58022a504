// A worker thread that runs a TypeScript module: development and tests run the sources (ADR 0002),
// and a worker does not inherit tsx's loader from its parent on Node 20, so it registers it before
// importing `workerData.entry`. The production bundle starts its workers' .js files directly.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
