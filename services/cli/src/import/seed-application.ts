/**
 * How the background seed's connections show in pg_stat_activity (seed-worker.ts): the seed lowers
 * their servers' priority by it, and a bench knows the seed's thread has ended when none is left.
 */
export const SEED_APPLICATION_NAME = 'healthtal seed';
