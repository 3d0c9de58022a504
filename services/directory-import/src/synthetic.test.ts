import {
  CandidateImported,
  COMPANY_INDUSTRIES,
  COMPANY_REVENUES,
  COMPANY_SIZES,
  canonicalSpecialty,
  cleanValue,
  isBlankValue,
  normalizeSpecialty,
  parseEducation,
  parseSkills,
  SPECIALTY_NAMES,
  STATE_CODES,
} from '@healthtal/contracts';
import { describe, expect, it } from 'vitest';
import { importEventIdFor } from './candidate-ids';
import type { CandidateRow } from './candidate-row';
import { syntheticCandidate } from './synthetic';
import { NURSE, OTHER_SPECIALTIES, PHYSICIAN } from './synthetic-data/specialties';

const SIZE = 20_000;
const directory: CandidateRow[] = Array.from({ length: SIZE }, (_, i) => syntheticCandidate(1, i));
const share = (predicate: (c: CandidateRow) => boolean) => directory.filter(predicate).length / SIZE;
const countBy = (key: (c: CandidateRow) => string | null) => {
  const counts = new Map<string, number>();
  for (const candidate of directory) {
    const value = key(candidate);
    if (value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return counts;
};
const merged = (c: CandidateRow) => {
  const specialty = cleanValue(c.specialty);
  return specialty ? normalizeSpecialty(specialty) : null;
};

describe('the synthetic directory', () => {
  it('gives the same candidate for the same seed and index, and different people for another seed', () => {
    expect(syntheticCandidate(1, 12_345)).toEqual(directory[12_345]);
    expect(syntheticCandidate(42, 7)).toEqual(syntheticCandidate(42, 7));
    const other = syntheticCandidate(2, 12_345);
    expect(other.candidateId).not.toBe(directory[12_345]!.candidateId);
    expect(other.sourceRef).toBe('synthetic:2:12345');
    const differing = Array.from({ length: 100 }, (_, i) => syntheticCandidate(2, i)).filter(
      (c, i) => c.firstName !== directory[i]!.firstName || c.lastName !== directory[i]!.lastName,
    );
    expect(differing.length).toBeGreaterThan(80);
    expect(new Set(directory.map((c) => c.candidateId)).size).toBe(SIZE);
  });

  it('names candidates in import order, so bulk inserts append to every index', () => {
    const ids = directory.map((c) => c.candidateId);
    expect([...ids].sort()).toEqual(ids);
    expect(
      syntheticCandidate(1, 2 ** 24 + 5).candidateId > syntheticCandidate(1, 2 ** 24 - 1).candidateId,
    ).toBe(true);
    const events = ids.map(importEventIdFor);
    expect([...events].sort()).toEqual(events);
    expect(new Set([...ids, ...events]).size).toBe(2 * SIZE);
  });

  it('fills every field of the CandidateImported event with values its schema accepts', () => {
    for (const candidate of directory.slice(0, 3000)) {
      const parsed = CandidateImported.safeParse({
        type: 'CandidateImported',
        data: { ...candidate, emailHash: null, phoneHash: null },
      });
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    }
    // The NPI registry's own record of a provider (its NPI, the taxonomy code and licence text of
    // its record, its file and dates) belongs to registry candidates only: a synthetic one is
    // nobody's record, as a CSV row is none. Everything a recruiter reads about them is filled,
    // the licences, school, graduation year, affiliations and telehealth of issue 34 included.
    const registryOnly = new Set([
      'npi',
      'taxonomyCode',
      'licenses',
      'sourceDate',
      'sourceUpdatedOn',
      'sourceFile',
    ]);
    // CMS's primary specialty text, for the profile beside the registry's: the CMS import's alone.
    registryOnly.add('primarySpecialty');
    const fields = Object.keys(CandidateImported.shape.data.shape).filter(
      (f) => !f.endsWith('Hash') && !registryOnly.has(f),
    );
    expect(fields).toEqual(
      expect.arrayContaining(['namePrefix', 'licenseRecords', 'hospitalAffiliations', 'telehealth']),
    );
    for (const field of fields) {
      const filled = directory.some((c) => {
        const value = c[field as keyof CandidateRow];
        return Array.isArray(value) ? value.length > 0 : !isBlankValue(String(value ?? ''));
      });
      expect(filled, field).toBe(true);
    }
    for (const field of registryOnly)
      expect(
        directory.every((c) => !(field in c)),
        field,
      ).toBe(true);
  });

  it('is led by nurses (about half) and physicians (about 11 %), across 60 to 80 specialties', () => {
    expect(share((c) => merged(c) === 'Nurse')).toBeGreaterThan(0.47);
    expect(share((c) => merged(c) === 'Nurse')).toBeLessThan(0.53);
    expect(share((c) => merged(c) === 'Physician')).toBeGreaterThan(0.095);
    expect(share((c) => merged(c) === 'Physician')).toBeLessThan(0.13);
    const specialties = countBy(merged);
    expect(specialties.size).toBeGreaterThanOrEqual(60);
    expect(specialties.size).toBeLessThanOrEqual(80);
    // Real imports spell one specialty several ways; the case-insensitive merge must fold them.
    const spellings = new Set(directory.map((c) => c.specialty));
    for (const spelling of [
      'Nurse',
      'nurse',
      'OBGYN',
      'OB/GYN',
      'obgyn',
      'Nurse Practitioner',
      'nurse practitioner',
    ]) {
      expect(spellings, spelling).toContain(spelling);
    }
    expect(specialties.get('OBGYN')).toBeGreaterThan(20);
  });

  it('draws exactly the specialty taxonomy: every name the A–Z page links finds people', () => {
    const drawn = [NURSE, PHYSICIAN, ...OTHER_SPECIALTIES];
    expect(drawn.map((s) => s.name).sort()).toEqual([...SPECIALTY_NAMES].sort());
    for (const specialty of drawn) {
      for (const [spelling] of specialty.spellings ?? [])
        expect(canonicalSpecialty(spelling)).toBe(specialty.name);
    }
    const specialties = countBy(merged);
    expect([...specialties.keys()].sort()).toEqual([...SPECIALTY_NAMES].sort());
    for (const name of SPECIALTY_NAMES) expect(specialties.get(name), name).toBeGreaterThanOrEqual(1);
  });

  it('spreads people over every state and DC by population, in real cities', () => {
    const states = countBy((c) => cleanValue(c.state));
    expect([...states.keys()].sort()).toEqual([...STATE_CODES].sort());
    const n = (state: string) => states.get(state) ?? 0;
    expect(n('CA')).toBeGreaterThan(n('TX'));
    expect(n('TX')).toBeGreaterThan(n('NY'));
    expect(n('CA')).toBeGreaterThan(20 * n('WY'));
    expect(n('FL')).toBeGreaterThan(10 * n('VT'));
    const californians = directory.filter((c) => c.state === 'CA' && !isBlankValue(c.city));
    expect(new Set(californians.map((c) => c.city))).toContain('Los Angeles');
  });

  it('uses every company size, revenue band and industry of the filter lists', () => {
    expect(new Set(directory.map((c) => c.companyEmployees))).toEqual(
      new Set([...COMPANY_SIZES, null, 'null', 'NULL', 'undefined', '']),
    );
    expect(new Set(directory.map((c) => c.companyRevenueRange))).toEqual(
      new Set([...COMPANY_REVENUES, null, 'null', 'NULL', 'undefined', '']),
    );
    expect(new Set(directory.map((c) => c.companyIndustry))).toEqual(
      new Set([...COMPANY_INDUSTRIES, null, 'null', 'NULL', 'undefined', '']),
    );
    expect(countBy((c) => c.companyName).size).toBeGreaterThan(500);
  });

  it('leaves some fields empty or the literal text "null", as real imports do', () => {
    const blankTitles = share((c) => isBlankValue(c.title));
    expect(blankTitles).toBeGreaterThan(0.02);
    expect(blankTitles).toBeLessThan(0.07);
    expect(share((c) => c.companyIndustry === 'null' || c.companyIndustry === 'NULL')).toBeGreaterThan(0.002);
    expect(directory.some((c) => c.location === 'null, null')).toBe(true);
  });

  it('writes skills and education in the formats the card parses', () => {
    const skills = directory.filter((c) => !isBlankValue(c.skills));
    expect(skills.some((c) => c.skills!.startsWith('["'))).toBe(true);
    expect(skills.some((c) => c.skills!.includes(', ') && !c.skills!.includes('"'))).toBe(true);
    expect(skills.some((c) => /"null"|, ,|,null/.test(c.skills!))).toBe(true);
    for (const candidate of skills.slice(0, 2000)) {
      const parsed = parseSkills(candidate.skills);
      expect(parsed.length).toBeGreaterThanOrEqual(3);
      expect(parsed.length).toBeLessThanOrEqual(15);
      expect(parsed).not.toContain('null');
    }
    const educated = directory.filter((c) => !isBlankValue(c.education));
    expect(educated.some((c) => c.education!.startsWith('[{"school-name"'))).toBe(true);
    expect(educated.some((c) => c.education!.startsWith('school-name: '))).toBe(true);
    for (const candidate of educated.slice(0, 2000)) {
      const entries = parseEducation(candidate.education);
      expect(entries.length).toBeGreaterThanOrEqual(1);
      expect(entries.length).toBeLessThanOrEqual(3);
      expect(entries.every((e) => e.school.length > 0 && e.degree.length > 0)).toBe(true);
    }
    const nurses = educated.filter((c) => merged(c) === 'Nurse').map((c) => c.education!);
    expect(nurses.some((e) => e.includes('BSN'))).toBe(true);
    const pharmacists = educated.filter((c) => merged(c) === 'Pharmacist').map((c) => c.education!);
    expect(pharmacists.every((e) => e.includes('PharmD'))).toBe(true);
  });

  it('gives contacts nobody owns: example domains and 555-01xx numbers', () => {
    for (const c of directory) {
      if (c.personalEmail) expect(c.personalEmail).toMatch(/@example\.(com|net|org)$/);
      if (c.workEmail) expect(c.workEmail).toMatch(/\.example$/);
      for (const phone of [c.phone, c.directPhone]) {
        if (phone) expect(phone.replace(/\D/g, '')).toMatch(/^1?\d{3}55501\d\d$/);
      }
    }
    expect(new Set(directory.map((c) => c.personalEmail).filter(Boolean)).size).toBe(
      directory.filter((c) => c.personalEmail).length,
    );
  });

  it('has email statuses of about 70 % valid and 10 % each accept-all, unknown and invalid', () => {
    const withEmail = directory.filter((c) => c.personalEmail || c.workEmail);
    const of = (status: string) =>
      withEmail.filter((c) => c.emailStatus === status).length / withEmail.length;
    expect(of('valid')).toBeGreaterThan(0.66);
    expect(of('valid')).toBeLessThan(0.74);
    for (const status of ['accept_all', 'unknown', 'invalid']) {
      expect(of(status), status).toBeGreaterThan(0.08);
      expect(of(status), status).toBeLessThan(0.12);
    }
    const verified = withEmail.filter((c) => c.emailVerifiedAt !== null);
    expect(verified.length / withEmail.length).toBeGreaterThan(0.7);
    expect(verified.length).toBeLessThan(withEmail.length);
    const twoYears = Date.parse('2024-11-01T00:00:00Z');
    expect(verified.every((c) => Date.parse(c.emailVerifiedAt!) >= twoYears)).toBe(true);
  });
});
