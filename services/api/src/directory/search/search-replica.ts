import { splitSkills } from '@healthtal/contracts';
import { forEachInSlices } from '@healthtal/eventstore';
import type pg from 'pg';
import type { Logger } from 'pino';
import { inTransaction } from '../../shared/transaction';
import { type IndexedCandidate, SearchIndex } from './search-index';
import {
  type ReadModelState,
  type ShardAnswer,
  type ShardPart,
  type ShardQuery,
  type ShardStatus,
  shardAnswer,
} from './search-shard';
import { readSnapshot, writeSnapshot } from './search-snapshot';
import { INDEXED_FIELDS } from './search-terms';
import { SNAPSHOT_DELAY_MS, SnapshotSaver } from './snapshot-saver';

const LOAD_CHUNK = 20_000;
/**
 * The tail is merged into the sorted orders once it holds this many documents, or a sixteenth of the
 * sorted ones when that is more: a re-sort costs the whole index (a merge), so a growing directory
 * re-sorts less often (about 40 times for an import of 1.5M, not 75), while a query pays for the
 * tail it sorts (a few ms at 100,000).
 */
const TAIL_LIMIT = 20_000;
const TAIL_SHARE = 1 / 16;
/** Once the read model stops changing, a tail at least this long is merged in (an import's last rows). */
const IDLE_TAIL = 1_000;
/** How often an idle part looks for changes in the read model; a read model this long unchanged is idle. */
const IDLE_SYNC_MS = 1000;
/**
 * While rows keep arriving (an import), the next look follows this soon after one that found some:
 * many small steps, so a search that must wait for the part to catch up waits for little.
 */
const BUSY_SYNC_MS = 100;

/** A read-model row as far as the index reads it: the columns of the fields it indexes. */
type Row = { seq: string; id: string } & { [column: string]: unknown };

/** The columns of the indexed fields (search-terms INDEXED_FIELDS), each as the index holds it. */
const READ = INDEXED_FIELDS.map(({ field, column, values }) => ({
  field,
  column,
  read: values === 'list' ? (value: unknown) => splitSkills(value as string) : (value: unknown) => value,
}));
const COLUMNS = ['seq', 'id', ...READ.map(({ column }) => column)].join(', ');

/** An NPI the registry deactivated stays in the read model (lists, profile) but not in search. */
const IN_SEARCH = 'deactivated_on is null';

function toCandidate(row: Row): IndexedCandidate {
  const candidate: Record<string, unknown> = { seq: Number(row.seq), id: row.id };
  for (const { field, column, read } of READ) candidate[field] = read(row[column]);
  return candidate as IndexedCandidate;
}

/**
 * One part of the search index (the whole directory when it is the only part), loaded from the
 * `directory` read model and kept in step with it: it applies the rows and removals since its
 * revision in the background every second, and before a query that must see a newer state. A
 * rebuilt read model (new table) is reloaded whole.
 */
export class SearchReplica {
  index = new SearchIndex();
  private revision = -1;
  private tableOid: string | null = null;
  private maxSeq = 0;
  /** When a sync last found changes (performance.now()). */
  private changedAt = 0;
  private syncing: Promise<boolean> | null = null;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly saver: SnapshotSaver | null;
  readonly status: ShardStatus = { ready: false, loadedDocs: 0 };

  constructor(
    private readonly pool: pg.Pool,
    private readonly logger: Logger,
    private readonly part: ShardPart = { part: 0, of: 1 },
    /** Told whenever `status` changes (a worker passes it on to the API thread). */
    private readonly onStatus: (status: ShardStatus) => void = () => {},
    /** Where this part's index snapshot is kept (search-snapshot.ts); none: always load from the read model. */
    private readonly snapshotFile: string | null = null,
  ) {
    this.saver = snapshotFile ? new SnapshotSaver(() => this.save(snapshotFile)) : null;
  }

  /** Loads everything, then keeps up in the background, so an import is indexed before a searcher asks. */
  async start(): Promise<void> {
    // Scheduled first: a failed first load is tried again a second later.
    this.syncIn(IDLE_SYNC_MS);
    await this.sync();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.saver?.stop();
  }

  private syncIn(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.sync().then(
        (changed) => this.syncIn(changed ? BUSY_SYNC_MS : IDLE_SYNC_MS),
        (error: unknown) => {
          this.logger.warn({ err: error }, 'search index sync failed');
          this.syncIn(IDLE_SYNC_MS);
        },
      );
    }, delayMs);
    this.timer.unref();
  }

  /**
   * Brings the index up to what a query that arrived at `state` must see: every change up to its
   * `mustSee` revision (ADR 0016's read-your-writes: a removal, an approved candidate), not the bulk
   * additions after it, which the part's own syncs pick up every 100 ms while an import runs. Without
   * a state, to the read model's current one. A sync already running may have read an older state
   * than this query's: then one more, which reads a newer one.
   */
  async catchUp(state: ReadModelState | null): Promise<void> {
    const seen = () => state !== null && state.oid === this.tableOid && state.mustSee <= this.revision;
    if (seen()) return;
    await this.sync();
    if (state && !seen()) await this.sync();
  }

  /** The read model's state now (`directory_meta`). */
  readState(): Promise<ReadModelState | null> {
    return readModelState(this.pool);
  }

  query(query: ShardQuery): ShardAnswer {
    return shardAnswer(this.index, query);
  }

  /** Concurrent callers share one run. True when it found changes to apply. */
  sync(): Promise<boolean> {
    this.syncing ??= this.syncOnce().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  /** The condition on `seq` (a column) that keeps this part's rows. */
  private inPart(seq = 'seq'): string {
    return this.part.of > 1 ? ` and ${seq} % ${this.part.of} = ${this.part.part}` : '';
  }

  private async syncOnce(): Promise<boolean> {
    const state = await readModelState(this.pool);
    if (!state) return false;
    if (state.oid !== this.tableOid && !(await this.restore(state))) {
      await this.reload(state);
      this.saver?.soon(0);
      return true;
    }
    if (state.revision === this.revision) {
      const idle = performance.now() - this.changedAt >= IDLE_SYNC_MS;
      if (idle && this.index.tailSize >= IDLE_TAIL) await this.reorder();
      this.report({ ready: true, loadedDocs: this.index.size });
      return false;
    }
    this.changedAt = performance.now();
    // In slices: queries that need not wait for these rows are answered between them (ADR 0032).
    await forEachInSlices(await this.rowsSince(), (row) => this.add(toCandidate(row)));
    await this.applyRemovals();
    this.revision = state.revision;
    if (this.index.tailSize > Math.max(TAIL_LIMIT, this.index.orderedUpTo * TAIL_SHARE)) await this.reorder();
    this.report({ ready: true, loadedDocs: this.index.size });
    return true;
  }

  /**
   * At start, the index from this part's snapshot when it reflects the read model's current table
   * at a revision it has reached; the caller then applies what changed since. False: load it whole.
   */
  private async restore(state: ReadModelState): Promise<boolean> {
    if (!this.snapshotFile || this.tableOid !== null) return false;
    const started = performance.now();
    const snapshot = await readSnapshot(this.snapshotFile).catch((error: unknown) => {
      this.logger.warn({ err: error }, 'search index snapshot unreadable: loading from the read model');
      return null;
    });
    if (!snapshot) return false;
    const { meta, index } = snapshot;
    const { part, of } = this.part;
    if (meta.oid !== state.oid || meta.revision > state.revision || meta.part !== part || meta.of !== of)
      return false;
    this.index = index;
    this.maxSeq = meta.maxSeq;
    this.revision = meta.revision;
    this.tableOid = meta.oid;
    this.logger.info(
      {
        candidates: index.alive.count(),
        ms: Math.round(performance.now() - started),
        revisionsBehind: state.revision - meta.revision,
      },
      'search index loaded from its snapshot',
    );
    return true;
  }

  /**
   * Drops the documents the read model removed since this part's revision. One whose candidate is
   * gone from the directory (erased, not updated or deactivated) is still in the snapshot file:
   * it is saved again soon (ADR 0044).
   */
  private async applyRemovals(): Promise<void> {
    const removed = await this.pool.query<{ seq: string; gone: boolean }>(
      `select r.seq, not exists (select 1 from directory_candidates c where c.id = r.id) as gone
       from directory_removed r where r.revision > $1${this.inPart('r.seq')}`,
      [this.revision],
    );
    let erased = false;
    for (const { seq, gone } of removed.rows) if (this.index.removeSeq(Number(seq)) && gone) erased = true;
    if (erased) this.saver?.afterErasure();
  }

  private async save(file: string): Promise<void> {
    await this.syncing?.catch(() => undefined);
    const started = performance.now();
    const meta = { ...this.part, revision: this.revision, oid: this.tableOid!, maxSeq: this.maxSeq };
    try {
      const bytes = await writeSnapshot(file, meta, this.index);
      this.logger.info(
        { file, bytes, revision: meta.revision, ms: Math.round(performance.now() - started) },
        'search index snapshot saved',
      );
    } catch (error) {
      this.logger.warn({ err: error, file }, 'search index snapshot not saved');
    }
  }

  private async reload(state: ReadModelState): Promise<void> {
    const started = performance.now();
    const index = new SearchIndex();
    let maxSeq = 0;
    for (;;) {
      const { rows } = await this.pool.query<Row>(
        `select ${COLUMNS} from directory_candidates where seq > $1 and ${IN_SEARCH}${this.inPart()} order by seq limit ${LOAD_CHUNK}`,
        [maxSeq],
      );
      for (const row of rows) index.add(toCandidate(row));
      this.report({ loadedDocs: index.size });
      if (rows.length < LOAD_CHUNK) break;
      maxSeq = Number(rows[rows.length - 1]!.seq);
    }
    maxSeq = index.size > 0 ? index.seqOf(index.size - 1) : 0;
    const removed = await this.pool.query<{ seq: string }>(
      `select seq from directory_removed where true${this.inPart()}`,
    );
    for (const { seq } of removed.rows) index.removeSeq(Number(seq));
    index.reorder();
    this.index = index;
    this.maxSeq = maxSeq;
    this.revision = state.revision;
    this.tableOid = state.oid;
    this.report({ ready: true, loadedDocs: index.size });
    this.logger.info(
      {
        candidates: index.alive.count(),
        ms: Math.round(performance.now() - started),
        ...(this.part.of > 1 ? { part: `${this.part.part + 1} of ${this.part.of}` } : {}),
      },
      'search index loaded',
    );
  }

  /**
   * The rows the projector added since this part's last sync: past the highest seq seen (it writes one
   * batch at a time), by the primary key. Never by scanning the table: during an import the planner's
   * statistics lag behind (before the first analyze, `deactivated_on is null` alone is guessed at
   * 0.5 %), and it chose a scan of the whole table for every sync.
   */
  private rowsSince(): Promise<Row[]> {
    return inTransaction(this.pool, async (client) => {
      await client.query('set local enable_seqscan = off');
      const { rows } = await client.query<Row>(
        `select ${COLUMNS} from directory_candidates where seq > $2 and revision > $1 and ${IN_SEARCH}${this.inPart()}
         order by seq`,
        [this.revision, this.maxSeq],
      );
      return rows;
    });
  }

  /** A re-sort in steps (searches are answered between them), and a snapshot once re-sorts stop. */
  private async reorder(): Promise<void> {
    await this.index.reorderCooperatively();
    this.saver?.soon(SNAPSHOT_DELAY_MS);
  }

  private add(candidate: IndexedCandidate): void {
    this.index.add(candidate);
    this.maxSeq = Math.max(this.maxSeq, candidate.seq);
  }

  private report(change: Partial<ShardStatus>): void {
    const { ready = this.status.ready, loadedDocs = this.status.loadedDocs } = change;
    if (ready === this.status.ready && loadedDocs === this.status.loadedDocs) return;
    Object.assign(this.status, { ready, loadedDocs });
    this.onStatus({ ...this.status });
  }
}

/**
 * Prepared once per connection: every search asks it. The table's oid is a constant of the plan;
 * PostgreSQL plans it again when that table is dropped (a rebuild), so a new table's oid is read.
 */
const READ_MODEL_STATE = {
  name: 'directory-state',
  text: `select revision, must_see_revision, 'directory_candidates'::regclass::oid::text as oid
       from directory_meta where id = 1`,
};

/** The directory read model's revision and table, or null before its projection is installed. */
export async function readModelState(pool: pg.Pool): Promise<ReadModelState | null> {
  try {
    const { rows } = await pool.query<{ revision: string; must_see_revision: string; oid: string }>(
      READ_MODEL_STATE,
    );
    const [row] = rows;
    return row
      ? { revision: Number(row.revision), mustSee: Number(row.must_see_revision), oid: row.oid }
      : null;
  } catch (error) {
    // Before the projection is installed the tables do not exist yet.
    if ((error as { code?: string }).code === '42P01') return null;
    throw error;
  }
}
