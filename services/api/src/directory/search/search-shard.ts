import path from 'node:path';
import type { SuggestedField } from '@healthtal/contracts';
import type { KeyedSuggestion } from './filter-vocabulary';
import type { SearchIndex, SortOrder, WordFrequency } from './search-index';
import { type IndexQuery, runQuery } from './search-query';

/** Which part of the directory a shard holds: the candidates whose read-model seq % `of` is `part`. */
export type ShardPart = { part: number; of: number };

/** Where a part's index snapshot is kept in the snapshot directory. */
export const snapshotFileOf = (dir: string, { part, of }: ShardPart) =>
  path.join(dir, `directory-${part + 1}-of-${of}.idx`);

/**
 * The read model's state when a query arrived (`directory_meta`): its table, its revision, and the
 * revision the query must see at least, `mustSee`: everything but the bulk additions after it
 * (ADR 0032).
 */
export type ReadModelState = { revision: number; mustSee: number; oid: string };

/** A query for one shard: the first `query.limit` matches from the start, and from which seq on. */
export type ShardQuery = { query: IndexQuery; fromSeq?: number; state: ReadModelState | null };

/** A match, with what orders it among the matches of the other shards (search-index sortKeyOf). */
export type ShardHit = { seq: number; id: string; score: number; key: string | number; name: string };
export type ShardAnswer = { count: number; hits: ShardHit[] };
export type ShardStatus = { ready: boolean; loadedDocs: number };

/** What the directory search asks of each part of the index, in this thread or a worker's. */
export interface SearchShard {
  readonly status: ShardStatus;
  /** Begins loading; resolves when this thread's part is loaded (a worker's at once: see status). */
  start(): Promise<void>;
  query(query: ShardQuery): Promise<ShardAnswer>;
  /** Every word starting with `prefix`, with how many postings it has here. */
  expand(prefix: string, state: ReadModelState | null): Promise<WordFrequency[]>;
  /** Every value of the filter starting with `prefix` that has holders here. */
  suggest(field: SuggestedField, prefix: string, state: ReadModelState | null): Promise<KeyedSuggestion[]>;
  stop(): Promise<void>;
}

/** A query's matches in one index, with what orders them among other parts' (sortKeyOf). */
export function shardAnswer(index: SearchIndex, { query, fromSeq }: Omit<ShardQuery, 'state'>): ShardAnswer {
  const fromDoc = fromSeq === undefined ? undefined : index.firstDocFromSeq(fromSeq);
  if (fromDoc !== undefined && fromDoc >= index.size) return { count: 0, hits: [] };
  const result = runQuery(index, fromDoc === undefined ? query : { ...query, fromDoc });
  const sort: SortOrder = query.sort === 'relevance' ? 'verified' : query.sort;
  const hits = result.docs.map((doc, i) => ({
    seq: index.seqOf(doc),
    id: index.idOf(doc),
    score: result.scores?.[i] ?? 0,
    ...index.sortKeyOf(sort, doc),
  }));
  return { count: result.count, hits };
}

/** A worker's last request: stop syncing and finish a snapshot being written. */
export const STOP = 'stop';

export type ShardRequest =
  | ({ kind: 'query' } & ShardQuery)
  | { kind: 'expand'; prefix: string; state: ReadModelState | null }
  | { kind: 'suggest'; field: SuggestedField; prefix: string; state: ReadModelState | null };
