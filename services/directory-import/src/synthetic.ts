import {
  COMPANY_REVENUES,
  COMPANY_SIZES,
  type EmailStatus,
  STATE_CODES,
  type StateCode,
  US_STATES,
} from '@healthtal/contracts';
import { syntheticCandidateId } from './candidate-ids';
import type { CandidateRow } from './candidate-row';
import { anyOf, between, chance, commonFirst, type Random, randomFor, sample, Weighted } from './random';
import {
  FEMALE_NAMES,
  MALE_NAMES,
  MIDDLE_INITIALS,
  SPACED_SURNAMES,
  SURNAMES,
} from './synthetic-data/people';
import { PLACES } from './synthetic-data/places';
import { PROFESSIONS, type Profession } from './synthetic-data/professions';
import {
  NURSE,
  NURSE_SHARE,
  OTHER_SPECIALTIES,
  PHYSICIAN,
  PHYSICIAN_SHARE,
  type Specialty,
} from './synthetic-data/specialties';
import { employerFor, schoolFor } from './synthetic-employers';

/** The seed `healthtal seed` and the first `npm start` use. */
export const DEFAULT_SEED = 1;
export const SYNTHETIC_SOURCE = 'synthetic';
/**
 * "Now" for the synthetic data: verification dates fall in the two years before it. Fixed, so the
 * same seed gives the same directory whenever it is generated.
 */
export const SYNTHETIC_AS_OF = Date.parse('2026-11-01T00:00:00Z');
const DAY_MS = 86_400_000;

export const syntheticSourceRef = (seed: number, index: number) => `synthetic:${seed}:${index}`;

const otherShare = 1 - NURSE_SHARE - PHYSICIAN_SHARE;
const otherWeight = OTHER_SPECIALTIES.reduce((sum, s) => sum + s.weight, 0);
const SPECIALTIES = new Weighted<Specialty>([
  [NURSE, NURSE_SHARE],
  [PHYSICIAN, PHYSICIAN_SHARE],
  ...OTHER_SPECIALTIES.map((s): [Specialty, number] => [s, (s.weight / otherWeight) * otherShare]),
]);
const STATES = new Weighted<StateCode>(STATE_CODES.map((code) => [code, PLACES[code].population]));
const CITIES = Object.fromEntries(
  STATE_CODES.map((code) => [code, new Weighted(PLACES[code].cities)]),
) as Record<StateCode, Weighted<string>>;

type Compiled = {
  specialty: Specialty;
  profession: Profession;
  spellings: Weighted<string>;
  titles: Weighted<readonly [string, string]>;
  skills: readonly string[];
  degreePaths: readonly (readonly string[])[];
};
const compiled = new Map<Specialty, Compiled>();
function compile(specialty: Specialty): Compiled {
  let entry = compiled.get(specialty);
  if (!entry) {
    const profession: Profession = PROFESSIONS[specialty.profession];
    entry = {
      specialty,
      profession,
      spellings: new Weighted(specialty.spellings ?? [[specialty.name, 1]]),
      titles: new Weighted(
        (specialty.titles ?? profession.titles).map(([title, level, weight]) => [
          [title, level] as const,
          weight,
        ]),
      ),
      skills: [...new Set([...(specialty.skills ?? []), ...profession.skills])],
      degreePaths: specialty.degreePaths ?? profession.degreePaths,
    };
    compiled.set(specialty, entry);
  }
  return entry;
}

/**
 * Real imports leave about 3–5 % of a field empty or hold the literal text "null"; the card and the
 * read model must cope, so the synthetic directory does the same.
 */
const BLANKS = ['null', 'NULL', 'undefined', ''] as const;
const sloppy = (random: Random, value: string | null, missing = 0.03, literal = 0.012): string | null => {
  const r = random();
  if (r < missing) return null;
  if (r < missing + literal) return anyOf(random, BLANKS);
  return value;
};

const asciiNames = new Map<string, string>();
/** A name as it appears in an email address: letters only, lower case (memoised: the lists are short). */
const ascii = (name: string) => {
  let plain = asciiNames.get(name);
  if (plain === undefined) {
    plain = name
      .normalize('NFD')
      .replace(/[^A-Za-z]/g, '')
      .toLowerCase();
    asciiNames.set(name, plain);
  }
  return plain;
};

const PERSONAL_DOMAINS = ['example.com', 'example.net', 'example.org'];
function personalEmail(random: Random, first: string, last: string, index: number): string {
  const pattern = Math.floor(random() * 4);
  const local =
    pattern === 0
      ? `${first}.${last}`
      : pattern === 1
        ? `${first}${last}`
        : pattern === 2
          ? `${first[0]}${last}`
          : `${first}_${last}`;
  return `${local}${index}@${anyOf(random, PERSONAL_DOMAINS)}`;
}

type Person = { female: boolean; firstName: string; middleName: string | null; lastName: string };
function personOf(random: Random, profession: Profession): Person {
  const female = chance(random, profession.femaleShare);
  const given = female ? FEMALE_NAMES : MALE_NAMES;
  const firstName = commonFirst(random, given);
  const lastName = chance(random, 0.01) ? anyOf(random, SPACED_SURNAMES) : commonFirst(random, SURNAMES, 1.6);
  // Middle names are often missing, often an initial, and now and then the text "null".
  const middleName = chance(random, 0.35)
    ? chance(random, 0.6)
      ? anyOf(random, MIDDLE_INITIALS)
      : commonFirst(random, given)
    : chance(random, 0.02)
      ? 'null'
      : null;
  return { female, firstName, middleName, lastName };
}

function placeOf(random: Random) {
  const state = STATES.pick(random);
  const { zip } = PLACES[state];
  const city = CITIES[state].pick(random);
  const officeCity = chance(random, 0.85) ? city : CITIES[state].pick(random);
  const zip5 = `${String(between(random, zip[0], zip[1])).padStart(3, '0')}${String(between(random, 1, 99)).padStart(2, '0')}`;
  const officeZip = chance(random, 0.05) ? `${zip5}-${between(random, 1000, 9999)}` : zip5;
  return { state, city, officeCity, officeZip };
}

function startDateOf(random: Random): string {
  const year = 2026 - Math.floor(random() ** 1.7 * 30);
  return `${year}-${String(between(random, 1, year === 2026 ? 10 : 12)).padStart(2, '0')}-01`;
}

/** Mail at reserved example domains, 555-01xx numbers, LinkedIn slugs with a random tail. */
function contactsOf(
  random: Random,
  person: Person,
  index: number,
  mailDomain: string,
  areaCodes: readonly string[],
) {
  const first = ascii(person.firstName);
  const last = ascii(person.lastName);
  const personal = chance(random, 0.85) ? personalEmail(random, first, last, index) : null;
  const work = chance(random, 0.6) ? `${first}.${last}.${index.toString(36)}@${mailDomain}` : null;
  const areaCode = anyOf(random, areaCodes);
  const phone = chance(random, 0.8) ? fictionalPhone(random, areaCode) : null;
  const directPhone = chance(random, 0.4) ? fictionalPhone(random, areaCode) : null;
  const linkedinUrl = chance(random, 0.75)
    ? `https://www.linkedin.com/in/${first}-${last}-${hex8(random)}`
    : null;
  return { personalEmail: personal, workEmail: work, phone, directPhone, linkedinUrl };
}
const hex8 = (random: Random) =>
  Math.floor(random() * 2 ** 32)
    .toString(16)
    .padStart(8, '0');

/** Candidate `index` of directory `seed`: every field of the spec's candidate record. */
export function syntheticCandidate(seed: number, index: number): CandidateRow {
  const random = randomFor(seed, index);
  const kind = compile(SPECIALTIES.pick(random));
  const { female, firstName, middleName, lastName } = personOf(random, kind.profession);
  const { state, city, officeCity, officeZip } = placeOf(random);
  const [title, titleLevel] = kind.titles.pick(random);
  const employer = employerFor(random, kind.profession, state, officeCity);
  const startDate = startDateOf(random);
  const contacts = contactsOf(
    random,
    { female, firstName, middleName, lastName },
    index,
    employer.mailDomain,
    PLACES[state].areaCodes,
  );
  const { personalEmail: personal, workEmail, phone, directPhone, linkedinUrl } = contacts;
  const emailStatus = emailStatusOf(random);
  const hasEmail = personal !== null || workEmail !== null;
  return {
    candidateId: syntheticCandidateId(seed, index),
    sourceRef: syntheticSourceRef(seed, index),
    source: SYNTHETIC_SOURCE,
    firstName,
    middleName,
    lastName,
    title: sloppy(random, title),
    titleLevel: sloppy(random, titleLevel),
    jobFunctions: sloppy(random, anyOf(random, kind.profession.jobFunctions)),
    specialty: sloppy(random, kind.spellings.pick(random), 0.008, 0.004),
    companyName: sloppy(random, employer.name, 0.02, 0.01),
    companyEmployees: sloppy(random, COMPANY_SIZES[employer.size]!),
    companyIndustry: sloppy(random, employer.industry),
    companyRevenueRange: sloppy(random, COMPANY_REVENUES[employer.revenue]!),
    companyDomain: sloppy(random, employer.domain),
    companyStartDate: sloppy(random, startDate, 0.08),
    city: sloppy(random, city, 0.02),
    state: sloppy(random, state, 0.01, 0.008),
    officeCity: sloppy(random, officeCity, 0.05),
    officeState: sloppy(random, state, 0.05),
    officeZip: sloppy(random, officeZip, 0.06),
    location: locationOf(random, city, state),
    personalEmail: personal,
    workEmail,
    phone,
    directPhone,
    linkedinUrl,
    connections: linkedinUrl && !chance(random, 0.03) ? Math.floor(random() ** 2.5 * 3000) : null,
    gender: sloppy(random, female ? 'Female' : 'Male', 0.02),
    skills: sloppy(random, skillsText(random, kind.skills)),
    education: sloppy(random, educationText(random, kind.degreePaths, state)),
    emailStatus: hasEmail ? emailStatus : 'unknown',
    emailVerifiedAt: hasEmail ? verifiedAt(random, EMAIL_VERIFIED[emailStatus]) : null,
    phoneVerifiedAt: phone || directPhone ? verifiedAt(random, 0.75) : null,
  };
}

/** 555-0100 to 555-0199 are the numbers the North American plan keeps for fiction. */
function fictionalPhone(random: Random, areaCode: string): string {
  const line = `01${String(between(random, 0, 99)).padStart(2, '0')}`;
  switch (between(random, 0, 3)) {
    case 0:
      return `(${areaCode}) 555-${line}`;
    case 1:
      return `${areaCode}-555-${line}`;
    case 2:
      return `+1 ${areaCode} 555 ${line}`;
    default:
      return `${areaCode}555${line}`;
  }
}

function locationOf(random: Random, city: string, state: StateCode): string | null {
  const r = random();
  if (r < 0.68) return `${city}, ${state}`;
  if (r < 0.83) return `${city}, ${US_STATES[state]}`;
  if (r < 0.95) return `${city}, ${US_STATES[state]}, United States`;
  if (r < 0.985) return null;
  return anyOf(random, ['null, null', 'null', '']);
}

/** Emails are valid for about 70 %, then accept-all, unknown and invalid about 10 % each. */
const STATUS = new Weighted<EmailStatus>([
  ['valid', 70],
  ['accept_all', 10],
  ['unknown', 10],
  ['invalid', 10],
]);
const emailStatusOf = (random: Random): EmailStatus => STATUS.pick(random);
/** How often each status comes with a verification date (an unknown one was mostly never checked). */
const EMAIL_VERIFIED: Record<EmailStatus, number> = {
  valid: 0.93,
  accept_all: 0.85,
  invalid: 0.8,
  unknown: 0.25,
};

/** Within the two years before SYNTHETIC_AS_OF, more of them recent. */
function verifiedAt(random: Random, probability: number): string | null {
  if (!chance(random, probability)) return null;
  const ago = random() ** 1.4 * 729 * DAY_MS + random() * DAY_MS;
  return new Date(SYNTHETIC_AS_OF - Math.floor(ago / 1000) * 1000).toISOString();
}

/** 3–15 skills, written the ways real exports write them, now and then with an empty or "null" entry. */
function skillsText(random: Random, pool: readonly string[]): string {
  const skills = sample(random, pool, between(random, 3, 15));
  if (chance(random, 0.06))
    skills.splice(between(random, 0, skills.length), 0, anyOf(random, ['null', '', 'undefined']));
  const r = random();
  if (r < 0.55) return skills.join(', ');
  if (r < 0.7) return skills.join(',');
  if (r < 0.92) return `[${skills.map((s) => `"${s}"`).join(', ')}]`;
  return skills.map((s) => `'${s}'`).join(',');
}

/** 1–3 school + degree pairs that fit the profession, in one of the two marker formats. */
function educationText(random: Random, paths: readonly (readonly string[])[], state: StateCode): string {
  const path = anyOf(random, paths);
  const entries: { school: string; degrees: string[] }[] = [];
  for (const degree of path) {
    const last = entries[entries.length - 1];
    if (last && chance(random, 0.3)) last.degrees.push(degree);
    else entries.push({ school: schoolFor(random, state), degrees: [degree] });
  }
  const kept = entries.slice(-3);
  if (chance(random, 0.5)) {
    return JSON.stringify(kept.map((e) => ({ 'school-name': e.school, degrees: e.degrees })));
  }
  return kept.map((e) => `school-name: ${e.school}; degrees: ${e.degrees.join(', ')}`).join(' | ');
}
