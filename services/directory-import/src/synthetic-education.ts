import type { StateCode } from '@healthtal/contracts';
import { anyOf, chance, type Random } from './random';
import { NEIGHBOURS } from './synthetic-data/places';
import { ONLINE_NURSING, PROGRAM_OF_DEGREE, type Program, SCHOOLS } from './synthetic-data/schools';

/** Each school's programs, by name (a name is one school). */
export const PROGRAMS_OF_SCHOOL: ReadonlyMap<string, ReadonlySet<Program>> = new Map(
  SCHOOLS.map(([name, , programs]) => [name, new Set(programs.split(' ') as Program[])]),
);

/** Whether `school` grants `degree` (a degree of the degree paths). */
export const grants = (school: string, degree: string): boolean => {
  const program = PROGRAM_OF_DEGREE[degree];
  return program !== undefined && (PROGRAMS_OF_SCHOOL.get(school)?.has(program) ?? false);
};

type Pools = {
  local: readonly string[];
  near: readonly string[];
  anywhere: readonly string[];
  abroad: readonly string[];
};
const pools = new Map<Program, Map<StateCode, Pools>>();
function poolsOf(program: Program, state: StateCode): Pools {
  let byState = pools.get(program);
  if (!byState) {
    byState = new Map();
    pools.set(program, byState);
  }
  let found = byState.get(state);
  if (!found) {
    const granting = SCHOOLS.filter(([, , programs]) => programs.split(' ').includes(program));
    const near = new Set<StateCode>(NEIGHBOURS[state]);
    found = {
      local: granting.filter(([, s]) => s === state).map(([name]) => name),
      near: granting.filter(([, s]) => s !== null && near.has(s)).map(([name]) => name),
      anywhere: granting.filter(([, s]) => s !== null).map(([name]) => name),
      abroad: granting.filter(([, s]) => s === null).map(([name]) => name),
    };
    byState.set(state, found);
  }
  return found;
}

/**
 * A school that grants `degree`: mostly one in the person's state, else a neighbouring state's,
 * else anywhere (a community college almost always the local one); a fifth of physicians trained abroad; working nurses often finish a later
 * nursing degree online.
 */
function schoolFor(random: Random, degree: string, state: StateCode, later: boolean): string {
  const program = PROGRAM_OF_DEGREE[degree]!;
  if (program === 'rn' && later && chance(random, 0.3)) return anyOf(random, ONLINE_NURSING);
  const { local, near, anywhere, abroad } = poolsOf(program, state);
  if (abroad.length > 0 && chance(random, 0.18)) return anyOf(random, abroad);
  // Associate programs and certificates are a local college's; a degree further up, often farther away.
  const [inState, nearby] = program === 'adn' ? [0.9, 0.97] : [0.65, 0.82];
  const r = random();
  if (r < inState && local.length > 0) return anyOf(random, local);
  if (r < nearby && near.length > 0) return anyOf(random, near);
  return anyOf(random, anywhere);
}

export type Education = {
  /** School and degree pairs, in the order earned (a school may grant two in a row). */
  entries: { school: string; degrees: string[] }[];
  /** The school of the degree that qualifies for practice, and its year. */
  school: string;
  graduationYear: number;
};

/** The degree of a path a person practises on: the first of `graduates` on it, else its last. */
export const qualifyingDegreeOf = (path: readonly string[], graduates: readonly string[] | undefined) =>
  Math.max(0, graduates ? path.findIndex((degree) => graduates.includes(degree)) : path.length - 1);

/**
 * Where a person studied along a degree path, each degree from a school that grants it, and the
 * school of the one they practise on (`qualifying`), finished in `graduationYear`.
 */
export function educationOf(
  random: Random,
  path: readonly string[],
  qualifying: number,
  state: StateCode,
  graduationYear: number,
): Education {
  const entries: Education['entries'] = [];
  let school = '';
  path.forEach((degree, i) => {
    const last = entries[entries.length - 1];
    // An MD-PhD is one program; otherwise a school grants two degrees in a row now and then.
    const together = degree === 'PhD' && last?.degrees.includes('MD') ? 0.8 : 0.3;
    if (last && chance(random, together) && grants(last.school, degree)) last.degrees.push(degree);
    else entries.push({ school: schoolFor(random, degree, state, i > 0), degrees: [degree] });
    if (i === qualifying) school = entries[entries.length - 1]!.school;
  });
  return { entries: entries.slice(-3), school, graduationYear };
}

/** Education as the source writes it: JSON school-name/degrees objects or the marker text, half each. */
export function educationText(random: Random, entries: Education['entries']): string {
  if (chance(random, 0.5)) {
    return JSON.stringify(entries.map((e) => ({ 'school-name': e.school, degrees: e.degrees })));
  }
  return entries.map((e) => `school-name: ${e.school}; degrees: ${e.degrees.join(', ')}`).join(' | ');
}

/**
 * Years in practice, 1 to 40: most people mid-career, fewer at either end; trainees (residents,
 * fellows) 1 to 4; managers at least 5, directors and executives at least 10.
 */
export function yearsInPracticeOf(random: Random, level: string, trainee: boolean): number {
  if (trainee) return 1 + Math.floor(random() * 4);
  const years = 1 + Math.floor(((random() + random()) / 2) ** 1.35 * 40);
  const least =
    level === 'Manager' ? 5 : level === 'Director' || level === 'VP-Level' || level === 'C-Level' ? 10 : 0;
  return years >= least ? years : least + Math.floor(random() * 6);
}
