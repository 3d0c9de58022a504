import {
  type RemovalConfirmed,
  RemovalMessages,
  type RemovalRequested,
  type RemovalRequestId,
} from '@healthtal/contracts';
import type { Decider } from '../shared/command-handler';
import { DomainError } from '../shared/domain-error';
import type { RemovalSubjects } from './removal-subjects';

export type RequestRemoval = {
  type: 'RequestRemoval';
  removalId: RemovalRequestId;
  email: string;
  emailHash: string;
  tokenHash: string;
  expiresAt: string;
};

/** `erased` and `suppressed`: what the directory and submissions hold for the address when confirmed. */
export type ConfirmRemoval = {
  type: 'ConfirmRemoval';
  tokenHash: string;
  at: string;
} & RemovalSubjects;

export type RemovalCommand = RequestRemoval | ConfirmRemoval;
export type RemovalEvent = RemovalRequested | RemovalConfirmed;
export type RemovalState =
  | { status: 'none' }
  | {
      status: 'requested';
      removalId: RemovalRequestId;
      email: string | null;
      emailHash: string;
      tokenHash: string;
      expiresAt: string;
    }
  | ({ status: 'confirmed' } & RemovalSubjects);

/** Every refusal shows the spec's one failure text; the title tells the cases apart. */
abstract class RemovalTokenRefused extends DomainError {
  override readonly errors = { token: RemovalMessages.failed };
  constructor() {
    super(RemovalMessages.failed);
  }
}

export class RemovalTokenInvalid extends RemovalTokenRefused {
  readonly status = 400;
  readonly title = 'Invalid removal token';
}

export class RemovalTokenUsed extends RemovalTokenRefused {
  readonly status = 409;
  readonly title = 'Removal already confirmed';
}

export class RemovalTokenExpired extends RemovalTokenRefused {
  readonly status = 400;
  readonly title = 'Removal link expired';
}

/**
 * Refuses a token of no request, of a request confirmed already, or past its expiry: what the
 * confirmation checks, and the opt-out the same link offers (ADR 0068).
 */
export function assertRemovalTokenUsable(
  state: RemovalState,
  tokenHash: string,
  at: string,
): asserts state is Extract<RemovalState, { status: 'requested' }> {
  if (state.status === 'none') throw new RemovalTokenInvalid();
  if (state.status === 'confirmed') throw new RemovalTokenUsed();
  if (state.tokenHash !== tokenHash) throw new RemovalTokenInvalid();
  if (Date.parse(at) >= Date.parse(state.expiresAt)) throw new RemovalTokenExpired();
}

/**
 * A removal request: requested once (a retry adds nothing), confirmed once with its token before it
 * expires. A second confirmation, an expired token or a token of no request is refused.
 */
export const removalRequestDecider: Decider<RemovalCommand, RemovalState, RemovalEvent> = {
  initialState: { status: 'none' },
  evolve: (state, event) => {
    switch (event.type) {
      case 'RemovalRequested': {
        return { status: 'requested', ...event.data };
      }
      case 'RemovalConfirmed': {
        const { erased, suppressed } = event.data;
        return state.status === 'none' ? state : { status: 'confirmed', erased, suppressed };
      }
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'RequestRemoval': {
        if (state.status !== 'none') return [];
        const { type: _type, ...data } = command;
        return [{ type: 'RemovalRequested', data }];
      }
      case 'ConfirmRemoval': {
        assertRemovalTokenUsable(state, command.tokenHash, command.at);
        return [
          {
            type: 'RemovalConfirmed',
            data: {
              removalId: state.removalId,
              erased: command.erased,
              suppressed: command.suppressed,
            },
          },
        ];
      }
    }
  },
};
