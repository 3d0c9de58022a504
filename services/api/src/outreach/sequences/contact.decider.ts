import { CONTACT_CAP_DAYS, type SequenceEventOf } from '@healthtal/contracts';
import type { Decider } from '../../shared/command-handler';
import { ClinicianOptedOutError, ContactCapReached } from './sequence-errors';

/** Takes one of the clinician's weekly slots for this (enrolment, step), or says why not. */
export type ReserveContact = {
  type: 'ReserveContact';
  candidateId: string;
  enrolmentId: string;
  step: number;
  senderId: string;
  now: Date;
  /** Sequence emails from all customers together in any CONTACT_CAP_DAYS days. */
  cap: number;
};
export type OptOut = {
  type: 'OptOut';
  candidateId: string;
  via: SequenceEventOf<'ClinicianOptedOut'>['data']['via'];
};
export type ContactCommand = ReserveContact | OptOut;
export type ContactEvent = SequenceEventOf<'ClinicianEmailed' | 'ClinicianOptedOut'>;

export type ContactState = {
  optedOut: boolean;
  /** Each slot taken: which step of which enrolment, and when. */
  emails: readonly { key: string; at: number }[];
};

const WINDOW_MS = CONTACT_CAP_DAYS * 24 * 60 * 60_000;
const slotKey = (enrolmentId: string, step: number) => `${enrolmentId}/${step}`;

function reserve(command: ReserveContact, state: ContactState): ContactEvent[] {
  const key = slotKey(command.enrolmentId, command.step);
  // The same step tried again (a retry after a crash): its slot is already taken.
  if (state.emails.some((email) => email.key === key)) return [];
  if (state.optedOut) throw new ClinicianOptedOutError();
  const now = command.now.getTime();
  const recent = state.emails
    .map((email) => email.at)
    .filter((at) => at > now - WINDOW_MS)
    .sort((a, b) => a - b);
  if (recent.length >= command.cap) {
    // A slot frees up when enough of the recent ones have left the window.
    throw new ContactCapReached(new Date(recent[recent.length - command.cap]! + WINDOW_MS));
  }
  const { candidateId, enrolmentId, step, senderId } = command;
  return [
    {
      type: 'ClinicianEmailed',
      data: { candidateId, enrolmentId, step, senderId, at: command.now.toISOString() },
    },
  ];
}

/**
 * One clinician's contact record across every HealthTal customer (stream `contact-<candidateId>`):
 * the rules that span customers — the weekly cap and the global opt-out — are decided here, so two
 * recruiters' sends to the same clinician at once meet on one stream's version and cannot both pass.
 */
export const contactDecider: Decider<ContactCommand, ContactState, ContactEvent> = {
  initialState: { optedOut: false, emails: [] },
  evolve: (state, event) => {
    switch (event.type) {
      case 'ClinicianEmailed':
        return {
          ...state,
          emails: [
            ...state.emails,
            { key: slotKey(event.data.enrolmentId, event.data.step), at: Date.parse(event.data.at) },
          ],
        };
      case 'ClinicianOptedOut':
        return { ...state, optedOut: true };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'ReserveContact':
        return reserve(command, state);
      case 'OptOut':
        if (state.optedOut) return [];
        return [{ type: 'ClinicianOptedOut', data: { candidateId: command.candidateId, via: command.via } }];
    }
  },
};
