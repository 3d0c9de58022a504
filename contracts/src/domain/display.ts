/**
 * How values read to a recruiter (issue 17, "data labels a recruiter trusts"): dates, where a
 * record came from, whether an email may be revealed. Pure and browser-safe; the web apps and the
 * server share them so a value reads the same on every screen.
 */
import type { EmailStatus } from './directory';
import { CMS_DAC_SOURCE, NPI_REGISTRY_SOURCE } from './npi-registry';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const US_SHORT: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };

/**
 * Dates as the spec shows them: en-US, short month ("Nov 3, 2026"). A calendar day without a time
 * ("2024-02-15", the registry's dates) is that day wherever the browser is: read as UTC, shown as
 * UTC, so a recruiter in California does not see Feb 14. Text that is not a date is shown as given.
 */
export function humanDate(value: string | Date): string {
  if (value instanceof Date) return value.toLocaleDateString('en-US', US_SHORT);
  const text = value.trim();
  // Only ISO text is a date here: browsers read "since 2019?" as Jan 1, 2019.
  const time = DATE_ONLY.test(text) || ISO_MOMENT.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(time)) return text;
  return new Date(time).toLocaleDateString(
    'en-US',
    DATE_ONLY.test(text) ? { ...US_SHORT, timeZone: 'UTC' } : US_SHORT,
  );
}

/** A moment with its time of day, in the browser's zone: "Jan 13, 2031, 9:30 AM". */
export const humanDateTime = (iso: string): string =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * An amount in cents as US dollars, the same in every mail, page and screen: "$2,995.00", or with
 * `wholeDollars` rounded to the dollar: "$2,995" (prices, chart axes).
 */
export function dollars(cents: number, { wholeDollars = false } = {}): string {
  return (cents / 100).toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    ...(wholeDollars ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
  });
}

/** "3 weeks ago", "today": how long ago something happened. */
export function timeAgo(iso: string, now: Date): string {
  const days = Math.floor((now.getTime() - new Date(iso).getTime()) / 86_400_000);
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  if (days < 1) return 'today';
  if (days < 7) return plural(days, 'day');
  if (days < 35) return plural(Math.floor(days / 7), 'week');
  if (days < 365) return plural(Math.max(1, Math.floor(days / 30.44)), 'month');
  return plural(Math.floor(days / 365.25), 'year');
}

/** The `source` values the directory's writers use (imports keep the file's own `source` column). */
const SYNTHETIC_SOURCE = 'synthetic';
const RESUME_SOURCE = 'resume';

const SOURCE_LABELS: Record<string, string> = {
  [SYNTHETIC_SOURCE]: 'Sample data',
  [NPI_REGISTRY_SOURCE.toLowerCase()]: 'NPI registry',
  nppes: 'NPI registry',
  [RESUME_SOURCE]: 'Submitted resume',
  csv: 'Imported file',
  [CMS_DAC_SOURCE]: 'CMS Doctors and Clinicians',
};

/**
 * Where a record came from, in a recruiter's words: "Sample data", "NPI registry", "Submitted
 * resume"; anything else came in through an import ("Imported file").
 */
export const sourceLabel = (source: string | null | undefined): string =>
  SOURCE_LABELS[source?.trim().toLowerCase() ?? ''] ?? 'Imported file';

/** Email status as a card shows it. */
export const EMAIL_STATUS_LABELS = {
  valid: 'Valid email',
  invalid: 'Email invalid',
  accept_all: 'Accept-all domain',
  unknown: 'Unverified email',
} as const satisfies Record<EmailStatus, string>;

/** An address known to bounce is not worth a reveal: the card shows "Email invalid" instead. */
export const emailRevealable = (hasEmail: boolean, status: EmailStatus): boolean =>
  hasEmail && status !== 'invalid';
