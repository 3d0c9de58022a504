import type { SearchRequest } from '@healthtal/contracts';
import type pg from 'pg';
import type { Logger } from 'pino';
import { type IndexedCandidate, SearchIndex } from './search-index';
import { runQuery } from './search-query';
import { toIndexQuery } from './search-request';

const LOAD_CHUNK = 20_000;
/** Re-sort everything once this many documents sit in the unsorted tail. */
const TAIL_LIMIT = 20_000;
const BACKGROUND_SYNC_MS = 1000;

type Row = {
  seq: string;
  id: string;
  first_name: string | null;
  last_name: string | null;
  title: string | null;
  specialty: string | null;
  company_name: string | null;
  city: string | null;
  state: string | null;
  company_employees: string | null;
  company_revenue_range: string | null;
  company_industry: string | null;
  skills: string[];
  education: { school: string; degree: string }[];
  email_verified_at: Date | null;
};

const COLUMNS = `seq, id, first_name, last_name, title, specialty, company_name, city, state, company_employees,
  company_revenue_range, company_industry, skills, education, email_verified_at`;

/** An NPI the registry deactivated stays in the read model (lists, profile) but not in search. */
const IN_SEARCH = 'deactivated_on is null';

const toCandidate = (row: Row): IndexedCandidate => ({
  seq: Number(row.seq),
  id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  title: row.title,
  specialty: row.specialty,
  companyName: row.company_name,
  city: row.city,
  state: row.state,
  companySize: row.company_employees,
  companyRevenue: row.company_revenue_range,
  companyIndustry: row.company_industry,
  skills: row.skills,
  education: row.education,
  emailVerifiedAt: row.email_verified_at,
});

/**
 * The search index of this API process, loaded from the `directory` read model and kept in step
 * with it: before each search it asks the read model for its revision (one cheap query) and, when
 * it moved, applies the rows and removals since. A rebuilt read model (new table) is reloaded whole.
 */
export class DirectorySearch {
  index = new SearchIndex();
  private revision = -1;
  private tableOid: string | null = null;
  private maxSeq = 0;
  private syncing: Promise<void> | null = null;
  private loaded = false;
  private timer: NodeJS.Timeout | null = null;
  loadedDocs = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly logger: Logger,
  ) {}

  get ready(): boolean {
    return this.loaded;
  }

  /** The ids a search matches, in result order, at most `cap` (Select All, export of a whole search). */
  async ids(request: SearchRequest, cap: number): Promise<{ ids: string[]; count: number }> {
    await this.sync();
    const index = this.index;
    const result = runQuery(index, toIndexQuery(request, { offset: 0, limit: cap }));
    return { ids: result.docs.map((doc) => index.idOf(doc)), count: result.count };
  }

  /**
   * How many candidates match the search among those with read-model seq `fromSeq` or later (the
   * directory's arrivals since some moment: seq follows import order). Saved-search alerts.
   */
  async countFromSeq(request: SearchRequest, fromSeq: number): Promise<number> {
    await this.sync();
    const index = this.index;
    const fromDoc = index.firstDocFromSeq(fromSeq);
    if (fromDoc >= index.size) return 0;
    return runQuery(index, toIndexQuery(request, { offset: 0, limit: 0, fromDoc })).count;
  }

  /**
   * Loads everything, then keeps up in the background too, so that a large batch of new candidates
   * (an import, the first start's seed) is indexed and re-sorted before a searcher asks.
   */
  async start(): Promise<void> {
    await this.sync();
    this.timer = setInterval(() => {
      this.sync().catch((error) => this.logger.warn({ err: error }, 'search index sync failed'));
    }, BACKGROUND_SYNC_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Brings the index up to the read model's current revision. Concurrent callers share one run. */
  sync(): Promise<void> {
    this.syncing ??= this.syncOnce().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  private async syncOnce(): Promise<void> {
    const state = await this.readModelState();
    if (!state) return;
    if (state.oid !== this.tableOid) return this.reload(state);
    if (state.revision === this.revision) return;
    const { rows } = await this.pool.query<Row>(
      `select ${COLUMNS} from directory_candidates where revision > $1 and seq > $2 and ${IN_SEARCH} order by seq`,
      [this.revision, this.maxSeq],
    );
    for (const row of rows) this.add(toCandidate(row));
    const removed = await this.pool.query<{ seq: string }>(
      'select seq from directory_removed where revision > $1',
      [this.revision],
    );
    for (const { seq } of removed.rows) this.index.removeSeq(Number(seq));
    this.revision = state.revision;
    if (this.index.tailSize > TAIL_LIMIT) this.index.reorder();
  }

  private async reload(state: { revision: number; oid: string }): Promise<void> {
    const started = performance.now();
    const index = new SearchIndex();
    let maxSeq = 0;
    for (;;) {
      const { rows } = await this.pool.query<Row>(
        `select ${COLUMNS} from directory_candidates where seq > $1 and ${IN_SEARCH} order by seq limit ${LOAD_CHUNK}`,
        [maxSeq],
      );
      for (const row of rows) index.add(toCandidate(row));
      this.loadedDocs = index.size;
      if (rows.length < LOAD_CHUNK) break;
      maxSeq = Number(rows[rows.length - 1]!.seq);
    }
    maxSeq = index.size > 0 ? index.seqOf(index.size - 1) : 0;
    const removed = await this.pool.query<{ seq: string }>('select seq from directory_removed');
    for (const { seq } of removed.rows) index.removeSeq(Number(seq));
    index.reorder();
    this.index = index;
    this.maxSeq = maxSeq;
    this.revision = state.revision;
    this.tableOid = state.oid;
    this.loaded = true;
    this.logger.info(
      { candidates: index.alive.count(), ms: Math.round(performance.now() - started) },
      'search index loaded',
    );
  }

  private add(candidate: IndexedCandidate): void {
    this.index.add(candidate);
    this.maxSeq = Math.max(this.maxSeq, candidate.seq);
  }

  private async readModelState(): Promise<{ revision: number; oid: string } | null> {
    try {
      const { rows } = await this.pool.query<{ revision: string; oid: string }>(
        `select revision, 'directory_candidates'::regclass::oid::text as oid from directory_meta where id = 1`,
      );
      return rows[0] ? { revision: Number(rows[0].revision), oid: rows[0].oid } : null;
    } catch (error) {
      // Before the projection is installed the tables do not exist yet.
      if ((error as { code?: string }).code === '42P01') return null;
      throw error;
    }
  }
}
