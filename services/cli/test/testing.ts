/**
 * The chaos model for a run outside vitest (`npm run chaos`, bench/chaos.ts): as long as asked, with
 * the product killed and the database taken away under it (test/chaos/README.md).
 */
export { type ChaosReport, openChaos, runChaos } from './chaos/run';
export { RestartablePostgres } from './support/restartable-postgres';
