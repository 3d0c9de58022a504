import path from 'node:path';
import type { SuggestedField } from '@healthtal/contracts';
import type { KeyedSuggestion } from './filter-vocabulary';
import type { SearchIndex, SortOrder, WordFrequency } from './search-index';
import { distanceFrom } from './search-near';
import { type Held, type IndexQuery, runQuery } from './search-query';
import { readUuid } from './uuid-bytes';

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

/**
 * The shard reads the read model's state itself when the query reaches it (ShardQuery `state`): later
 * than the query's arrival, so it sees at least what the query must, and the caller's thread makes
 * one round trip to the database fewer. For a directory in one part; parts of one query share a state.
 */
export const STATE_ON_ARRIVAL = 'on arrival';

/**
 * A query for one shard: the first `query.limit` matches from the start, and from which seq on.
 * `toMerge`: the answer is merged with other shards', so it carries what orders its matches.
 */
export type ShardQuery = {
  query: IndexQuery;
  fromSeq?: number;
  state: ReadModelState | null | typeof STATE_ON_ARRIVAL;
  toMerge?: boolean;
};

/**
 * A shard's matches in result order, column by column (cheap to pass between threads): read-model
 * seqs, uuids as 16 bytes each, and, to merge with other shards' (search-index sortKeyOf), the
 * relevance scores, the sort keys and the name keys that break their ties.
 */
export type ShardAnswer = {
  count: number;
  seqs: number[];
  ids: Uint8Array;
  order: { scores: number[]; keys: (string | number)[]; names: string[] } | null;
  /** Each match's reasons, when the query asked for them (IndexQuery `reasons`). */
  held?: Held[];
};
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
export function shardAnswer(
  index: SearchIndex,
  { query, fromSeq, toMerge = false }: Omit<ShardQuery, 'state'>,
): ShardAnswer {
  const fromDoc = fromSeq === undefined ? undefined : index.firstDocFromSeq(fromSeq);
  if (fromDoc !== undefined && fromDoc >= index.size)
    return { count: 0, seqs: [], ids: new Uint8Array(0), order: toMerge ? emptyOrder() : null };
  const { count, docs, scores, held } = runQuery(
    index,
    fromDoc === undefined ? query : { ...query, fromDoc },
  );
  const ids = new Uint8Array(docs.length * 16);
  for (const [i, doc] of docs.entries()) index.copyIdOf(doc, ids, i * 16);
  const seqs = docs.map((doc) => index.seqOf(doc));
  const reasons = held ? { held } : {};
  if (!toMerge) return { count, seqs, ids, order: null, ...reasons };
  const sort: SortOrder = query.sort === 'relevance' || query.sort === 'distance' ? 'verified' : query.sort;
  // By distance, the key is the distance (ties by name key, then seq, as one index orders them).
  const distance = query.sort === 'distance' && query.near ? distanceFrom(index, query.near) : null;
  const order = emptyOrder();
  for (const [i, doc] of docs.entries()) {
    const { key: sortKey, name } = index.sortKeyOf(sort, doc);
    const key = distance ? distance(doc) : sortKey;
    order.scores.push(scores?.[i] ?? 0);
    order.keys.push(key);
    order.names.push(name);
  }
  return { count, seqs, ids, order, ...reasons };
}

const emptyOrder = (): NonNullable<ShardAnswer['order']> => ({ scores: [], keys: [], names: [] });

/** A match as the directory search gives it: seq and uuid, and its reasons when the query asked. */
export type Hit = { seq: number; id: string; held?: Held };

/** Match `i` of a shard's answer. */
export const hitOf = ({ seqs, ids, held }: ShardAnswer, i: number): Hit =>
  held ? { seq: seqs[i]!, id: readUuid(ids, i), held: held[i]! } : { seq: seqs[i]!, id: readUuid(ids, i) };

/** The answer's matches as the directory search gives them. */
export const hitsOf = (answer: ShardAnswer): Hit[] => answer.seqs.map((_, i) => hitOf(answer, i));

/** A worker's last request: stop syncing and finish a snapshot being written. */
export const STOP = 'stop';

export type ShardRequest =
  | ({ kind: 'query' } & ShardQuery)
  | { kind: 'expand'; prefix: string; state: ReadModelState | null }
  | { kind: 'suggest'; field: SuggestedField; prefix: string; state: ReadModelState | null };
