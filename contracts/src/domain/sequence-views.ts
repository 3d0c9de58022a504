import { SequenceMessages } from './sequences';

/*
 * What the recruiter app says about sequences (issue 36). The spec has no sequences; these say what
 * happened and what to do next.
 */

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What an enrolment did, in the counts EnrolResult gives; each part only when it is not 0. */
export function enrolResultText(
  sequenceName: string,
  result: {
    enrolled: number;
    alreadyEnrolled: number;
    notRevealed: number;
    noEmail: number;
    optedOut: number;
  },
): string {
  const parts = [`Enrolled ${count(result.enrolled, 'recipient', 'recipients')} in “${sequenceName}”.`];
  if (result.alreadyEnrolled > 0)
    parts.push(`${count(result.alreadyEnrolled, 'was', 'were')} already enrolled.`);
  if (result.noEmail > 0) parts.push(`Skipped ${result.noEmail} with no email on file.`);
  if (result.optedOut > 0)
    parts.push(
      `Skipped ${result.optedOut} who opted out of recruiting email (${SequenceMessages.optedOut}).`,
    );
  if (result.notRevealed > 0)
    parts.push(
      `Skipped ${result.notRevealed} whose email you have not revealed: reveal their email, then enrol them again.`,
    );
  return parts.join(' ');
}

export const SequenceViewMessages = {
  /** On a card, a table row and the profile: the caller's last sequence email to this candidate. */
  contactedByYou: (date: string) => `Contacted by you on ${date}`,
  /** On a card, a row and the profile of a clinician with a global opt-out. */
  optedOut: `Opted out: ${SequenceMessages.optedOut}`,
  noSequences: 'No sequences yet. Make one, then enrol a list or a selection of candidates from Search.',
  noRecipients: 'No one is enrolled yet. Enrol a list from its page, or a selection from Search.',
  created: (name: string) => `Sequence “${name}” saved. Enrol a list or a selection to start sending.`,
  saved: (name: string) => `Sequence “${name}” saved. Steps not sent yet use the new text.`,
  paused: (name: string) => `“${name}” is paused: nothing of it is sent until you resume it.`,
  resumed: (name: string) => `“${name}” is resumed: steps that came due go out now.`,
  removed: (name: string) => `${name} was removed from the sequence: nothing more of it is sent to them.`,
  loadFailed: 'Could not load your sequences. Check your connection and reload the page.',
  saveFailed: 'Could not save the sequence. Check the fields and try again.',
  actionFailed: 'That did not work. Reload the page and try again.',
  enrolFailed: 'Could not enrol them. Reload the page and try again.',
  chooseSequence: 'Choose a sequence to enrol them in.',
  /** Enrol with no sequence made yet. */
  makeOneFirst: 'You have no sequences yet: make one on the Sequences page first.',
} as const;
