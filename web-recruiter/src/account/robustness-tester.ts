import { type SearchRequest, STATE_CODES } from '@healthtal/contracts';
import { invalidFilterMessage } from '../directory/search/search-screen';

/**
 * The admin's search robustness tester (recruiter-directory.md "Account Settings", Testing tab): fire
 * N searches of mixed difficulty at the real search endpoint and report each run's time, p50/p95
 * and failures.
 */
export const ROBUSTNESS_DEFAULT_COUNT = 20;
export const ROBUSTNESS_MAX_COUNT = 1000;
export const ROBUSTNESS_PRESETS = [20, 50, 100, 500] as const;
/** Every run asks for page 1 with 25 rows. */
export const ROBUSTNESS_PAGE = { page: 1, limit: 25 } as const;

export type Complexity = 'simple' | 'medium' | 'complex' | 'ultra';

/** The number-of-tests input: 20 when not a number, otherwise clamped to 1..1000. */
export function clampTestCount(input: string | number): number {
  const n = typeof input === 'number' ? input : Number.parseInt(input, 10);
  if (!Number.isFinite(n)) return ROBUSTNESS_DEFAULT_COUNT;
  return Math.min(ROBUSTNESS_MAX_COUNT, Math.max(1, Math.trunc(n)));
}

/** 200 ms between runs when there are more than 50, otherwise 500 ms. */
export const delayBetweenRuns = (count: number) => (count > 50 ? 200 : 500);

/** The mix: 25% simple, 35% medium, 25% complex, the remainder ultra (rounded down per class). */
export function complexityMix(count: number): Record<Complexity, number> {
  const simple = Math.floor(count * 0.25);
  const medium = Math.floor(count * 0.35);
  const complex = Math.floor(count * 0.25);
  return { simple, medium, complex, ultra: count - simple - medium - complex };
}

const SPECIALTIES = [
  'Nurse',
  'Physician',
  'Critical Care',
  'Pediatrics',
  'Cardiology',
  'Emergency Medicine',
  'Oncology',
];
const TITLES = ['registered nurse', 'nurse practitioner', 'physician assistant', 'pharmacist', 'therapist'];
const CITIES = ['Houston', 'Chicago', 'Phoenix', 'Columbus', 'Atlanta', 'Denver', 'Seattle'];
const SKILLS = ['ACLS', 'BLS', 'EMR', 'Patient Care', 'Telemetry', 'Triage'];
/** Keywords: plain words, and boolean ones as a recruiter writes them (ADR 0053). */
const WORDS = [
  'nurse',
  'icu',
  'surgery',
  'clinic',
  'hospital',
  '"charge nurse" OR icu',
  '(icu OR emergency) NOT travel',
];

/** One search of the given difficulty; `pick` chooses among options (random in the app, fixed in tests). */
export function robustnessQuery(
  complexity: Complexity,
  pick: <T>(options: readonly T[]) => T,
): Partial<SearchRequest> {
  const base = { ...ROBUSTNESS_PAGE };
  switch (complexity) {
    case 'simple':
      return { ...base, specialty: [pick(SPECIALTIES)] };
    case 'medium':
      return { ...base, specialty: [pick(SPECIALTIES)], state: [pick(STATE_CODES)] };
    case 'complex':
      return {
        ...base,
        query: pick(WORDS),
        specialty: [pick(SPECIALTIES)],
        state: [pick(STATE_CODES), pick(STATE_CODES)].filter((s, i, all) => all.indexOf(s) === i),
        title: [pick(TITLES)],
      };
    case 'ultra':
      return {
        ...base,
        query: pick(WORDS),
        specialty: [pick(SPECIALTIES)],
        state: [pick(STATE_CODES)],
        city: [pick(CITIES)],
        title: [pick(TITLES)],
        skills: [pick(SKILLS)],
        sortKey: 'name',
      };
  }
}

/** The whole run, shuffled so the classes interleave. */
export function robustnessPlan(
  count: number,
  random: () => number = Math.random,
): { complexity: Complexity; body: Partial<SearchRequest> }[] {
  const pick = <T>(options: readonly T[]): T => options[Math.floor(random() * options.length)] as T;
  const mix = complexityMix(clampTestCount(count));
  const classes = (Object.keys(mix) as Complexity[]).flatMap((c) => Array.from({ length: mix[c] }, () => c));
  for (let i = classes.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [classes[i], classes[j]] = [classes[j] as Complexity, classes[i] as Complexity];
  }
  return classes.map((complexity) => ({ complexity, body: robustnessQuery(complexity, pick) }));
}

export type RunResult = { ok: boolean; ms: number; error?: string };

/** Nearest-rank percentile of the successful runs' times. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

export function summarize(results: readonly RunResult[]) {
  const times = results.filter((r) => r.ok).map((r) => r.ms);
  return {
    runs: results.length,
    failures: results.filter((r) => !r.ok).length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
  };
}

/**
 * The error text a failed run shows: the message ("Keywords: Unclosed quote at position 0." for a
 * refused field), 'Unknown error', or 'Request failed'.
 */
export function runErrorMessage(
  error: unknown,
  status?: number,
  fieldErrors?: Readonly<Record<string, string>>,
): string {
  if (fieldErrors && Object.keys(fieldErrors).length > 0) return invalidFilterMessage(fieldErrors);
  if (error instanceof Error && error.message) return error.message;
  if (status !== undefined) return 'Request failed';
  return 'Unknown error';
}
