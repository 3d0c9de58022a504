import type { SearchErrorLogDeleted, SearchFailed } from '@healthtal/contracts';
import type { z } from 'zod';
import type { Decider } from '../shared/command-handler';
import { DomainError } from '../shared/domain-error';

type Failure = z.infer<typeof SearchFailed>['data'];

export type RecordSearchFailure = { type: 'RecordSearchFailure' } & Failure;
export type DeleteSearchErrorLog = { type: 'DeleteSearchErrorLog'; logId: string; deletedBy: string };
export type SearchErrorLogCommand = RecordSearchFailure | DeleteSearchErrorLog;
export type SearchErrorLogEvent = z.infer<typeof SearchFailed> | z.infer<typeof SearchErrorLogDeleted>;
export type SearchErrorLogState = { status: 'none' } | { status: 'logged' } | { status: 'deleted' };

export class SearchErrorLogNotFound extends DomainError {
  readonly status = 404;
  readonly title = 'Search error log not found';
}

/**
 * One entry of the search error log (a stream per entry): recorded once, deleted once by an admin.
 * Recording it again (a retried command) adds nothing; deleting an entry that is not there is a 404.
 */
export const searchErrorLogDecider: Decider<SearchErrorLogCommand, SearchErrorLogState, SearchErrorLogEvent> =
  {
    initialState: { status: 'none' },
    evolve: (_state, event) => {
      switch (event.type) {
        case 'SearchFailed':
          return { status: 'logged' };
        case 'SearchErrorLogDeleted':
          return { status: 'deleted' };
      }
    },
    decide: (command, state) => {
      switch (command.type) {
        case 'RecordSearchFailure': {
          if (state.status !== 'none') return [];
          const { type: _type, ...data } = command;
          return [{ type: 'SearchFailed', data }];
        }
        case 'DeleteSearchErrorLog': {
          if (state.status !== 'logged')
            throw new SearchErrorLogNotFound('No such entry in the search error log.');
          return [
            { type: 'SearchErrorLogDeleted', data: { logId: command.logId, deletedBy: command.deletedBy } },
          ];
        }
      }
    },
  };
