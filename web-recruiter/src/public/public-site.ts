/**
 * Content and rules of the public site (spec: recruiter-directory.md "Home", admin-intake-outreach.md
 * "Specialties directory"). Kept here so the page and its tests read the same lists; the specialty
 * lists the server's tests check against the directory (FALLBACK_HOME_SPECIALTIES,
 * SPECIALTIES_A_TO_Z) are contracts' (specialties.ts).
 */
import { SEARCH_FILTER_COUNT, SEARCHABLE_PARAMETER_COUNT, SearchLimits } from '@healthtal/contracts';

/** The Home carousel: 14 kinds of customer (spec: scroll duration 12 s). */
export const CUSTOMER_TYPES = [
  'Hospital systems',
  'Staffing agencies',
  'Travel nurse agencies',
  'Locum tenens firms',
  'Physician practices',
  'Urgent care networks',
  'Telehealth companies',
  'Home health agencies',
  'Long-term care facilities',
  'Rehabilitation centers',
  'Behavioral health providers',
  'Retail pharmacies',
  'Academic medical centers',
  'Executive search firms',
] as const;
export const CAROUSEL_SCROLL_SECONDS = 12;

export const HOME_FAQ: readonly { question: string; answer: string }[] = [
  {
    question: 'Who is in the directory?',
    answer:
      'About 1.5 million US healthcare professionals: nurses, physicians, nurse practitioners, physician assistants, pharmacists, therapists and more.',
  },
  {
    question: 'How current are the contact details?',
    answer:
      'Emails and phones are verified on a rolling basis, and every card shows when its email was last verified.',
  },
  {
    question: 'What can I search by?',
    answer:
      'Free text plus a dozen filters: job title, specialty, skills, education, state, city, company, company size, revenue and industry.',
  },
  {
    question: 'What is the difference between Monthly and Annual?',
    answer:
      'Monthly gives full search and contact reveals. Annual adds CSV exports and a 30-day money-back guarantee, at a lower price per month.',
  },
  {
    question: 'Can I export candidates?',
    answer: 'Yes, on the Annual plan: export a search, a selection or a list as CSV.',
  },
  {
    question: 'Can I write outreach emails here?',
    answer:
      'Yes. The AI email generator drafts a recruiting email from your job title and description, and keeps your templates.',
  },
  {
    question: 'How do professionals get removed?',
    answer:
      'Anyone can ask for their information to be removed at Remove My Information; once they confirm by email, their data is erased within 30 days at most.',
  },
  {
    question: 'Can I cancel at any time?',
    answer:
      'Yes. Manage or cancel your subscription from Account Settings; it stays active until the end of the period.',
  },
];

/** The spec's marketing figures (recruiter-directory §1). */
export const HOME_METRICS: readonly { value: string; label: string }[] = [
  { value: '1.5M+', label: 'professionals' },
  { value: '30+', label: 'specialties' },
  // Counted from the search the product runs (issue 37, finding 19), not the spec's 12+ and 37.
  { value: String(SEARCH_FILTER_COUNT), label: 'search filters' },
  { value: String(SEARCHABLE_PARAMETER_COUNT), label: 'searchable parameters' },
  { value: '4.96/5', label: 'customer rating' },
  { value: '500+', label: 'organizations' },
];

/** Why recruiters subscribe: the benefits under the metric tiles. */
export const HOME_BENEFITS: readonly { title: string; text: string }[] = [
  {
    title: 'Verified contact details',
    text: 'Personal emails and direct phone numbers, each card showing when its email was last verified; each plan reveals a set number of contacts a day.',
  },
  {
    title: 'Unlimited search and export',
    text: `Search as often as you like with ${SEARCH_FILTER_COUNT} filters; the Annual plan exports to CSV, Excel and PDF candidate sheets, up to ${SearchLimits.selectAllCap.toLocaleString('en-US')} candidates a file.`,
  },
  {
    title: 'Outreach in minutes',
    text: 'Lists, saved searches and an AI email generator turn a search into a campaign the same day.',
  },
  {
    title: '30-day money-back guarantee',
    text: 'On the Annual plan: ask for a refund within 30 days of purchase, as long as nothing was exported.',
  },
];

export const HOME_SPECIALTY_CAP = 35;

/** Home's specialty list: de-duplicated (case-insensitively, trimmed), alphabetical, at most 35. */
export function homeSpecialties(names: readonly string[]): string[] {
  const byKey = new Map<string, string>();
  for (const raw of names) {
    const name = raw.trim();
    if (name && !byKey.has(name.toLowerCase())) byKey.set(name.toLowerCase(), name);
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'en')).slice(0, HOME_SPECIALTY_CAP);
}

/** Groups names by their first letter, letters in order: the A–Z index. */
export function groupByInitial(names: readonly string[]): [string, string[]][] {
  const groups = new Map<string, string[]>();
  for (const name of [...names].sort((a, b) => a.localeCompare(b, 'en'))) {
    const letter = name.charAt(0).toUpperCase();
    groups.set(letter, [...(groups.get(letter) ?? []), name]);
  }
  return [...groups.entries()];
}

/** The date every policy page states (spec). */
export const POLICIES_LAST_UPDATED = 'May 13, 2025';
