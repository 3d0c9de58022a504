import { CANDIDATE_FIELDS, type CandidateFieldTable, updatableFieldsOf } from '@healthtal/contracts';
import { hash53 } from '../nppes/nppes-fields';
import type { StagedClinician } from './dac-state';

/** The candidate fields CMS's file fills (`updatable: 'cms-dac'`), in the field table's order. */
export const DAC_FIELDS = updatableFieldsOf(CANDIDATE_FIELDS as CandidateFieldTable, 'cms-dac') as DacField[];
export type DacField =
  | 'medicalSchool'
  | 'graduationYear'
  | 'secondarySpecialties'
  | 'groupPractice'
  | 'hospitalAffiliations'
  | 'telehealth'
  | 'primarySpecialty';

export type DacFields = {
  medicalSchool: string | null;
  graduationYear: number | null;
  secondarySpecialties: string[] | null;
  groupPractice: string | null;
  hospitalAffiliations: { ccn: string | null; name: string | null }[] | null;
  telehealth: boolean | null;
  primarySpecialty: string | null;
};

/** Words CMS writes in capitals that stay so: legal forms, degrees, acronyms of schools and systems. */
const KEPT_UPPER = new Set(
  'LLC PLLC PC PA INC LLP LTD PSC SC MD DO DDS DMD OD NP DPM PHD PT CRNA II III IV US USA VA HCA UCLA UCSF USC NYU LSU SUNY UNC UAB VCU MUSC OHSU UT UTMB UPMC SSM CHI NHS UMDNJ'.split(
    ' ',
  ),
);
const SMALL = new Set(['of', 'and', 'the', 'at', 'in', 'for', 'on', 'de', 'la', 'del', 'y', 'du']);

/**
 * CMS's capitals as a name reads: "UNIV OF ARIZONA COLLEGE OF MEDICINE" → "Univ of Arizona College
 * of Medicine", "CARDIOVASCULAR DISEASE (CARDIOLOGY)" → "Cardiovascular Disease (Cardiology)",
 * "MAYO CLINIC ARIZONA LLC" → "Mayo Clinic Arizona LLC". A text already in mixed case is kept.
 */
export function displayName(text: string | null): string | null {
  if (text === null) return null;
  const value = text.replace(/\s+/g, ' ').trim();
  if (value === '' || value !== value.toUpperCase()) return value || null;
  let first = true;
  return value.replace(/[A-Za-z][A-Za-z']*/g, (word) => {
    const lower = word.toLowerCase();
    const shown = KEPT_UPPER.has(word)
      ? word
      : !first && SMALL.has(lower)
        ? lower
        : lower.charAt(0).toUpperCase() + lower.slice(1);
    first = false;
    return shown;
  });
}

/** CMS writes "OTHER" for a school it does not list: that is no school to show. */
const schoolOf = (school: string | null) =>
  school === null || /^other$/i.test(school.trim()) ? null : displayName(school);

/** The most frequent of the groups (one per row), the first of them on a tie; null when none. */
function mostFrequent(groups: readonly string[]): string | null {
  const counts = new Map<string, number>();
  let best: string | null = null;
  for (const group of groups) {
    if (!group) continue;
    const n = (counts.get(group) ?? 0) + 1;
    counts.set(group, n);
    if (best === null || n > counts.get(best)!) best = group;
  }
  return best;
}

/**
 * One clinician's fields from all their rows: the most frequent group practice, every affiliation
 * once (by CCN; names from the hospitals file when given, else the older vintage's own, else none),
 * the secondary specialties merged without the primary one.
 */
export function dacFieldsOf(
  staged: StagedClinician,
  hospitals: ReadonlyMap<string, string> | null,
): DacFields {
  const primary = displayName(staged.primarySpecialty);
  const secondaries: string[] = [];
  for (const s of staged.secondaries) {
    const shown = displayName(s);
    if (shown && shown.toLowerCase() !== primary?.toLowerCase() && !secondaries.includes(shown))
      secondaries.push(shown);
  }
  const affiliations: { ccn: string | null; name: string | null }[] = [];
  const seen = new Set<string>();
  for (const [ccn, name] of staged.affiliations) {
    const id = ccn ?? `name:${name}`;
    if (seen.has(id)) continue;
    seen.add(id);
    affiliations.push({ ccn, name: displayName((ccn && hospitals?.get(ccn)) || name) });
  }
  return {
    medicalSchool: schoolOf(staged.medicalSchool),
    graduationYear: staged.graduationYear,
    secondarySpecialties: secondaries.length > 0 ? secondaries.slice(0, 10) : null,
    groupPractice: displayName(mostFrequent(staged.groups)),
    hospitalAffiliations: affiliations.length > 0 ? affiliations.slice(0, 50) : null,
    telehealth: staged.telehealth,
    primarySpecialty: primary,
  };
}

const hashOf = (value: unknown) =>
  value === null || value === undefined ? '' : hash53(JSON.stringify(value));

/**
 * What the fingerprint hashes, one slot per field in DAC_FIELDS order, then one of the
 * affiliations' names: the affiliations' own slot holds their CCNs only, so a run that cannot
 * name the hospitals (no hospitals file) compares the list and keeps the names an earlier run wrote.
 */
type Slot = DacField | 'affiliationNames';
const SLOTS: readonly Slot[] = [...DAC_FIELDS, 'affiliationNames'];
const slotValue = (fields: DacFields, slot: Slot): unknown => {
  const affiliations = fields.hospitalAffiliations;
  if (slot === 'hospitalAffiliations') return affiliations?.map((a) => a.ccn ?? a.name);
  if (slot === 'affiliationNames') return affiliations?.map((a) => a.name);
  return fields[slot];
};

/** One hash per slot: what dac_clinicians keeps. */
export function dacFingerprintOf(fields: DacFields): string {
  return SLOTS.map((slot) => hashOf(slotValue(fields, slot))).join(',');
}

/** What a run cannot know, so never compares: `affiliationNames` without a hospitals file. */
export type UnknownDacField = DacField | 'affiliationNames';

/**
 * The fields whose value differs from the fingerprint's, leaving out those this run cannot know
 * (`unknown`: telehealth from a file without the column, affiliations from the newer vintage
 * without its affiliation file, their names without the hospitals file), and the fingerprint to
 * keep (the unknown slots' old hashes).
 */
export function changedDacFields(
  fields: DacFields,
  previous: string | null,
  unknown: ReadonlySet<UnknownDacField>,
): { changed: Partial<DacFields>; fingerprint: string } {
  const before = previous?.split(',') ?? [];
  const after = dacFingerprintOf(fields).split(',');
  const changedSlots = new Set<Slot>();
  SLOTS.forEach((slot, i) => {
    if (unknown.has(slot)) after[i] = before[i] ?? '';
    else if ((before[i] ?? '') !== after[i]) changedSlots.add(slot);
  });
  if (changedSlots.delete('affiliationNames')) changedSlots.add('hospitalAffiliations');
  const changed: Partial<Record<DacField, unknown>> = {};
  for (const field of DAC_FIELDS) if (changedSlots.has(field)) changed[field] = fields[field];
  return { changed: changed as Partial<DacFields>, fingerprint: after.join(',') };
}
