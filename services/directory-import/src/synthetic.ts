import { COMPANY_REVENUES, COMPANY_SIZES, STATE_CODES, type StateCode } from '@healthtal/contracts';
import { syntheticCandidateId } from './candidate-ids';
import type { CandidateRow } from './candidate-row';
import { anyOf, between, chance, type Random, randomFor, sample, Weighted } from './random';
import { type City, PLACES } from './synthetic-data/places';
import { PROFESSIONS, type Profession } from './synthetic-data/professions';
import {
  NURSE,
  NURSE_SHARE,
  OTHER_SPECIALTIES,
  PHYSICIAN,
  PHYSICIAN_SHARE,
  type Specialty,
} from './synthetic-data/specialties';
import { educationOf, educationText, qualifyingDegreeOf, yearsInPracticeOf } from './synthetic-education';
import { affiliationsOf, employerFor } from './synthetic-employers';
import { credentialOf, licenceRecordsOf, licensureOf, titleOf, vocational } from './synthetic-licences';
import {
  contactsOf,
  EMAIL_VERIFIED,
  emailStatusOf,
  namePartsOf,
  personOf,
  SYNTHETIC_YEAR,
  verifiedAt,
} from './synthetic-people';
import { zipsOf } from './synthetic-places';

export { SYNTHETIC_AS_OF } from './synthetic-people';

/** The seed `healthtal seed` and the first `npm start` use. */
export const DEFAULT_SEED = 1;
export const SYNTHETIC_SOURCE = 'synthetic';

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
  STATE_CODES.map((code) => [code, new Weighted(PLACES[code].cities.map((c) => [c, c.weight] as const))]),
) as Record<StateCode, Weighted<City>>;

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

/** A state by population, a city of it by weight, a ZIP code of that city and its area codes. */
function placeOf(random: Random) {
  const state = STATES.pick(random);
  const city = CITIES[state].pick(random);
  const zip = anyOf(random, zipsOf(city));
  const officeZip = chance(random, 0.05) ? `${zip}-${between(random, 1000, 9999)}` : zip;
  return { state, city: city.name, officeZip, areaCodes: city.areaCodes };
}

/** At the employer since a year between graduation and now, more of them recently. */
function startDateOf(random: Random, graduationYear: number): string {
  const year = SYNTHETIC_YEAR - Math.floor(random() ** 1.7 * (SYNTHETIC_YEAR - graduationYear + 1));
  const lastMonth = year === SYNTHETIC_YEAR ? 10 : 12;
  return `${year}-${String(between(random, 1, lastMonth)).padStart(2, '0')}-01`;
}

/** Candidate `index` of directory `seed`: every field of the spec's candidate record and the registry's. */
export function syntheticCandidate(seed: number, index: number): CandidateRow {
  const random = randomFor(seed, index);
  const kind = compile(SPECIALTIES.pick(random));
  const person = personOf(random, kind.profession);
  const { state, city, officeZip, areaCodes } = placeOf(random);
  const [jobTitle, titleLevel] = kind.titles.pick(random);
  const licensure = licensureOf(kind.specialty, jobTitle);
  const path = anyOf(random, licensure.degreePaths ?? kind.degreePaths);
  const qualifying = qualifyingDegreeOf(path, licensure.graduates);
  const graduationYear = SYNTHETIC_YEAR - yearsInPracticeOf(random, titleLevel, licensure.trainee ?? false);
  const education = educationOf(random, path, qualifying, state, graduationYear);
  const practical = kind.specialty.name === 'Licensed Practical Nurse';
  const credential = credentialOf(random, licensure, path, qualifying);
  const title = titleOf(
    random,
    practical ? vocational(jobTitle, state) : jobTitle,
    credential && practical ? vocational(credential, state) : credential,
    licensure,
  );
  const employer = employerFor(random, kind.specialty, state, city);
  const startDate = startDateOf(random, graduationYear);
  const contacts = contactsOf(random, person, index, employer.mailDomain, areaCodes);
  const { personalEmail, workEmail, phone, directPhone, linkedinUrl } = contacts;
  const emailStatus = emailStatusOf(random);
  const hasEmail = personalEmail !== null || workEmail !== null;
  const licenseRecords = licenceRecordsOf(random, licensure, path, state, jobTitle === 'Travel Nurse');
  const { namePrefix, nameSuffix } = namePartsOf(random, person, path);
  const medicare = licensure.medicare ?? false;
  const location = locationOf(random, city, state);
  return {
    candidateId: syntheticCandidateId(seed, index),
    sourceRef: syntheticSourceRef(seed, index),
    source: SYNTHETIC_SOURCE,
    firstName: person.firstName,
    middleName: person.middleName,
    lastName: person.lastName,
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
    officeCity: sloppy(random, city, 0.05),
    officeState: sloppy(random, state, 0.05),
    officeZip: sloppy(random, officeZip, 0.06),
    location,
    personalEmail,
    workEmail,
    phone,
    directPhone,
    linkedinUrl,
    connections: linkedinUrl && !chance(random, 0.03) ? Math.floor(random() ** 2.5 * 3000) : null,
    gender: sloppy(random, person.female ? 'Female' : 'Male', 0.02),
    skills: sloppy(random, skillsText(random, kind.skills)),
    education: sloppy(random, educationText(random, education.entries)),
    emailStatus: hasEmail ? emailStatus : 'unknown',
    emailVerifiedAt: hasEmail ? verifiedAt(random, EMAIL_VERIFIED[emailStatus]) : null,
    phoneVerifiedAt: phone || directPhone ? verifiedAt(random, 0.75) : null,
    namePrefix,
    nameSuffix,
    licenseRecords,
    medicalSchool: chance(random, 0.97) ? education.school : null,
    graduationYear: chance(random, 0.97) ? education.graduationYear : null,
    secondarySpecialties:
      licensure.secondary?.length && chance(random, 0.3)
        ? sample(random, licensure.secondary, chance(random, 0.8) ? 1 : 2)
        : null,
    groupPractice: medicare && chance(random, 0.85) ? employer.group : null,
    hospitalAffiliations:
      medicare && chance(random, licensure.affiliated ?? 0.1)
        ? affiliationsOf(random, employer, { state, city }, licensure.hospitals)
        : null,
    telehealth: medicare ? chance(random, 0.3) : null,
  };
}

/** One format, as the registry's practice location reads: "City, ST" (now and then left blank). */
function locationOf(random: Random, city: string, state: StateCode): string | null {
  const r = random();
  if (r < 0.985) return `${city}, ${state}`;
  if (r < 0.993) return null;
  return anyOf(random, ['null, null', 'null', '']);
}

/** 3–15 skills, written the ways real exports write them, now and then with an empty or "null" entry. */
function skillsText(random: Random, pool: readonly string[]): string {
  const skills = sample(random, pool, between(random, 3, 15));
  if (chance(random, 0.06))
    skills.splice(between(random, 0, skills.length), 0, anyOf(random, ['null', '', 'undefined']));
  const r = random();
  if (r < 0.55) return skills.join(', ');
  if (r < 0.7) return skills.join(',');
  // A skill with an apostrophe ("Women's Health") is never single-quoted: no export writes it so.
  if (r < 0.92 || skills.some((s) => s.includes("'"))) return `[${skills.map((s) => `"${s}"`).join(', ')}]`;
  return skills.map((s) => `'${s}'`).join(',');
}
