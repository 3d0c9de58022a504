import {
  type EnrolmentView,
  humanDateTime,
  SequenceMessages,
  type SequenceProgress,
  type SequenceView,
} from '@healthtal/contracts';

/** When a step goes, in words: "at once", "2 business days after step 1". */
export const stepWaitText = (waitBusinessDays: number, index: number): string =>
  waitBusinessDays === 0
    ? index === 0
      ? 'at once'
      : `the same day as step ${index}`
    : `${waitBusinessDays} business ${waitBusinessDays === 1 ? 'day' : 'days'} after step ${index}`;

/** The progress figures, in the order a recruiter reads them; waiting on the cap says until when. */
export function progressFigures(progress: SequenceProgress): { label: string; value: string }[] {
  const until = progress.waitingOnCapUntil ? ` (until ${humanDateTime(progress.waitingOnCapUntil)})` : '';
  return [
    { label: 'Enrolled', value: String(progress.enrolled) },
    { label: 'Sent', value: String(progress.sent) },
    { label: 'Completed', value: String(progress.completed) },
    { label: 'Waiting on cap', value: `${progress.waitingOnCap}${until}` },
    { label: 'Unsubscribed', value: String(progress.unsubscribed) },
    { label: 'Removed', value: String(progress.removed) },
    { label: 'Replied', value: String(progress.replied) },
    { label: 'Bounced', value: String(progress.bounced) },
  ];
}

/** The ISO moments in the server's words ("… until 2031-01-13T14:30:00.000Z"), shown as local times. */
const ISO_IN_TEXT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g;
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Where one recipient is: due, sent step k, waiting (and why), opted out, removed, done. */
export function recipientStatusText(recipient: EnrolmentView, sequence: SequenceView): string {
  const total = sequence.steps.length;
  switch (recipient.status) {
    case 'active': {
      if (recipient.optOut) return capitalised(recipient.optOut);
      if (recipient.waiting) return capitalised(recipient.waiting.replace(ISO_IN_TEXT, humanDateTime));
      const next = (recipient.nextStep ?? 0) + 1;
      const due = recipient.nextDueAt ? ` ${humanDateTime(recipient.nextDueAt)}` : '';
      return recipient.stepsSent === 0
        ? `Step 1 of ${total} due${due}`
        : `Sent step ${recipient.stepsSent} of ${total}; step ${next} due${due}`;
    }
    case 'completed':
      return `Sent all ${total} ${total === 1 ? 'step' : 'steps'}`;
    case 'removed':
      return `Removed after ${recipient.stepsSent} of ${total} sent`;
    case 'opted-out':
      return `Opted out: ${SequenceMessages.optedOut}`;
    case 'stopped':
      return 'Stopped: no email address on file any more';
    case 'replied':
      return `Replied after ${recipient.stepsSent} of ${total} sent`;
    case 'bounced':
      return `Bounced after ${recipient.stepsSent} of ${total} sent: the address does not take mail`;
    default:
      // A status this page does not know yet (a newer server): its name says enough.
      return capitalised(String(recipient.status));
  }
}
