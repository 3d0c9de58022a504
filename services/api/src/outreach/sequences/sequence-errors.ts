import { SequenceMessages } from '@healthtal/contracts';
import { DomainError } from '../../shared/domain-error';

/** No such sequence, or someone else's: both 404, so an id tells nobody another user's sequence exists. */
export class SequenceNotFound extends DomainError {
  readonly status = 404;
  readonly title = SequenceMessages.sequenceNotFound;
  constructor() {
    super(SequenceMessages.sequenceNotFound);
  }
}

/** Enrolling into a paused sequence: resume it first. */
export class SequencePausedError extends DomainError {
  readonly status = 409;
  readonly title = 'Sequence paused';
  constructor() {
    super(SequenceMessages.sequencePaused);
  }
}

export class RecipientNotEnrolled extends DomainError {
  readonly status = 404;
  readonly title = 'Recipient not enrolled';
  constructor() {
    super(SequenceMessages.recipientNotEnrolled);
  }
}

/** The clinician opted out of recruiting email: nothing goes to them from anyone. */
export class ClinicianOptedOutError extends DomainError {
  readonly status = 409;
  readonly title = 'Opted out';
  constructor() {
    super(`This clinician ${SequenceMessages.optedOut}.`);
  }
}

/** Sending now would give the clinician more than the weekly cap; `until` is when a slot frees up. */
export class ContactCapReached extends DomainError {
  readonly status = 409;
  readonly title = 'Contact cap reached';
  constructor(readonly until: Date) {
    super(SequenceMessages.waitingOnCap(until.toISOString()));
  }
}
