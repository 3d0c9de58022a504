import { type ProposedSearch, ProposedSearch as ProposedSearchSchema } from '@healthtal/contracts';
import { z } from 'zod';

/**
 * How well an extractor reads postings (issue 35): per field, precision (of the values proposed,
 * how many the posting's expected filters hold) and recall (of the expected values, how many were
 * proposed), counted over all postings' values. A scalar field is a list of at most one value;
 * `near` is its place and miles, a range its two bounds.
 */
export const SCORED_FIELDS = Object.keys(ProposedSearchSchema.shape) as (keyof ProposedSearch)[];
export type ScoredField = keyof ProposedSearch;

const Years = z.object({ min: z.number().int().nullable(), max: z.number().int().nullable() }).nullable();
/** What a recruiter would set from a posting: the proposal's values without their reasons. */
export const ExpectedFilters = z.strictObject({
  specialty: z.array(z.string()),
  credential: z.array(z.string()),
  licensedIn: z.array(z.string()),
  state: z.array(z.string()),
  city: z.string().nullable(),
  near: z.object({ place: z.string(), miles: z.number().int() }).nullable(),
  yearsInPractice: Years,
  skills: z.array(z.string()),
  positionType: z.string().nullable(),
  shift: z.string().nullable(),
  compactLicense: z.literal(true).nullable(),
});
export type ExpectedFilters = z.infer<typeof ExpectedFilters>;

export const JobPostingFixtures = z.object({
  about: z.string(),
  postings: z.array(
    z.strictObject({ id: z.string(), lines: z.array(z.string()), expected: ExpectedFilters }),
  ),
});
export type JobPostingFixture = z.infer<typeof JobPostingFixtures>['postings'][number] & { text: string };

/** The fixture file's postings with their text joined. */
export const jobPostingFixtures = (json: unknown): JobPostingFixture[] =>
  JobPostingFixtures.parse(json).postings.map((p) => ({ ...p, text: p.lines.join('\n') }));

const key = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : JSON.stringify(value));
function valuesOf(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value))
    return value.map((v) => key(typeof v === 'object' && v && 'value' in v ? v.value : v));
  if (typeof value === 'object' && 'value' in value) return [key(value.value)];
  return [key(value)];
}

export type FieldScore = {
  field: ScoredField;
  proposed: number;
  expected: number;
  correct: number;
  precision: number;
  recall: number;
};
/** Per posting, each field's wrong and missed values, for the bench's detail lines. */
export type PostingMiss = { id: string; field: ScoredField; wrong: string[]; missed: string[] };

export function scoreProposals(
  cases: readonly { id: string; expected: ExpectedFilters; proposal: ProposedSearch }[],
): { fields: FieldScore[]; misses: PostingMiss[] } {
  const misses: PostingMiss[] = [];
  const fields = SCORED_FIELDS.map((field) => {
    let proposed = 0;
    let expected = 0;
    let correct = 0;
    for (const { id, expected: want, proposal } of cases) {
      const got = new Set(valuesOf(proposal[field]));
      const wanted = new Set(valuesOf(want[field]));
      proposed += got.size;
      expected += wanted.size;
      const hits = [...got].filter((v) => wanted.has(v));
      correct += hits.length;
      const wrong = [...got].filter((v) => !wanted.has(v));
      const missed = [...wanted].filter((v) => !got.has(v));
      if (wrong.length + missed.length > 0) misses.push({ id, field, wrong, missed });
    }
    // Nothing proposed is no wrong proposal: precision 1 (recall says what was missed).
    return {
      field,
      proposed,
      expected,
      correct,
      precision: proposed === 0 ? 1 : correct / proposed,
      recall: expected === 0 ? 1 : correct / expected,
    };
  });
  return { fields, misses };
}

/** The fields the issue holds to a precision without an AI key, and the bar. */
export const PRECISION_TARGETS = { specialty: 0.9, credential: 0.9, state: 0.9 } as const satisfies Partial<
  Record<ScoredField, number>
>;
