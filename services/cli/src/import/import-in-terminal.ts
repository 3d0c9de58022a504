import { type ImportTick, ProgressBar, type RejectedRow } from '@healthtal/directory-import';
import type { EventStore } from '@healthtal/eventstore';
import type pg from 'pg';
import type { Config } from '../config';
import { createEventStore } from '../event-store';

/** Rejected rows listed as they come; the summary counts the rest. */
export const SHOWN_REJECTS = 20;

export const count = (n: number) => Math.round(n).toLocaleString('en-US');

/** What an import gets from the terminal that runs it. */
export type ImportHooks = {
  signal: AbortSignal;
  onProgress: (tick: ImportTick) => void;
  onRejected: (row: RejectedRow) => void;
};

type Summary = { complete: boolean; elapsedMs: number };

/**
 * One import run from the command line (`healthtal import`, `seed`, `import --format nppes`): the
 * event store over `pool`, a progress bar, the first SHOWN_REJECTS rejected rows noted (`line N
 * <rejectedAs>: reason`), Ctrl-C or SIGTERM stopping it after the batches in flight (the same
 * command resumes it). Prints the summary `describe` words; exits 0 when complete, 130 when stopped.
 */
export async function importInTerminal<S extends Summary>(
  pool: pg.Pool,
  config: Config,
  run: {
    start: (store: EventStore, hooks: ImportHooks) => Promise<S>;
    /** Rows the summary says were read. */
    rowsOf: (summary: S) => number;
    describe: (summary: S, rejectedShown: number) => string;
    rejectedAs: 'skipped' | 'rejected';
  },
): Promise<number> {
  const store = createEventStore(pool, undefined, config);
  const bar = new ProgressBar();
  let rejectedShown = 0;
  const stop = new AbortController();
  const onSignal = () => {
    process.stderr.write('\n  stopping after the batches in flight; run the same command again to resume\n');
    stop.abort();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const summary = await run.start(store, {
      signal: stop.signal,
      onProgress: (tick) => bar.update(tick),
      onRejected: ({ line, reason }) => {
        if (rejectedShown++ < SHOWN_REJECTS) bar.note(`line ${line} ${run.rejectedAs}: ${reason}`);
      },
    });
    const rows = run.rowsOf(summary);
    if (rows > 0) bar.finish({ rows, total: rows, elapsedMs: summary.elapsedMs });
    console.log(run.describe(summary, rejectedShown));
    return summary.complete ? 0 : 130;
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    await store.close();
  }
}
