import { createRequire } from 'node:module';
import {
  cleanLocation,
  cleanValue,
  credentialsOf,
  isBlankValue,
  normalizeSpecialty,
  parseEducation,
  type StateCode,
} from '@healthtal/contracts';
import { UsZipCode } from '@healthtal/contracts/domain/zip-codes';
import { describe, expect, it } from 'vitest';
import type { CandidateRow } from './candidate-row';
import { syntheticCandidate } from './synthetic';
import { CCN_STATE_CODES, GENERAL_HOSPITALS, SPECIAL_HOSPITALS } from './synthetic-data/hospitals';
import { ORG_KINDS, PRACTICES } from './synthetic-data/organizations';
import { PLACES } from './synthetic-data/places';
import { SCHOOLS } from './synthetic-data/schools';
import { PROGRAMS_OF_SCHOOL } from './synthetic-education';

/** What a recruiter would check on the default directory `npm start` seeds (issue 34). */
const SIZE = 20_000;
const directory: CandidateRow[] = Array.from({ length: SIZE }, (_, i) => syntheticCandidate(1, i));
const where = (c: CandidateRow) => {
  const [city, state] = (cleanLocation(c.location) ?? '').split(', ');
  return city && state ? { city, state: state as StateCode } : null;
};
const specialtyOf = (c: CandidateRow) => {
  const specialty = cleanValue(c.specialty);
  return specialty ? normalizeSpecialty(specialty) : null;
};
const titled = (names: string[]) =>
  directory.filter((c) => names.includes(specialtyOf(c) ?? '') && !isBlankValue(c.title));
const { codes } = createRequire(import.meta.url)('zipcodes') as { codes: Record<string, unknown> };
const zipPlace = (zip: string) => (codes[zip] === undefined ? null : UsZipCode.parse(codes[zip]));

describe('the synthetic directory a recruiter would believe', () => {
  it('puts every office ZIP code in the city and state of its row, as the ZIP data package has them', () => {
    const offices = directory.filter(
      (c) => !isBlankValue(c.officeZip) && !isBlankValue(c.officeCity) && !isBlankValue(c.officeState),
    );
    expect(offices.length).toBeGreaterThan(0.8 * SIZE);
    for (const c of offices) {
      const place = zipPlace(c.officeZip!.slice(0, 5));
      expect(place, c.officeZip!).not.toBeNull();
      expect(`${place!.city.toUpperCase()}, ${place!.state}`, c.officeZip!).toBe(
        `${c.officeCity!.toUpperCase()}, ${c.officeState}`,
      );
    }
    const sanFrancisco = offices.filter((c) => c.officeCity === 'San Francisco');
    expect(sanFrancisco.length).toBeGreaterThan(100);
    expect(new Set(sanFrancisco.map((c) => c.officeZip!.slice(0, 5))).size).toBeGreaterThan(20);
  });

  it('dials every phone number with an area code of the person’s city', () => {
    let dialled = 0;
    for (const c of directory) {
      const place = where(c);
      if (!place) continue;
      const city = PLACES[place.state].cities.find((p) => p.name === place.city)!;
      for (const phone of [c.phone, c.directPhone]) {
        if (!phone) continue;
        const areaCode = phone
          .replace(/\D/g, '')
          .replace(/^1(?=\d{10}$)/, '')
          .slice(0, 3);
        expect(city.areaCodes, `${phone} in ${place.city}, ${place.state}`).toContain(areaCode);
        dialled++;
      }
    }
    expect(dialled).toBeGreaterThan(0.9 * SIZE);
    const houston = PLACES.TX.cities.find((c) => c.name === 'Houston')!;
    expect(houston.areaCodes).not.toContain('214');
  });

  it('grants every degree from a school that grants it: an MD from a medical school, never from Walden, Chamberlain or WGU', () => {
    const programs = {
      MD: 'md',
      DO: 'do',
      PharmD: 'rx',
      BSN: 'rn',
      DPT: 'pt',
      DDS: 'dds',
      DMD: 'dds',
    } as const;
    const doctors: string[] = [];
    for (const c of directory) {
      for (const { school, degree } of parseEducation(c.education)) {
        for (const one of degree.split(', ')) {
          const program = programs[one as keyof typeof programs];
          if (program)
            expect(PROGRAMS_OF_SCHOOL.get(school)?.has(program), `${one} from ${school}`).toBe(true);
          if (one === 'MD' || one === 'DO') doctors.push(school);
        }
      }
    }
    expect(doctors.length).toBeGreaterThan(1500);
    for (const online of ['Walden University', 'Chamberlain University', 'Western Governors University'])
      expect(doctors).not.toContain(online);
    // The school on the profile is the one the person practises on: a physician's medical school.
    const doctor = (c: CandidateRow) => credentialsOf(c.title).some((k) => k === 'MD' || k === 'DO');
    const physicians = directory.filter((c) => c.medicalSchool && doctor(c));
    expect(physicians.length).toBeGreaterThan(1000);
    for (const c of physicians) {
      const own = PROGRAMS_OF_SCHOOL.get(c.medicalSchool!);
      expect(own?.has('md') || own?.has('do'), c.medicalSchool!).toBe(true);
    }
  });

  it('employs people in their own city: every employer named for a city is named for theirs', () => {
    const literal = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    const cities = Object.values(PLACES).flatMap((state) => state.cities.map((c) => literal(c.name)));
    const cityPatterns = [
      ...Object.values(ORG_KINDS).flatMap((kind) => kind.patterns),
      ...Object.values(PRACTICES).flat(),
      ...GENERAL_HOSPITALS,
      ...SPECIAL_HOSPITALS.map(([pattern]) => pattern),
    ]
      .filter((pattern) => pattern.includes('{city}'))
      .map((pattern) => {
        const source = literal(pattern)
          .replace('{city}', `(?<city>${cities.join('|')})`)
          .replace(/\{[a-z0-9]+\}/g, '.+');
        return new RegExp(`^${source}$`);
      });
    const cityOf = (name: string) => {
      for (const pattern of cityPatterns) {
        const city = pattern.exec(name)?.groups?.city;
        if (city) return city;
      }
      return SCHOOLS.some(([school]) => school === name) ? name : null;
    };
    let named = 0;
    for (const c of directory) {
      const place = where(c);
      const employer = cleanValue(c.companyName);
      if (!place || !employer) continue;
      const city = cityOf(employer);
      if (city === null) continue;
      named++;
      expect(city, `${employer} for someone in ${place.city}`).toContain(place.city);
    }
    expect(named).toBeGreaterThan(0.4 * SIZE);
  });

  it('writes one location format, "City, ST", the city and state of the row', () => {
    const locations = directory.map((c) => cleanLocation(c.location)).filter((l) => l !== null);
    expect(locations.length).toBeGreaterThan(0.97 * SIZE);
    for (const location of locations) expect(location).toMatch(/^[A-Z][A-Za-z .'-]+, [A-Z]{2}$/);
    for (const c of directory.filter((c) => where(c) && !isBlankValue(c.city) && !isBlankValue(c.state)))
      expect(c.location).toBe(`${c.city}, ${c.state}`);
  });

  it('gives graduation years that make 1 to 40 years in practice, most mid-career, none started before they graduated', () => {
    const years = directory.filter((c) => c.graduationYear !== null).map((c) => 2026 - c.graduationYear!);
    expect(years.length).toBeGreaterThan(0.95 * SIZE);
    expect(Math.min(...years)).toBe(1);
    expect(Math.max(...years)).toBe(40);
    const sorted = [...years].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    expect(median).toBeGreaterThanOrEqual(12);
    expect(median).toBeLessThanOrEqual(22);
    const share = (test: (y: number) => boolean) => years.filter(test).length / years.length;
    expect(share((y) => y < 5)).toBeGreaterThan(0.04);
    expect(share((y) => y < 5)).toBeLessThan(0.2);
    expect(share((y) => y >= 30)).toBeGreaterThan(0.05);
    expect(share((y) => y >= 30)).toBeLessThan(0.25);
    for (const c of directory.filter((c) => c.graduationYear && !isBlankValue(c.companyStartDate)))
      expect(Number(c.companyStartDate!.slice(0, 4)), c.candidateId).toBeGreaterThanOrEqual(
        c.graduationYear!,
      );
    const residents = directory.filter((c) => /^Resident Physician|^Surgical Resident/.test(c.title ?? ''));
    expect(residents.length).toBeGreaterThan(10);
    for (const c of residents.filter((c) => c.graduationYear))
      expect(2026 - c.graduationYear!).toBeLessThanOrEqual(4);
  });

  it('licenses people in the state they practise in, some in several, nurses under a nursing taxonomy', () => {
    const licensed = directory.filter((c) => c.licenseRecords !== null && c.licenseRecords !== undefined);
    expect(licensed.length).toBeGreaterThan(0.8 * SIZE);
    for (const c of licensed) {
      const records = c.licenseRecords!;
      expect(records[0]!.primary).toBe(true);
      expect(records.filter((r) => r.primary)).toHaveLength(1);
      const place = where(c);
      if (place) expect(records[0]!.state).toBe(place.state);
    }
    const nurses = directory.filter((c) => specialtyOf(c) === 'Nurse');
    expect(nurses.every((c) => c.licenseRecords?.some((r) => r.taxonomyCode?.startsWith('163W')))).toBe(true);
    const states = (c: CandidateRow) => new Set(c.licenseRecords!.map((r) => r.state)).size;
    const multiState = nurses.filter((c) => states(c) > 1).length / nurses.length;
    expect(multiState).toBeGreaterThan(0.05);
    expect(multiState).toBeLessThan(0.3);
    // Texas is a Nurse Licensure Compact state, California is not: both have nurses licensed at home.
    for (const state of ['TX', 'CA'])
      expect(
        nurses.filter((c) => c.licenseRecords!.some((r) => r.state === state && r.primary)).length,
      ).toBeGreaterThan(300);
    const practitioners = directory.filter((c) => specialtyOf(c) === 'Nurse Practitioner');
    expect(practitioners.every((c) => c.licenseRecords!.some((r) => r.taxonomyCode === '163W00000X'))).toBe(
      true,
    );
    const vocational = directory.filter((c) => c.licenseRecords?.[0]?.taxonomyCode === '164X00000X');
    expect(vocational.length).toBeGreaterThan(20);
    expect(vocational.every((c) => ['CA', 'TX'].includes(c.licenseRecords![0]!.state))).toBe(true);
  });

  it('titles people with the credential text a registry has, which the Credential filter reads', () => {
    const expected: [string, string[]][] = [
      ['Nurse', ['RN']],
      ['Nurse Practitioner', ['NP']],
      ['Physician Assistant', ['PA-C']],
      ['Certified Registered Nurse Anesthetist', ['CRNA']],
      ['Licensed Practical Nurse', ['LPN']],
      ['Pharmacist', ['PharmD', 'RPh']],
      ['Dentist', ['DDS', 'DMD']],
      ['Cardiology', ['MD', 'DO']],
      ['Family Medicine', ['MD', 'DO']],
    ];
    for (const [specialty, credentials] of expected) {
      const people = titled([specialty]);
      expect(people.length, specialty).toBeGreaterThan(30);
      for (const c of people)
        expect(
          credentialsOf(c.title!).some((k) => credentials.includes(k)),
          `${specialty}: ${c.title}`,
        ).toBe(true);
    }
    // An MD's credential says MD, a DO's DO: the degree they hold.
    for (const c of titled(['Physician', 'Internal Medicine', 'Surgeon'])) {
      const degrees = parseEducation(c.education).flatMap((e) => e.degree.split(', '));
      const credential = credentialsOf(c.title!);
      if (degrees.includes('MD')) expect(credential, c.title!).toContain('MD');
      if (degrees.includes('DO')) expect(credential, c.title!).toContain('DO');
    }
    const titles = new Set(directory.map((c) => c.title));
    for (const title of ['RN', 'BSN, RN', 'MD', 'DO', 'PA-C', 'PharmD', 'M.D.'])
      expect(titles, title).toContain(title);
  });

  it('fills the CMS Doctors and Clinicians fields for the clinicians CMS lists, with hospitals of their state', () => {
    const physicians = directory.filter((c) => credentialsOf(c.title).some((k) => k === 'MD' || k === 'DO'));
    const share = (rows: CandidateRow[], test: (c: CandidateRow) => boolean) =>
      rows.filter(test).length / rows.length;
    expect(share(physicians, (c) => (c.hospitalAffiliations?.length ?? 0) > 0)).toBeGreaterThan(0.65);
    expect(share(physicians, (c) => c.groupPractice !== null)).toBeGreaterThan(0.6);
    expect(share(physicians, (c) => (c.secondarySpecialties?.length ?? 0) > 0)).toBeGreaterThan(0.15);
    expect(share(physicians, (c) => c.telehealth === true)).toBeGreaterThan(0.2);
    const nurses = directory.filter((c) => specialtyOf(c) === 'Nurse');
    expect(nurses.every((c) => c.hospitalAffiliations === null && c.telehealth === null)).toBe(true);
    for (const c of directory.filter((c) => c.hospitalAffiliations)) {
      const place = where(c);
      for (const { ccn, name } of c.hospitalAffiliations!) {
        expect(ccn).toMatch(/^\d{6}$/);
        if (place) expect(ccn!.slice(0, 2), `${name} in ${place.state}`).toBe(CCN_STATE_CODES[place.state]);
        if (/Children's/.test(name!)) expect(ccn!.slice(2, 4)).toBe('33');
      }
    }
  });

  it('gives a few people the registry’s name prefix or suffix, and nobody an NPI', () => {
    const prefixes = directory.filter((c) => c.namePrefix).length / SIZE;
    expect(prefixes).toBeGreaterThan(0.02);
    expect(prefixes).toBeLessThan(0.12);
    expect(new Set(directory.map((c) => c.namePrefix))).toEqual(new Set([null, 'Dr.', 'Ms.', 'Mrs.', 'Mr.']));
    expect(new Set(directory.map((c) => c.nameSuffix))).toEqual(
      new Set([null, 'Jr.', 'Sr.', 'II', 'III', 'IV']),
    );
    expect(directory.filter((c) => c.nameSuffix).length / SIZE).toBeLessThan(0.03);
    const doctors = directory.filter((c) => c.namePrefix === 'Dr.');
    expect(
      doctors.every(
        (c) =>
          /\b(M\.?D|D\.?O|DDS|DMD|PharmD|DPT|OD|DC|DPM|PsyD|PhD|AuD)\b/.test(c.education ?? c.title ?? '') ||
          isBlankValue(c.education),
      ),
    ).toBe(true);
    expect(directory.some((c) => 'npi' in c)).toBe(false);
  });
});
