import { WorkspaceMessages } from '@healthtal/contracts';
import { DomainError } from '../shared/domain-error';

/**
 * No such list, a deleted one, or someone else's: all three answer 404, so a list id never tells a
 * caller that another user's list exists.
 */
export class ListNotFound extends DomainError {
  readonly status = 404;
  readonly title = WorkspaceMessages.listNotFound;
  constructor() {
    super(WorkspaceMessages.listNotFound);
  }
}

/** Adding would take the list past ListLimits.membersMax; nothing is added. */
export class ListFull extends DomainError {
  readonly status = 400;
  readonly title = 'Your request has invalid fields';
  override readonly errors: Record<string, string>;

  constructor(room: number) {
    const message = WorkspaceMessages.listFull(room);
    super(message);
    this.errors = { candidateIds: message };
  }
}

/** No such saved search, a deleted one, or someone else's (404, like lists). */
export class SavedSearchNotFound extends DomainError {
  readonly status = 404;
  readonly title = WorkspaceMessages.savedSearchNotFound;
  constructor() {
    super(WorkspaceMessages.savedSearchNotFound);
  }
}
