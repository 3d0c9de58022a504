import pg from 'pg';

/**
 * `max_wal_size` while nothing loads in bulk: PostgreSQL's own default. A checkpoint keeps at most
 * this much WAL for reuse, so the data directory does not keep a bulk load's WAL for ever (ADR 0071).
 */
export const STEADY_MAX_WAL_SIZE = '1GB';
/**
 * While a seed, an import or a read model's install writes: checkpoints far apart, as the imports
 * were measured with (fewer whole pages written to the WAL after each checkpoint).
 */
export const BULK_MAX_WAL_SIZE = '8GB';

/** Runs `load` in the database's bulk-load window: see `walWindow`. */
export type BulkLoad = <T>(load: () => Promise<T>) => Promise<T>;

/** How long a reloaded setting may take to reach the server's processes. */
const RELOAD_TIMEOUT_MS = 10_000;

/**
 * The embedded cluster's WAL, sized for what it does: `BULK_MAX_WAL_SIZE` while any bulk load of this
 * process runs, `steady` otherwise. When the last one ends, the steady size is put back and a
 * checkpoint taken at once, which removes the WAL past what that size keeps for reuse: a seed of
 * 1.5M left 6.3 GB of it behind with 8 GB all the time. Changes are made one after the other, each to
 * what the open loads want by then. `adminUrl`: a superuser's connection (ALTER SYSTEM, CHECKPOINT).
 */
export function walWindow(
  adminUrl: string,
  { steady = STEADY_MAX_WAL_SIZE, onError = () => undefined } = {} as {
    steady?: string;
    onError?: (error: unknown) => void;
  },
) {
  let open = 0;
  let current: string | null = null;
  let changes: Promise<void> = Promise.resolve();

  const settle = () => {
    changes = changes.then(async () => {
      const wanted = open > 0 ? BULK_MAX_WAL_SIZE : steady;
      if (wanted === current) return;
      const checkpoint = current === BULK_MAX_WAL_SIZE;
      await setMaxWalSize(adminUrl, wanted, { checkpoint });
      current = wanted;
    });
    // A load goes on whatever its WAL's size: a failed change is reported, and the next one tried.
    changes = changes.catch(onError);
    return changes;
  };

  const bulkLoad: BulkLoad = async (load) => {
    open += 1;
    await settle();
    try {
      return await load();
    } finally {
      open -= 1;
      await settle();
    }
  };
  return {
    bulkLoad,
    /** At the cluster's start: the steady size, whatever a run that ended mid-load left set. */
    steady: settle,
  };
}

/**
 * ALTER SYSTEM and a reload, waited for until a new connection sees the size: the postmaster has read
 * the file by then and signalled the checkpointer, which reloads before it takes a checkpoint asked of
 * it after. With `checkpoint`, one is taken: the WAL past what the size keeps for reuse is removed.
 */
async function setMaxWalSize(adminUrl: string, size: string, { checkpoint }: { checkpoint: boolean }) {
  await withClient(adminUrl, async (client) => {
    if ((await maxWalSize(client)) === size && !checkpoint) return;
    await client.query(`alter system set max_wal_size = '${size}'`);
    await client.query('select pg_reload_conf()');
  });
  const deadline = Date.now() + RELOAD_TIMEOUT_MS;
  while ((await withClient(adminUrl, maxWalSize)) !== size) {
    if (Date.now() > deadline) throw new Error(`max_wal_size did not become ${size} after a reload`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  if (checkpoint) await withClient(adminUrl, (client) => client.query('checkpoint'));
}

const maxWalSize = async (client: pg.Client) =>
  (await client.query<{ size: string }>(`select current_setting('max_wal_size') as size`)).rows[0]!.size;

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
