import { z } from 'zod';
import { JobPostingLimits, JobPostingMessages, SHIFTS } from '../domain/job-postings';
import { POSITION_TYPES } from '../domain/outreach';

/**
 * "Paste the job, get the shortlist" (issue 35, docs/adr/0055-job-description-search.md): a job
 * posting in, a proposed search out. Both extractors (the built-in reader and the model) answer
 * `ProposedSearch`; the model is held to its JSON schema (strict structured output) and its answer
 * is parsed with it, then checked against the directory's vocabularies on the server.
 *
 * Limits are refinements, not JSON-schema keywords, so the derived schema stays inside what strict
 * mode accepts (as `AiEmailAnswer` does).
 */
export const JobPostingRequest = z.strictObject({
  text: z
    .string(JobPostingMessages.textRequired)
    .trim()
    .min(1, JobPostingMessages.textRequired)
    .max(JobPostingLimits.textMax, JobPostingMessages.textTooLong),
});
export type JobPostingRequest = z.infer<typeof JobPostingRequest>;

const evidence = z
  .string()
  .refine((text) => text.length <= JobPostingLimits.evidenceMax)
  .describe('The words of the posting this value was read from, copied exactly as they appear in it.');
const word = z.string().refine((text) => text.trim().length > 0 && text.length <= 120);

/** One proposed value and the words of the posting it came from (the chip's "why"). */
const proposed = <T extends z.ZodType>(value: T) => z.strictObject({ value, from: evidence });
const proposedList = <T extends z.ZodType>(value: T, describe: string) =>
  z
    .array(proposed(value))
    .refine((values) => values.length <= JobPostingLimits.valuesMax)
    .describe(describe);
const wholeNumber = z.number().int();

export const ProposedNear = z.strictObject({
  place: word.describe('A US city with its state ("Austin, TX") or a 5-digit ZIP code.'),
  miles: wholeNumber
    .refine((miles) => miles >= 1 && miles <= JobPostingLimits.milesMax)
    .describe('The radius in miles the posting states.'),
});
export type ProposedNear = z.infer<typeof ProposedNear>;

export const YearsProposal = z.strictObject({
  min: wholeNumber.refine((n) => n >= 0 && n <= 60).nullable(),
  max: wholeNumber.refine((n) => n >= 0 && n <= 60).nullable(),
});

/** A posting read as filters; every value with its reason. Fields the posting does not state are empty or null. */
export const ProposedSearch = z.strictObject({
  specialty: proposedList(
    word,
    'The role the posting hires for, as a directory specialty name (Nurse, Nurse Practitioner, Cardiology…).',
  ),
  credential: proposedList(
    word,
    'Credentials the candidate must hold (RN, NP, PA-C, MD, DO, CRNA, PharmD, DPT, OT, SLP, RRT, LPN…).',
  ),
  licensedIn: proposedList(word, 'Two-letter codes of the states where the posting requires a license.'),
  state: proposedList(word, 'Two-letter codes of the states where the job is.'),
  city: proposed(word.describe('The city of the job, without its state.')).nullable(),
  near: proposed(ProposedNear)
    .nullable()
    .describe('Only when the posting states a radius ("within 30 miles of Austin, TX").'),
  yearsInPractice: proposed(YearsProposal).nullable().describe('Years of experience asked for.'),
  skills: proposedList(
    word,
    'Clinical skills, certifications and systems the posting asks for (ACLS, BLS, Epic, Telemetry…).',
  ),
  positionType: proposed(z.enum(POSITION_TYPES))
    .nullable()
    .describe('Travel assignments are contract; PRN is per-diem.'),
  shift: proposed(z.enum(SHIFTS)).nullable(),
  compactLicense: proposed(z.literal(true))
    .nullable()
    .describe('Only when the posting accepts a multistate (Nurse Licensure Compact) license.'),
});
export type ProposedSearch = z.infer<typeof ProposedSearch>;
export type ProposedValue<T> = { value: T; from: string };

/** `rules`: the built-in reader over the product's vocabularies; `openai`: the configured model. */
export const PostingExtractor = z.enum(['rules', 'openai']);
export type PostingExtractor = z.infer<typeof PostingExtractor>;

/** `POST /api/v1/search/from-posting`'s answer. */
export const PostingProposal = z.object({
  proposal: ProposedSearch,
  extractor: PostingExtractor,
  /** Values the model proposed that the directory's vocabularies do not hold: not searched. */
  dropped: z.array(z.object({ field: z.string(), value: z.string() })),
  message: z.string().nullable(),
});
export type PostingProposal = z.infer<typeof PostingProposal>;

export const EMPTY_PROPOSAL: ProposedSearch = {
  specialty: [],
  credential: [],
  licensedIn: [],
  state: [],
  city: null,
  near: null,
  yearsInPractice: null,
  skills: [],
  positionType: null,
  shift: null,
  compactLicense: null,
};
