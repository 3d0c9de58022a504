/** Limits that are ours rather than the spec's: they keep one request from filling the store. */
export const ContactLimits = {
  nameMax: 200,
  emailMax: 254,
  phoneMax: 40,
  subjectMax: 200,
  messageMax: 5000,
} as const;

/**
 * The resume form's sizes (ours, not the spec's). Skills and education become one directory text
 * field each, at most 2,000 characters: 30 × (50 + 3) and 5 × (2 × 100 + 2 × 60 + 32) stay under it.
 */
export const ResumeLimits = {
  textMax: 200,
  placeMax: 100,
  emailMax: 254,
  phoneDigitsMin: 10,
  phoneMax: 30,
  linkedinMax: 300,
  educationMax: 5,
  schoolMax: 100,
  degreeMax: 60,
  skillsMax: 30,
  skillMax: 50,
  /** An admin's reason for rejecting submissions (kept on the ResumeRejected event). */
  rejectionReasonMax: 500,
  /** The console's page is 25 rows; a bulk action covers at most a few pages' selection. */
  bulkMax: 100,
} as const;

/** Removal requests (admin-intake-outreach §9: a token of about 26 characters, answered within 30 days). */
export const RemovalLimits = {
  tokenLength: 26,
  /** Ours: the spec says the token expires, not when. */
  tokenTtlDays: 7,
  answerWithinDays: 30,
  emailMax: 254,
  /** Longer than any token we issue; anything longer is not ours. */
  tokenMax: 100,
} as const;

/** JSON request bodies larger than this are refused with 413, unless a route declares more. */
export const REQUEST_BODY_LIMIT_BYTES = 1024 * 1024;
