import {
  EMAIL_STATUS_LABELS,
  type EmailStatus,
  humanDate,
  type MatchReason,
  SEARCH_FIELDS,
  type SearchField,
  searchField,
  timeAgo,
} from '@healthtal/contracts';
import { filterValueLabel } from './search/results-table';

/**
 * Candidate cards, the profile and contact reveal (recruiter-directory §3, §4, §6, §8, §9): texts and
 * pure rules the search, profile and list screens share.
 */
/** Contact reveal, profile and demo texts (spec §4, §6, §8). */
export const RevealMessages = {
  viewEmail: 'View Email',
  viewPhone: 'View Phone',
  copied: 'Copied',
  subscriptionRequiredTitle: 'Subscription required',
  subscriptionRequired: 'You need an active subscription to view contact information',
  emailTooltip: 'Subscription required to view email',
  phoneTooltip: 'Subscription required to view phone number',
  loadFailedTitle: 'Failed to load contact information',
  loadFailed: 'Please try again later',
  // Ours (issue 37): where a refusal's toast leads.
  seePlans: 'See plans',
  copyEmailFailed: 'Failed to copy email',
  copyPhoneFailed: 'Failed to copy phone number',
  tryAgain: 'Please try again',
  copyFailedTitle: 'Copy Failed',
  copyFailed: 'Failed to copy to clipboard.',
  demoRestrictedTitle: 'Demo Account Restrictions',
  // Ours: the spec says a restriction message shows; the banner's sentence says what is restricted.
  demoRestricted: 'Contact information and exports are restricted on demo accounts.',
  profileErrorTitle: 'Error loading the profile',
  profileError: 'Failed to load healthcare worker data',
  unexpected: 'An unexpected error occurred',
  // Ours: the not-found state's words.
  notFound: 'This healthcare professional is not in the directory.',
  backToDirectory: 'Back to Directory',
  // Ours: the profile's load-failure state offers to ask again.
  tryAgainButton: 'Try again',
} as const;

// ---------------------------------------------------------------------------------------------
// Candidate card: spec §3.

const clean = (text: string | null | undefined) => {
  const t = text?.trim() ?? '';
  return t === '' || t === 'null' || t === 'NULL' || t === 'undefined' ? '' : t;
};

/** Full name, or first name plus last initial when full names are off. */
export function candidateName(
  first: string | null | undefined,
  last: string | null | undefined,
  showFullName = true,
): string {
  const f = clean(first);
  const l = clean(last);
  const shownLast = showFullName || l === '' ? l : `${l[0]!.toUpperCase()}.`;
  return [f, shownLast].filter(Boolean).join(' ') || 'Unnamed professional';
}

export function initialsOf(first: string | null | undefined, last: string | null | undefined): string {
  const letters = [clean(first)[0], clean(last)[0]].filter(Boolean).join('');
  return letters.toUpperCase() || '?';
}

/** The specialty badge's colour family, from keywords in the specialty (spec §3). */
export const SPECIALTY_TONES = [
  'surgery',
  'nursing',
  'pharmacy',
  'dental',
  'therapy',
  'mental-health',
  'physician',
  'other',
] as const;
export type SpecialtyTone = (typeof SPECIALTY_TONES)[number];

const TONE_KEYWORDS: [SpecialtyTone, RegExp][] = [
  ['surgery', /surg|anesth/i],
  ['nursing', /nurs|\brn\b|\blpn\b|midwi/i],
  ['pharmacy', /pharm/i],
  ['dental', /dent|orthodont/i],
  ['therapy', /therap|rehab/i],
  ['mental-health', /psych|behavio/i],
  ['physician', /physician|medicine|cardio|pediatr|oncol|radiol|neuro|derma|obgyn|gastro|emergency|family/i],
];

export function specialtyTone(specialty: string | null | undefined): SpecialtyTone {
  const text = clean(specialty);
  return TONE_KEYWORDS.find(([, pattern]) => pattern.test(text))?.[0] ?? 'other';
}

export const CARD_SKILLS_SHOWN = 5;

/** The first five skills, then "+N more". */
export function visibleSkills(skills: readonly string[]): { shown: string[]; more: string | null } {
  const shown = skills.slice(0, CARD_SKILLS_SHOWN);
  const rest = skills.length - shown.length;
  return { shown, more: rest > 0 ? `+${rest} more` : null };
}

/**
 * The provenance line HealthTal adds to a card: "Valid email · email verified 3 weeks ago". An
 * invalid address is labelled where its reveal button would be, so the line only says when it was
 * checked; an unverified or accept-all one says "checked", never "verified".
 */
export function emailProvenance(
  emailVerifiedAt: string | null,
  now: Date,
  status?: EmailStatus,
  hasEmail = true,
): string | null {
  if (!hasEmail) return null;
  const when = emailVerifiedAt ? timeAgo(emailVerifiedAt, now) : null;
  if (status === 'invalid') return when ? `email checked ${when}` : null;
  // Only a valid address was verified; an unverified or accept-all one was checked without a
  // verdict, so saying "verified" beside "Unverified email" would contradict the label (issue 37).
  const checked = when ? `email ${status && status !== 'valid' ? 'checked' : 'verified'} ${when}` : null;
  return [status ? EMAIL_STATUS_LABELS[status] : null, checked].filter(Boolean).join(' · ') || null;
}

/**
 * Why a result matched (issue 35), as one line: "State: Texas · Skills: BLS, ACLS · “charge” in
 * title"; a flag by its label ("Compact license"), a range as asked ("Years in practice: 5+ years").
 * Null when the search had nothing to say (no filter, no keyword).
 */
export function matchSummary(matched: readonly MatchReason[] | undefined): string | null {
  if (!matched || matched.length === 0) return null;
  return matched
    .map(({ field, label, values }) => {
      if (field === 'query') return `“${label}” in ${values.join(', ')}`;
      const filter = field as SearchField;
      if (!(field in SEARCH_FIELDS)) return `${label}: ${values.join(', ')}`;
      if (searchField(filter).kind === 'flag') return label;
      return `${label}: ${values.map((value) => filterValueLabel(filter, value)).join(', ')}`;
    })
    .join(' · ');
}

/** Dates as the spec shows them: en-US, short month ("Nov 3, 2026"); see humanDate. */
export const shortDate = (value: string): string => humanDate(value);

// ---------------------------------------------------------------------------------------------
// Revealed contacts (spec §3, §9): kept on this device for 24 hours.

export const REVEALED_CONTACT_TTL_MS = 86_400_000;
export const COPY_FEEDBACK_MS = 2000;

export const isRevealFresh = (fetchedAt: number, now: number): boolean =>
  now - fetchedAt >= 0 && now - fetchedAt < REVEALED_CONTACT_TTL_MS;
