import type { EmailStatus } from '@healthtal/contracts';
import { anyOf, between, chance, commonFirst, type Random, Weighted } from './random';
import {
  FEMALE_NAMES,
  MALE_NAMES,
  MIDDLE_INITIALS,
  SPACED_SURNAMES,
  SURNAMES,
} from './synthetic-data/people';
import type { Profession } from './synthetic-data/professions';

/**
 * "Now" for the synthetic data: verification dates fall in the two years before it, graduation
 * years before its year. Fixed, so the same seed gives the same directory whenever it is generated.
 */
export const SYNTHETIC_AS_OF = Date.parse('2026-11-01T00:00:00Z');
export const SYNTHETIC_YEAR = new Date(SYNTHETIC_AS_OF).getUTCFullYear();
const DAY_MS = 86_400_000;

export type Person = { female: boolean; firstName: string; middleName: string | null; lastName: string };
export function personOf(random: Random, profession: Profession): Person {
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

const SUFFIXES = new Weighted<string>([
  ['Jr.', 60],
  ['III', 15],
  ['II', 12],
  ['Sr.', 10],
  ['IV', 3],
]);
const DOCTORATES = new Set([
  'MD',
  'DO',
  'DDS',
  'DMD',
  'PharmD',
  'DPT',
  'OD',
  'DC',
  'DPM',
  'PsyD',
  'PhD',
  'AuD',
]);
/**
 * The registry's name prefix and suffix, for a few: "Dr." for some doctors (not every one writes
 * it), "Ms.", "Mrs.", "Mr." now and then; Jr., Sr., II, III, IV for a few men.
 */
export function namePartsOf(random: Random, person: Person, path: readonly string[]) {
  const doctor = path.some((degree) => DOCTORATES.has(degree));
  const namePrefix =
    doctor && chance(random, 0.22)
      ? 'Dr.'
      : chance(random, 0.03)
        ? person.female
          ? chance(random, 0.6)
            ? 'Ms.'
            : 'Mrs.'
          : 'Mr.'
        : null;
  const nameSuffix = !person.female && chance(random, 0.035) ? SUFFIXES.pick(random) : null;
  return { namePrefix, nameSuffix };
}

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

/** Mail at reserved example domains, 555-01xx numbers in the city's area codes, LinkedIn slugs with a random tail. */
export function contactsOf(
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

/** Emails are valid for about 70 %, then accept-all, unknown and invalid about 10 % each. */
const STATUS = new Weighted<EmailStatus>([
  ['valid', 70],
  ['accept_all', 10],
  ['unknown', 10],
  ['invalid', 10],
]);
export const emailStatusOf = (random: Random): EmailStatus => STATUS.pick(random);
/** How often each status comes with a verification date (an unknown one was mostly never checked). */
export const EMAIL_VERIFIED: Record<EmailStatus, number> = {
  valid: 0.93,
  accept_all: 0.85,
  invalid: 0.8,
  unknown: 0.25,
};

/** Within the two years before SYNTHETIC_AS_OF, more of them recent. */
export function verifiedAt(random: Random, probability: number): string | null {
  if (!chance(random, probability)) return null;
  const ago = random() ** 1.4 * 729 * DAY_MS + random() * DAY_MS;
  return new Date(SYNTHETIC_AS_OF - Math.floor(ago / 1000) * 1000).toISOString();
}
