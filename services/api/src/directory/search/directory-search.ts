import type { FilterSuggestion, SearchRequest, SuggestedField } from '@healthtal/contracts';
import type pg from 'pg';
import type { Logger } from 'pino';
import { firstSeqImportedAfter } from '../candidates.queries';
import { bySuggestionOrder, type KeyedSuggestion, type Spelling, usualSpelling } from './filter-vocabulary';
import { InProcessShard } from './in-process-shard';
import { mostFrequent, type WordFrequency } from './search-index';
import { type IndexQuery, PREFIX_EXPANSION, prefixForms } from './search-query';
import { readModelState, SearchReplica } from './search-replica';
import { toIndexQuery } from './search-request';
import {
  type Hit,
  hitOf,
  hitsOf,
  type SearchShard,
  type ShardAnswer,
  STATE_ON_ARRIVAL,
  snapshotFileOf,
} from './search-shard';
import { keepSnapshotsPrivate } from './search-snapshot';
import { isBlankSortKey } from './search-terms';
import { WorkerShard } from './search-workers';

/** A page of matches in result order, and how many there are in all. */
export type SearchPage = { count: number; hits: Hit[] };

/**
 * The directory's search: an in-memory index of the `directory` read model (ADR 0008), on the API's
 * own thread (`workers` 0) or split by seq across `workers` worker threads that answer in parallel,
 * so search uses every core and never blocks the API's event loop (ADR 0027). With `snapshotDir`,
 * each part saves its index there and starts from it, catching up from its revision. Each search
 * reads the read model's revision (a directory in one part reads it on the part's own thread, as the
 * query reaches it), and a part behind it catches up before answering: a search sees every
 * candidate the read model had when it arrived.
 */
export class DirectorySearch {
  private readonly shards: SearchShard[];

  private readonly snapshotDir: string | null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly logger: Logger,
    { workers = 0, snapshotDir = null }: { workers?: number; snapshotDir?: string | null } = {},
  ) {
    this.snapshotDir = snapshotDir;
    const whole = { part: 0, of: 1 };
    this.shards =
      workers === 0
        ? [
            new InProcessShard(
              new SearchReplica(
                pool,
                logger,
                whole,
                undefined,
                snapshotDir && snapshotFileOf(snapshotDir, whole),
              ),
            ),
          ]
        : Array.from(
            { length: workers },
            (_, part) => new WorkerShard(pool, { part, of: workers }, logger, snapshotDir),
          );
  }

  /** Every part of the index is loaded. */
  get ready(): boolean {
    return this.shards.every((shard) => shard.status.ready);
  }

  get loadedDocs(): number {
    return this.shards.reduce((total, shard) => total + shard.status.loadedDocs, 0);
  }

  /** Loads the index and keeps it in step with the read model in the background. */
  async start(): Promise<void> {
    // A snapshot directory this user cannot make private is still used, as before, and said so.
    if (this.snapshotDir)
      await keepSnapshotsPrivate(this.snapshotDir).catch((error: unknown) =>
        this.logger.warn({ err: error, dir: this.snapshotDir }, 'search index snapshots not made private'),
      );
    await Promise.all(this.shards.map((shard) => shard.start()));
  }

  async stop(): Promise<void> {
    await Promise.all(this.shards.map((shard) => shard.stop()));
  }

  /**
   * Matches `offset` to `offset + limit` of a search; `reasons`: each hit says which of these checks
   * it holds (match-reasons.ts). With `addedSince`, only candidates from the read-model seq of the
   * first one imported after it (seq follows import order): none when nobody arrived since.
   */
  async find(
    request: SearchRequest,
    { offset, limit, reasons }: { offset: number; limit: number; reasons?: string[][][] },
  ): Promise<SearchPage> {
    const query = toIndexQuery(request, { offset, limit, ...(reasons ? { reasons } : {}) });
    const fromSeq =
      request.addedSince === undefined
        ? undefined
        : await firstSeqImportedAfter(this.pool, new Date(request.addedSince));
    if (fromSeq === null) return { count: 0, hits: [] };
    const at = fromSeq === undefined ? {} : { fromSeq };
    if (this.shards.length === 1) {
      const answer = await this.shards[0]!.query({ query, state: STATE_ON_ARRIVAL, ...at });
      return { count: answer.count, hits: hitsOf(answer) };
    }
    const state = await readModelState(this.pool);
    // Each part answers its first offset + limit; the page is cut from their merge.
    const lastWord = query.words.at(-1);
    const forms =
      query.prefixLast && lastWord && lastWord.length >= 3
        ? {
            lastWordForms: lastWordForms(
              lastWord,
              await Promise.all(this.shards.map((shard) => shard.expand(lastWord, state))),
            ),
          }
        : {};
    const whole = { ...query, offset: 0, limit: offset + limit, ...forms };
    const answers = await Promise.all(
      this.shards.map((shard) => shard.query({ query: whole, state, toMerge: true, ...at })),
    );
    return mergePages(query, answers, offset, limit);
  }

  /** The ids a search matches, in result order, at most `cap` (Select All, export of a whole search). */
  async ids(request: SearchRequest, cap: number): Promise<{ ids: string[]; count: number }> {
    const { count, hits } = await this.find(request, { offset: 0, limit: cap });
    return { ids: hits.map((hit) => hit.id), count };
  }

  /** The values of a typed filter starting with `prefix`, with their holders, most first. */
  async suggest(field: SuggestedField, prefix: string, limit: number): Promise<FilterSuggestion[]> {
    const state = await readModelState(this.pool);
    const answers = await Promise.all(this.shards.map((shard) => shard.suggest(field, prefix, state)));
    const merged = answers.length === 1 ? answers[0]! : mergeSuggestions(answers);
    return merged.slice(0, limit).map(({ value, count }) => ({ value, count }));
  }
}

/**
 * A last word typed as a prefix stands for the same words in every part: the most frequent ones
 * over the whole directory, as one index would pick them (search-index wordsStartingWith), from
 * each part's words starting with it.
 */
export function lastWordForms(word: string, found: readonly WordFrequency[][]): string[] {
  const frequencies = new Map<string, number>();
  for (const part of found)
    for (const { word: form, n } of part) frequencies.set(form, (frequencies.get(form) ?? 0) + n);
  const forms = [...frequencies.keys()].sort();
  const expansions =
    forms.length <= PREFIX_EXPANSION
      ? forms
      : mostFrequent(
          forms.map((form) => ({ word: form, n: frequencies.get(form)! })),
          PREFIX_EXPANSION,
        );
  return prefixForms(word, expansions);
}

/**
 * Matches `offset` to `offset + limit` of the parts' answers (each its first `offset + limit`, in
 * result order), in one index's order: the parts' lists merged, taking the first of their heads each
 * time, so only the page's matches become uuids.
 */
export function mergePages(
  query: IndexQuery,
  answers: readonly ShardAnswer[],
  offset: number,
  limit: number,
): SearchPage {
  const before = headOrder(query, answers);
  const at = answers.map(() => 0);
  const hits: SearchPage['hits'] = [];
  for (let place = 0; place < offset + limit; place++) {
    let first = -1;
    for (let part = 0; part < answers.length; part++) {
      if (at[part]! >= answers[part]!.seqs.length) continue;
      if (first < 0 || before(part, at[part]!, first, at[first]!)) first = part;
    }
    if (first < 0) break;
    const i = at[first]!++;
    if (place >= offset) hits.push(hitOf(answers[first]!, i));
  }
  return { count: answers.reduce((total, answer) => total + answer.count, 0), hits };
}

/**
 * Whether match `i` of part `a` comes before match `j` of part `b` in one index's order (search-query
 * runQuery), from what the parts send: by relevance score, then most recently verified; or by the
 * sort's key; equal keys by name key, then seq.
 */
function headOrder(
  query: IndexQuery,
  answers: readonly ShardAnswer[],
): (a: number, i: number, b: number, j: number) => boolean {
  const orders = answers.map((answer) => {
    if (!answer.order) throw new Error('a part answered without what orders its matches');
    return answer.order;
  });
  const byKey = (a: number, i: number, b: number, j: number) => {
    const [x, y] = [orders[a]!, orders[b]!];
    const [kx, ky] = [x.keys[i]!, y.keys[j]!];
    if (kx !== ky) return kx < ky ? -1 : 1;
    const [nx, ny] = [x.names[i]!, y.names[j]!];
    if (nx !== ny) return nx < ny ? -1 : 1;
    return answers[a]!.seqs[i]! - answers[b]!.seqs[j]!;
  };
  if (query.sort === 'relevance' && query.words.length > 0)
    return (a, i, b, j) => (orders[b]!.scores[j]! - orders[a]!.scores[i]! || byKey(a, i, b, j)) < 0;
  if (query.direction === 'asc') return (a, i, b, j) => byKey(a, i, b, j) < 0;
  // Descending, those without a value still come last, in their ascending order (search-query firstMatches).
  const blank = (a: number, i: number) => isBlankSortKey(orders[a]!.keys[i]!);
  return (a, i, b, j) => {
    const [x, y] = [blank(a, i), blank(b, j)];
    if (x !== y) return y;
    return x ? byKey(a, i, b, j) < 0 : byKey(b, j, a, i) < 0;
  };
}

/**
 * One value's holders are the sum of its holders in every part, and its spelling the one seen most
 * over all parts (equally often: seen first), as one index would count them.
 */
export function mergeSuggestions(answers: KeyedSuggestion[][]): KeyedSuggestion[] {
  const merged = new Map<string, { count: number; spellings: Map<string, Spelling> }>();
  for (const answer of answers) {
    for (const { key, count, spellings } of answer) {
      const value = merged.get(key) ?? { count: 0, spellings: new Map<string, Spelling>() };
      merged.set(key, value);
      value.count += count;
      for (const [text, { n, first }] of spellings) {
        const known = value.spellings.get(text);
        value.spellings.set(
          text,
          known ? { n: known.n + n, first: Math.min(known.first, first) } : { n, first },
        );
      }
    }
  }
  return [...merged]
    .map(([key, { count, spellings }]) => ({
      key,
      count,
      value: usualSpelling(spellings),
      spellings: [...spellings],
    }))
    .sort(bySuggestionOrder);
}
