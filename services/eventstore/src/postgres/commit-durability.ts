import type pg from 'pg';

/**
 * Connections whose commits may be lost in a database crash without losing anything acknowledged:
 * a projector's read-model rows and checkpoint (the events are durable; after a crash the
 * checkpoint is back where the rows are and the projector applies them again), and a bulk seed
 * (resumed from its own progress, written in the same transactions). Their commits skip the WAL
 * flush (PostgreSQL's asynchronous commit): a commit costs ~0.6 ms instead of ~5 ms on a VM's disk.
 * Every other connection — the API's, whose commits a 2xx answer acknowledges — commits with the
 * server's setting (PostgreSQL's default: flushed), ADR 0038.
 */
export const REBUILDABLE_COMMITS: Pick<pg.PoolConfig, 'options'> = { options: '-c synchronous_commit=off' };
