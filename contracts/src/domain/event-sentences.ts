import type { HealthTalEvent, HealthTalEventType } from '../events';
import { DELIVERY_REPORT_SOURCE } from './candidate-fields';
import { PLANS, type PriceId } from './plans';

/**
 * The names a sentence needs, resolved by whoever tells it (the API, from the read models): a user
 * as "Anna Lee (anna@x.com)" (or the address alone), a candidate as "Dr. Sam Ortiz". An id nobody
 * can name any more (an erased person) reads as "a deleted user" / "a removed candidate".
 */
export type EventNames = {
  /** Whoever the event's metadata names as having caused it; "HealthTal" for the system itself. */
  readonly actor: string;
  user(id: string | null | undefined): string;
  candidate(id: string | null | undefined): string;
};

type DataOf<T extends HealthTalEventType> = Extract<HealthTalEvent, { type: T }>['data'];
type Sentences = { readonly [T in HealthTalEventType]: (data: DataOf<T>, names: EventNames) => string };

/** "Bo's", "James'". */
export const possessive = (name: string) => (/s$/i.test(name) ? `${name}'` : `${name}'s`);
const plan = (priceId: PriceId) => PLANS[priceId].name;
const day = (iso: string) => iso.slice(0, 10);
const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
const reason = (text: string | undefined) => (text ? `: reason "${text}"` : '');
const OPT_OUT_WAYS = {
  'one-click': 'one-click unsubscribe',
  'unsubscribe-page': 'the unsubscribe page',
  'removal-page': 'the removal page',
} as const;
const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/**
 * Every event HealthTal writes, as a sentence an admin reads in a user's history (issue 37, finding
 * 15). The one place an event type becomes words: a type without a sentence does not compile, and a
 * test checks every type of `HealthTalEvent` has one. The raw event stays beside it for auditors.
 */
export const EVENT_SENTENCES: Sentences = {
  // identity
  UserRegistered: (d, n) => `${n.user(d.userId)} signed up${d.source ? ` (heard of us: ${d.source})` : ''}`,
  EmailVerified: (d, n) => `${n.user(d.userId)} verified their email address`,
  UserSignedIn: (d, n) => `${n.user(d.userId)} signed in`,
  PasswordChanged: (d, n) =>
    d.reason === 'reset'
      ? `${n.user(d.userId)} reset their password with an emailed link`
      : `${n.user(d.userId)} changed their password`,
  ProfileUpdated: (d, n) => `${n.user(d.userId)} updated their profile`,
  NotificationPreferencesChanged: (d, n) => `${n.user(d.userId)} changed their email notification settings`,
  AdminRoleGranted: (d, n) => `${n.user(d.grantedBy)} made ${n.user(d.userId)} an admin`,
  AdminRoleRevoked: (d, n) => `${n.user(d.revokedBy)} took the admin role from ${n.user(d.userId)}`,
  UserDeleted: (d, n) => `${n.user(d.deletedBy)} deleted the account of ${n.user(d.userId)}`,
  PersonalDataErased: () =>
    'The personal data was erased: names, emails and phone numbers can no longer be read',
  VerificationMailSent: (d, n) => `${n.user(d.sentBy)} sent ${n.user(d.userId)} a new verification link`,
  PasswordResetMailSent: (d, n) => `${n.user(d.sentBy)} sent ${n.user(d.userId)} a password reset link`,
  EmailClaimed: (d, n) => `The email address was reserved for ${n.user(d.userId)}`,
  EmailReleased: (d, n) => `The email address of ${n.user(d.userId)} was released for a new sign-up`,
  // billing
  CheckoutStarted: (d, n) =>
    `${n.user(d.userId)} started a checkout of the ${plan(d.priceId)} plan${d.simulated ? ' (billing simulator)' : ''}`,
  SubscriptionActivated: (d, n) =>
    `${possessive(n.user(d.userId))} ${plan(d.priceId)} subscription started, paid through ${day(d.currentPeriodEnd)}`,
  SubscriptionRenewed: (d, n) =>
    `${possessive(n.user(d.userId))} subscription renewed, paid through ${day(d.currentPeriodEnd)}`,
  SubscriptionPlanChanged: (d, n) =>
    d.changedBy
      ? `${n.user(d.changedBy)} changed ${possessive(n.user(d.userId))} plan to ${plan(d.priceId)}${reason(d.reason)}`
      : `${n.user(d.userId)} moved to the ${plan(d.priceId)} plan`,
  SubscriptionCanceled: (d, n) =>
    `${n.user(d.userId)} canceled their subscription; access lasts until ${day(d.endsAt)}`,
  SubscriptionExpired: (d, n) => `${possessive(n.user(d.userId))} subscription ended: back on the free tier`,
  PaymentFailed: (d, n) =>
    `A payment of ${possessive(n.user(d.userId))} subscription failed (attempt ${d.attempt})`,
  SubscriptionRefunded: (d, n) =>
    `${n.user(d.refundedBy)} refunded ${n.user(d.userId)} ${dollars(d.amount)}; the subscription ended`,
  RefundRequested: (d, n) => `${n.user(d.userId)} asked for a refund${reason(d.reason ?? undefined)}`,
  RefundApproved: (d, n) => `${n.user(d.approvedBy)} approved ${possessive(n.user(d.userId))} refund request`,
  RefundRejected: (d, n) =>
    `${n.user(d.rejectedBy)} rejected ${possessive(n.user(d.userId))} refund request${reason(d.reason)}`,
  // access
  DemoAccessGranted: (d, n) =>
    `${n.user(d.grantedBy)} gave ${n.user(d.userId)} demo access ${d.expiresAt ? `until ${day(d.expiresAt)}` : 'with no end'}${d.maxUses ? `, ${plural(d.maxUses, 'use')}` : ''}${d.notes ? ` (${d.notes})` : ''}`,
  DemoAccessRevoked: (d, n) =>
    `${n.user(d.revokedBy)} revoked ${d.grantId ? 'a demo grant' : 'every demo grant'} of ${n.user(d.userId)}`,
  DemoAccessUsed: (d, n) => `${n.user(d.userId)} used one use of their demo access`,
  // directory
  ExportStarted: (d, n) =>
    `${n.user(d.userId)} started exporting ${plural(d.rowsIntended, 'candidate')} to ${d.fileName} (${d.format.toUpperCase()})`,
  CandidatesExported: (d, n) =>
    `${n.user(d.userId)} exported ${plural(d.count, 'candidate')} to ${d.fileName} (${d.format.toUpperCase()}, ${d.outcome})`,
  CandidateImported: (d, n) => `${n.candidate(d.candidateId)} was added to the directory from ${d.source}`,
  CandidateUpdated: (d, n) =>
    d.source === DELIVERY_REPORT_SOURCE
      ? `${possessive(n.candidate(d.candidateId))} email was marked invalid for every customer: a delivery report said it bounced`
      : `${n.candidate(d.candidateId)} was updated from ${d.source}`,
  ImportCompleted: (d) => `An import from ${d.source} finished: ${plural(d.imported, 'candidate')}`,
  CandidateDeactivated: (d, n) =>
    `${n.candidate(d.candidateId)} was taken out of the directory (${d.source})`,
  CandidateReactivated: (d, n) => `${n.candidate(d.candidateId)} came back into the directory (${d.source})`,
  ContactRevealed: (d, n) =>
    `${n.user(d.userId)} revealed ${possessive(n.candidate(d.candidateId))} contact details${d.viaDemoGrant ? ' (demo access)' : ''}`,
  RevealCredited: (d, n) =>
    `${n.user(d.userId)} got back the reveal of ${possessive(n.candidate(d.candidateId))} contact details: the email bounced (${d.status})`,
  SearchFailed: (d, n) =>
    `A search by ${d.userId ? n.user(d.userId) : 'an anonymous visitor'} failed (${d.errorType})`,
  SearchErrorLogDeleted: (d, n) => `${n.user(d.deletedBy)} deleted a search error log entry`,
  // workspace
  ListCreated: (d, n) => `${n.user(d.ownerId)} created the list "${d.name}"`,
  CandidatesAddedToList: (d, n) => `${n.actor} added ${plural(d.candidateIds.length, 'candidate')} to a list`,
  CandidatesRemovedFromList: (d, n) =>
    `${n.actor} removed ${plural(d.candidateIds.length, 'candidate')} from a list`,
  ListRenamed: (d, n) => `${n.actor} renamed a list to "${d.name}"`,
  ListDeleted: (_d, n) => `${n.actor} deleted a list`,
  SearchSaved: (d, n) => `${n.user(d.ownerId)} saved the search "${d.name}"`,
  SavedSearchRenamed: (d, n) => `${n.actor} renamed a saved search to "${d.name}"`,
  SavedSearchOpened: (_d, n) => `${n.actor} opened a saved search`,
  SavedSearchDeleted: (_d, n) => `${n.actor} deleted a saved search`,
  // outreach
  EmailGenerated: (d, n) => `${n.user(d.userId)} generated a ${d.tone} outreach email`,
  EmailTemplateSaved: (d, n) => `${n.user(d.ownerId)} saved the email template "${d.name}"`,
  EmailTemplateDeleted: (d, n) => `${n.user(d.ownerId)} deleted an email template`,
  // outreach sequences (issue 36)
  SequenceCreated: (d, n) =>
    `${n.user(d.ownerId)} created the sequence "${d.name}" (${plural(d.steps.length, 'step')})`,
  SequenceEdited: (d, n) =>
    `${n.user(d.ownerId)} edited the sequence "${d.name}" (${plural(d.steps.length, 'step')})`,
  SequencePaused: (d, n) => `${n.user(d.ownerId)} paused a sequence`,
  SequenceResumed: (d, n) => `${n.user(d.ownerId)} resumed a sequence`,
  RecipientEnrolled: (d, n) =>
    `${n.user(d.ownerId)} enrolled ${n.candidate(d.candidateId)} in a sequence, first email due ${day(d.firstDueAt)}`,
  SequenceStepSent: (d, n) => `Step ${d.step + 1} of a sequence was emailed to ${n.candidate(d.candidateId)}`,
  SequenceStepDeferred: (d) =>
    `Step ${d.step + 1} of an enrolment waits until ${day(d.until)} (${
      d.reason === 'contact-cap'
        ? 'the weekly contact cap'
        : d.reason === 'daily-limit'
          ? 'the daily sending limit'
          : 'the send window'
    })`,
  RecipientRemoved: (d, n) => `${n.candidate(d.candidateId)} was removed from a sequence`,
  EnrolmentStopped: (d) =>
    `An enrolment stopped: ${d.reason === 'opted-out' ? 'the clinician opted out of recruiting email' : 'no email address to send to'}`,
  ClinicianEmailed: (d, n) =>
    `${n.user(d.senderId)} emailed ${n.candidate(d.candidateId)} (sequence step ${d.step + 1})`,
  ClinicianOptedOut: (d, n) =>
    `${n.candidate(d.candidateId)} opted out of recruiting email from every HealthTal customer (${OPT_OUT_WAYS[d.via]})`,
  SequenceReplyReceived: (d, n) =>
    `${n.candidate(d.candidateId)} replied to step ${d.step + 1} of a sequence by ${n.user(d.ownerId)}: the sequence stopped for them`,
  SequenceEmailBounced: (d, n) =>
    `Step ${d.step + 1} of a sequence by ${n.user(d.ownerId)} bounced at ${n.candidate(d.candidateId)} (${d.status})${
      d.addressInvalid ? ': the email was marked invalid and the reveal credited back' : ''
    }; the sequence stopped for them`,
  // intake
  ContactMessageReceived: (d) => `A contact message came in: "${d.subject}"`,
  ResumeSubmitted: (d) => `A resume was submitted for review (${d.title})`,
  ResumeApproved: (d, n) => `${n.user(d.approvedBy)} approved a resume: ${n.candidate(d.candidateId)}`,
  ResumeRejected: (d, n) => `${n.user(d.rejectedBy)} rejected a resume${reason(d.reason)}`,
  RemovalRequested: () => 'Someone asked for their data to be removed from the directory',
  RemovalConfirmed: (d) => `A removal was confirmed: ${plural(d.erased.length, 'candidate')} erased`,
  // site
  SiteSettingChanged: (d, n) => `${n.user(d.changedBy)} changed the site setting ${d.key}`,
  SiteImageUploaded: (d, n) => `${n.user(d.uploadedBy)} uploaded a new ${d.key} image`,
  SiteImageRemoved: (d, n) => `${n.user(d.removedBy)} removed the ${d.key} image`,
};

/** One event as a sentence; an unknown type (a newer writer) is named, never dropped. */
export function eventSentence(type: string, data: unknown, names: EventNames): string {
  const sentence = (EVENT_SENTENCES as Record<string, (data: unknown, names: EventNames) => string>)[type];
  return sentence ? sentence(data, names) : `${names.actor}: ${type}`;
}
