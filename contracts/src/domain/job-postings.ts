/**
 * A pasted job posting, read as a proposed search (issue 35, docs/adr/0055-job-description-search.md).
 * No zod here: the recruiter app's screens read these without the schemas.
 */

/** Shifts a posting names. Not a filter of the directory (no record says who works nights): shown, and told to the email writer. */
export const SHIFTS = ['day', 'evening', 'night', 'rotating', 'weekend'] as const;
export type Shift = (typeof SHIFTS)[number];

export const JobPostingLimits = {
  /** The email generator's own limit for a job description: one job ad, not a book. */
  textMax: 8000,
  /** The farthest radius a posting may propose ("within 500 miles" is a state, not a commute). */
  milesMax: 500,
  /** The words a proposed value quotes as its reason. */
  evidenceMax: 300,
  /** Proposed values per list field. */
  valuesMax: 20,
} as const;

export const JobPostingMessages = {
  textRequired: 'Paste a job posting to propose filters.',
  textTooLong: `A job posting is at most ${JobPostingLimits.textMax.toLocaleString('en-US')} characters.`,
  /** Ours: the answer came from the built-in reader because no AI key is configured. */
  rulesDraft:
    'Read by HealthTal’s built-in reader (no AI service is configured): check the filters before searching.',
} as const;
