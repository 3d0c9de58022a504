// A worker thread or process that runs a TypeScript module: development and tests run the sources
// (ADR 0002), and neither a worker thread nor a forked process started without tsx's flags has its
// loader, so this registers it before importing the entry (`workerData.entry` in a thread, the first
// argument in a process). The production bundle starts its workers' .js files directly.
import { isMainThread, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(isMainThread ? process.argv[2] : workerData.entry);
