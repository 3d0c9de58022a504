import type { SuggestedField } from '@healthtal/contracts';
import type { KeyedSuggestion } from './filter-vocabulary';
import type { WordFrequency } from './search-index';
import type { SearchReplica } from './search-replica';
import {
  type ReadModelState,
  type SearchShard,
  type ShardAnswer,
  type ShardQuery,
  type ShardRequest,
  type ShardStatus,
  STATE_ON_ARRIVAL,
} from './search-shard';

/** The replica's answers as a shard: what a worker runs on its thread, or the API thread on its own. */
export async function answer(
  replica: SearchReplica,
  request: ShardRequest,
): Promise<ShardAnswer | WordFrequency[] | KeyedSuggestion[]> {
  await replica.catchUp(request.state === STATE_ON_ARRIVAL ? await replica.readState() : request.state);
  switch (request.kind) {
    case 'query':
      return replica.query(request);
    case 'expand':
      return replica.index.wordFrequencies(request.prefix);
    case 'suggest':
      return replica.index.filterValues.suggestAll(request.field, request.prefix, replica.index);
  }
}

/** The whole index on the API's own thread (SEARCH_WORKERS=0). */
export class InProcessShard implements SearchShard {
  constructor(readonly replica: SearchReplica) {}

  get status(): ShardStatus {
    return this.replica.status;
  }

  start(): Promise<void> {
    return this.replica.start();
  }

  async query(query: ShardQuery): Promise<ShardAnswer> {
    return (await answer(this.replica, { kind: 'query', ...query })) as ShardAnswer;
  }

  async expand(prefix: string, state: ReadModelState | null): Promise<WordFrequency[]> {
    return (await answer(this.replica, { kind: 'expand', prefix, state })) as WordFrequency[];
  }

  async suggest(
    field: SuggestedField,
    prefix: string,
    state: ReadModelState | null,
  ): Promise<KeyedSuggestion[]> {
    return (await answer(this.replica, { kind: 'suggest', field, prefix, state })) as KeyedSuggestion[];
  }

  stop(): Promise<void> {
    return this.replica.stop();
  }
}
