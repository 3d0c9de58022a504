import type { StateCode } from '@healthtal/contracts';
import { US_STATES } from '@healthtal/contracts';
import { anyOf, chance, commonFirst, hashText, type Random, sample, Weighted } from './random';
import type { HospitalKind } from './synthetic-data/hospitals';
import {
  NATIONAL_ORGS,
  type NationalOrg,
  ORG_KINDS,
  type OrgKindName,
  PRACTICES,
  SAINTS,
} from './synthetic-data/organizations';
import { SURNAMES } from './synthetic-data/people';
import { PLACES } from './synthetic-data/places';
import { PROFESSIONS, type Profession } from './synthetic-data/professions';
import { SCHOOLS } from './synthetic-data/schools';
import type { Specialty } from './synthetic-data/specialties';
import { type Hospital, hospitalsIn } from './synthetic-hospitals';

export type Employer = {
  name: string;
  domain: string;
  /** Where its staff's work mail goes: a reserved `.example` domain, so no address reaches anyone. */
  mailDomain: string;
  industry: string;
  /** Indexes into COMPANY_SIZES and COMPANY_REVENUES. */
  size: number;
  revenue: number;
  /** The hospital it is, when it is one of the city's. */
  hospital: Hospital | null;
  /** The group practice its clinicians bill Medicare through (CMS's Doctors and Clinicians file), if any. */
  group: string | null;
};

const COMMON_SURNAMES = SURNAMES.slice(0, 120);
const STOP_WORDS = new Set(['of', 'the', 'at', 'and']);
const labels = new Map<string, string>();
/** `Houston Regional Medical Center` → `houstonrmc`: the whole name when short, else first word + initials. */
export function domainLabelOf(name: string): string {
  const words = name
    .toLowerCase()
    .replace(/&/g, ' ')
    .replace(/[^a-z0-9 ]/g, '')
    .split(/\s+/)
    .filter((word) => word && !STOP_WORDS.has(word));
  const joined = words.join('');
  return joined.length <= 24
    ? joined
    : words[0] +
        words
          .slice(1)
          .map((word) => word[0])
          .join('');
}
const labelOf = (name: string) => {
  let label = labels.get(name);
  if (label === undefined) {
    label = domainLabelOf(name);
    labels.set(name, label);
  }
  return label;
};

const kindsOf = new Map<Profession, Weighted<OrgKindName | 'national'>>();
const nationalIn = new Map<StateCode, readonly NationalOrg[]>();
const universitiesIn = new Map<string, readonly string[]>();

const employerKinds = (profession: Profession) => {
  let kinds = kindsOf.get(profession);
  if (!kinds) {
    kinds = new Weighted(Object.entries(profession.employers) as [OrgKindName | 'national', number][]);
    kindsOf.set(profession, kinds);
  }
  return kinds;
};

const nationalOrgsIn = (state: StateCode) => {
  let orgs = nationalIn.get(state);
  if (!orgs) {
    orgs = NATIONAL_ORGS.filter((org) => !org.states || org.states.includes(state));
    nationalIn.set(state, orgs);
  }
  return orgs;
};

/** The real schools named for a city ("University of Louisville", "Houston Community College"). */
const schoolsOfCity = (city: string, state: StateCode) => {
  const key = `${city}|${state}`;
  let schools = universitiesIn.get(key);
  if (!schools) {
    const named = new RegExp(`\\b${city.replace(/[.]/g, '\\.')}\\b`);
    schools = SCHOOLS.filter(([name, s]) => s === state && named.test(name)).map(([name]) => name);
    universitiesIn.set(key, schools);
  }
  return schools;
};

const CITIES_OF = Object.fromEntries(
  Object.entries(PLACES).map(([state, { cities }]) => [state, cities.map((c) => c.name)]),
) as Record<StateCode, string[]>;

const practices = new Map<Specialty, readonly string[]>();
/** The practices a specialty works at: its own (PRACTICES), "{city} <specialty> Associates" for a doctor's, else any. */
function practicesOf(specialty: Specialty): readonly string[] {
  let patterns = practices.get(specialty);
  if (!patterns) {
    const doctor = specialty.profession === 'physician' || specialty.profession === 'surgeon';
    patterns =
      PRACTICES[specialty.name] ??
      (doctor ? [`{city} ${specialty.name} Associates`] : ORG_KINDS.clinic.patterns);
    practices.set(specialty, patterns);
  }
  return patterns;
}

const PROVIDER_INDUSTRIES = new Set([
  'Hospital & Health Care',
  'Hospitals & Physicians Clinics',
  'Healthcare Services',
]);
/** "Houston General Hospital" bills through "Houston Medical Group", "St. Mary Medical Center" through "St. Mary Medical Group". */
const medicalGroupOf = (hospital: string) =>
  `${hospital.replace(/ (General |Memorial |Community )?(Hospital|Medical Center)\b/, '')} Medical Group`;

/**
 * Where a professional works, in the city they live and practise in: one of the city's hospitals,
 * a national employer present in their state, a real school named for the city, or a local health
 * system, clinic, care provider or agency named after the city. An organization's industry, size
 * and revenue follow from its name, so everyone at "Tulsa General Hospital" agrees on them.
 */
export function employerFor(random: Random, specialty: Specialty, state: StateCode, city: string): Employer {
  const picked = employerKinds(PROFESSIONS[specialty.profession]).pick(random);
  // A school employs people in its own city: where no school is named for the city, a hospital does.
  const schools = picked === 'university' ? schoolsOfCity(city, state) : [];
  const kindName = picked === 'university' && schools.length === 0 ? 'hospital' : picked;
  if (kindName === 'national') {
    const org = anyOf(random, nationalOrgsIn(state));
    const label = org.domain.slice(0, org.domain.lastIndexOf('.'));
    const group = PROVIDER_INDUSTRIES.has(org.industry) ? `${org.name} Medical Group` : null;
    return { ...org, mailDomain: `${label}.example`, hospital: null, group };
  }
  const kind = ORG_KINDS[kindName];
  const hospitals = kindName === 'hospital' ? hospitalsIn(city, state) : [];
  const hospital = hospitals.length > 0 ? commonFirst(random, hospitals, 1.5) : null;
  const cityHash = hashText(city + state);
  const name =
    hospital?.name ??
    (schools.length > 0
      ? anyOf(random, schools)
      : anyOf(random, kindName === 'clinic' ? practicesOf(specialty) : kind.patterns)
          .replace('{city}', city)
          .replace('{state}', US_STATES[state])
          // Each city has a few saints' hospitals, not twenty.
          .replace('{saint}', SAINTS[(cityHash + Math.floor(random() * 3)) % SAINTS.length]!)
          .replace('{surname}', commonFirst(random, COMMON_SURNAMES))
          .replace('{surname2}', commonFirst(random, COMMON_SURNAMES)));
  const h = hashText(name);
  const label = labelOf(name);
  return {
    name,
    domain: `${label}.${kind.tld}`,
    mailDomain: `${label}.example`,
    industry: kind.industries[h % kind.industries.length]!,
    size: kind.sizes[(h >>> 8) % kind.sizes.length]!,
    revenue: kind.revenues[(h >>> 16) % kind.revenues.length]!,
    hospital,
    group: groupOf(kindName, name),
  };
}

const groups = new Map<string, string | null>();
/** The group practice of an employer: a practice is its own, a hospital's or system's is its medical group. */
function groupOf(kindName: OrgKindName, name: string): string | null {
  let group = groups.get(name);
  if (group === undefined) {
    group =
      kindName === 'hospital'
        ? medicalGroupOf(name)
        : kindName === 'system'
          ? `${name} Medical Group`
          : kindName === 'university'
            ? `${name} Physicians`
            : kindName === 'government'
              ? null
              : name;
    groups.set(name, group);
  }
  return group;
}

/**
 * The hospitals a clinician is affiliated with (CMS lists up to five): their employer when it is a
 * hospital, then general hospitals of their city (and the `kinds` of hospital their specialty
 * works at), now and then one elsewhere in their state.
 */
export function affiliationsOf(
  random: Random,
  employer: Employer,
  place: { state: StateCode; city: string },
  kinds: readonly HospitalKind[] = [],
): { ccn: string; name: string }[] {
  const { state, city } = place;
  const count = chance(random, 0.6) ? 1 : chance(random, 0.75) ? 2 : 3;
  const own = hospitalsIn(city, state).filter(
    (h) => h !== employer.hospital && (h.kind === 'general' || kinds.includes(h.kind)),
  );
  const picked = [...(employer.hospital ? [employer.hospital] : []), ...sample(random, own, count)].slice(
    0,
    count,
  );
  if (chance(random, 0.1)) {
    const elsewhere = hospitalsIn(anyOf(random, CITIES_OF[state]), state).filter((h) => h.kind === 'general');
    const extra = elsewhere.length > 0 ? anyOf(random, elsewhere) : null;
    if (extra && !picked.includes(extra)) picked.push(extra);
  }
  return picked.map(({ ccn, name }) => ({ ccn, name }));
}
