import { z } from 'zod';
/**
 * Outreach sequences (issue 36): a recruiter's 1–5 emails to each enrolled recipient, each sent a
 * number of business days after the one before, inside a send window in the recipient's time zone.
 */
export const SequenceLimits = {
  stepsMin: 1,
  stepsMax: 5,
  /** Business days before a step (step 1 waits 0). */
  waitMax: 30,
  nameMax: 120,
  /** Recipients one enrolment request may name. */
  recipientsMax: 1000,
} as const;

/** What the operator may change by configuration; these are the defaults. */
export const SequenceDefaults = {
  /** No clinician gets more than this many sequence emails from all customers in any 7 days. */
  contactCapPerWeek: 3,
  /** Sequence emails one recruiter sends per UTC day. */
  dailySendsPerRecruiter: 200,
  /** The send window, in the recipient's local time: from 9:00 up to 17:00, Monday to Friday. */
  windowStartHour: 9,
  windowEndHour: 17,
  /** Said plainly until the operator sets SENDER_POSTAL_ADDRESS: CAN-SPAM wants a real one. */
  postalAddress: 'HealthTal (postal address not configured: set SENDER_POSTAL_ADDRESS)',
} as const;

export const CONTACT_CAP_DAYS = 7;

export const SequenceMessages = {
  sequenceNotFound: 'Sequence not found',
  stepsRequired: `A sequence has ${SequenceLimits.stepsMin} to ${SequenceLimits.stepsMax} steps.`,
  firstStepWaits: 'The first step is sent at once: its wait must be 0 business days.',
  enrolTarget: 'Enrol either a list (listId) or a selection of candidates (candidateIds), not both.',
  sequencePaused: 'This sequence is paused: resume it to enrol recipients.',
  recipientNotEnrolled: 'This candidate is not enrolled in this sequence.',
  /** Shown to recruiters for a clinician with a global opt-out. */
  optedOut: 'does not want recruiting email',
  waitingOnCap: (until: string) => `waiting on the contact cap until ${until}`,
  waitingOnDailyLimit: (until: string) => `waiting on your daily sending limit until ${until}`,
  unsubscribed: 'You will not receive recruiting email through HealthTal again.',
  /** The reply inbox with nothing in it yet. */
  noReplies:
    'No replies yet. When a recipient answers a sequence email, the reply shows here and the sequence stops for them.',
  repliesFailed: 'Could not load replies. Please try again.',
  unsubscribeInvalid:
    'This unsubscribe link is not valid. Use the link in the latest email, or ask for removal at /remove.',
} as const;

/**
 * The time zone of each US state, territory and Canadian province by its two-letter code: where a
 * state spans two, the one most of its people live in.
 */
export const STATE_TIME_ZONES: Readonly<Record<string, string>> = {
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise',
  IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  KY: 'America/New_York',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
  PR: 'America/Puerto_Rico',
  GU: 'Pacific/Guam',
  VI: 'America/St_Thomas',
  AS: 'Pacific/Pago_Pago',
  MP: 'Pacific/Saipan',
  AB: 'America/Edmonton',
  BC: 'America/Vancouver',
  MB: 'America/Winnipeg',
  NB: 'America/Moncton',
  NL: 'America/St_Johns',
  NS: 'America/Halifax',
  NT: 'America/Yellowknife',
  NU: 'America/Iqaluit',
  ON: 'America/Toronto',
  PE: 'America/Halifax',
  QC: 'America/Toronto',
  SK: 'America/Regina',
  YT: 'America/Whitehorse',
};

/** Where the practice state is unknown: the zone most of the country's people live in. */
export const DEFAULT_TIME_ZONE = 'America/New_York';

export const timeZoneOfState = (state: string | null | undefined): string =>
  STATE_TIME_ZONES[(state ?? '').trim().toUpperCase()] ?? DEFAULT_TIME_ZONE;

export type SendWindow = { startHour: number; endHour: number };
const DEFAULT_WINDOW: SendWindow = {
  startHour: SequenceDefaults.windowStartHour,
  endHour: SequenceDefaults.windowEndHour,
};

const HALF_HOUR = 30 * 60_000;
const DAY = 24 * 60 * 60_000;

/** The weekday (0 Sunday … 6 Saturday) and the hour and minute at this instant in this zone. */
function localTime(at: Date, zone: string): { weekday: number; hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday'));
  return { weekday, hour: Number(part('hour')), minute: Number(part('minute')) };
}

const isWeekday = (weekday: number) => weekday >= 1 && weekday <= 5;

/** Whether a message may go out at this instant: a weekday, inside the window, in the recipient's zone. */
export function inSendWindow(at: Date, zone: string, window: SendWindow = DEFAULT_WINDOW): boolean {
  const local = localTime(at, zone);
  return isWeekday(local.weekday) && local.hour >= window.startHour && local.hour < window.endHour;
}

/**
 * The first instant at or after `from` inside the send window. Every zone's offset is a whole
 * number of half hours, so the window opens on a half-hour boundary of UTC: stepping by half hours
 * finds it (at most a long weekend's worth of steps).
 */
export function nextSendTime(from: Date, zone: string, window: SendWindow = DEFAULT_WINDOW): Date {
  if (inSendWindow(from, zone, window)) return from;
  let at = new Date(Math.floor(from.getTime() / HALF_HOUR) * HALF_HOUR + HALF_HOUR);
  for (let i = 0; i < 8 * 48 && !inSendWindow(at, zone, window); i++) at = new Date(at.getTime() + HALF_HOUR);
  return at;
}

/** `days` business days (weekdays in the recipient's zone) after `from`, at the same time of day. */
export function addBusinessDays(from: Date, days: number, zone: string): Date {
  let at = from;
  for (let left = days; left > 0; ) {
    at = new Date(at.getTime() + DAY);
    if (isWeekday(localTime(at, zone).weekday)) left--;
  }
  return at;
}

/** When a step waiting `waitBusinessDays` after `from` is due: that many business days on, in the window. */
export const stepDueAt = (from: Date, waitBusinessDays: number, zone: string, window?: SendWindow): Date =>
  nextSendTime(addBusinessDays(from, waitBusinessDays, zone), zone, window);

/**
 * How a clinician asked for no recruiting email from anyone: one-click from the mail client, the
 * unsubscribe page, or the removal page (ADR 0068).
 */
export const OptOutVia = z.enum(['one-click', 'unsubscribe-page', 'removal-page']);
export type OptOutVia = z.infer<typeof OptOutVia>;
