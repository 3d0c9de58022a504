import type { StateCode } from '@healthtal/contracts';
import { US_STATES } from '@healthtal/contracts';
import { anyOf, commonFirst, hashText, type Random, Weighted } from './random';
import {
  NATIONAL_ORGS,
  NATIONAL_SCHOOLS,
  type NationalOrg,
  ORG_KINDS,
  type OrgKindName,
  SAINTS,
  SCHOOLS,
} from './synthetic-data/organizations';
import { SURNAMES } from './synthetic-data/people';
import type { Profession } from './synthetic-data/professions';

export type Employer = {
  name: string;
  domain: string;
  /** Where its staff's work mail goes: a reserved `.example` domain, so no address reaches anyone. */
  mailDomain: string;
  industry: string;
  /** Indexes into COMPANY_SIZES and COMPANY_REVENUES. */
  size: number;
  revenue: number;
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

const kindsOf = new Map<Profession, Weighted<OrgKindName | 'national'>>();
const nationalIn = new Map<StateCode, readonly NationalOrg[]>();

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

/**
 * Where a professional works: a national employer present in their state, or a local hospital,
 * clinic, care provider, school or agency named after their city. An organization's industry, size
 * and revenue follow from its name, so everyone at "Tulsa General Hospital" agrees on them.
 */
export function employerFor(
  random: Random,
  profession: Profession,
  state: StateCode,
  city: string,
): Employer {
  const kindName = employerKinds(profession).pick(random);
  if (kindName === 'national') {
    const org = anyOf(random, nationalOrgsIn(state));
    const label = org.domain.slice(0, org.domain.lastIndexOf('.'));
    return { ...org, mailDomain: `${label}.example` };
  }
  const kind = ORG_KINDS[kindName];
  const cityHash = hashText(city + state);
  const name = anyOf(random, kind.patterns)
    .replace('{city}', city)
    .replace('{state}', US_STATES[state])
    // Each city has a few saints' hospitals, not twenty.
    .replace('{saint}', SAINTS[(cityHash + Math.floor(random() * 3)) % SAINTS.length]!)
    .replace('{surname}', commonFirst(random, COMMON_SURNAMES))
    .replace('{surname2}', commonFirst(random, COMMON_SURNAMES));
  const h = hashText(name);
  let label = labels.get(name);
  if (label === undefined) {
    label = domainLabelOf(name);
    labels.set(name, label);
  }
  return {
    name,
    domain: `${label}.${kind.tld}`,
    mailDomain: `${label}.example`,
    industry: kind.industries[h % kind.industries.length]!,
    size: kind.sizes[(h >>> 8) % kind.sizes.length]!,
    revenue: kind.revenues[(h >>> 16) % kind.revenues.length]!,
  };
}

const schoolsIn = new Map<StateCode, readonly string[]>();
/** Mostly a school in their state, sometimes an online one, sometimes anywhere. */
export function schoolFor(random: Random, state: StateCode): string {
  let local = schoolsIn.get(state);
  if (!local) {
    local = SCHOOLS.filter(([, s]) => s === state).map(([name]) => name);
    schoolsIn.set(state, local);
  }
  const r = random();
  if (r < 0.55 && local.length > 0) return anyOf(random, local);
  if (r < 0.7) return anyOf(random, NATIONAL_SCHOOLS);
  return anyOf(random, SCHOOLS)[0];
}
