import { describe, expect, it } from 'vitest';
import {
  canonicalSpecialty,
  FALLBACK_HOME_SPECIALTIES,
  FALLBACK_SPECIALTY_COUNTS,
  knownSpecialty,
  SPECIALTIES,
  SPECIALTIES_A_TO_Z,
  SPECIALTY_NAMES,
  specialtyKey,
} from './specialties';

describe('the specialty taxonomy', () => {
  it('folds spellings, abbreviations and registry classifications into one display name', () => {
    for (const [raw, name] of [
      ['Registered Nurse', 'Nurse'],
      [' registered   NURSE ', 'Nurse'],
      ['RN', 'Nurse'],
      ['nurse', 'Nurse'],
      ['Ob/Gyn', 'OBGYN'],
      ['Obstetrics & Gynecology', 'OBGYN'],
      ['crna', 'Certified Registered Nurse Anesthetist'],
      ['emt', 'EMT'],
      ['ent', 'Otolaryngology'],
      ['Physical Medicine and Rehabilitation', 'Physical Medicine & Rehabilitation'],
      ['Orthopaedic Surgery', 'Orthopedic Surgery'],
      ['Dietitian, Registered', 'Registered Dietitian'],
      ['Emergency Medical Technician, Paramedic', 'Paramedic'],
    ] as const) {
      expect(canonicalSpecialty(raw), raw).toBe(name);
    }
  });

  it('names no spelling twice and is its own fixed point', () => {
    expect(new Set(SPECIALTY_NAMES).size).toBe(SPECIALTIES.length);
    for (const { name, aliases } of SPECIALTIES) {
      expect(knownSpecialty(name)).toBe(name);
      for (const alias of aliases) expect(knownSpecialty(alias), alias).toBe(name);
    }
    for (const raw of ['labor and delivery', 'CARDIAC icu', 'Forensic Nursing']) {
      const once = canonicalSpecialty(raw);
      expect(canonicalSpecialty(once)).toBe(once);
    }
  });

  it('tidies specialties outside the table, keeping acronyms in capitals', () => {
    expect(canonicalSpecialty('  CARDIAC   icu ')).toBe('Cardiac ICU');
    expect(canonicalSpecialty('labor AND delivery')).toBe('Labor and Delivery');
    expect(canonicalSpecialty('med-surg')).toBe('Med-Surg');
    expect(specialtyKey('Ob / Gyn')).toBe(specialtyKey('OBGYN'));
  });

  it('never shows a name title-casing would spoil, and the fallback counts use its names', () => {
    for (const name of SPECIALTY_NAMES) expect(name).not.toMatch(/^(Emt|Crna|Ent|Icu|Nicu|Obgyn)\b/);
    for (const { specialty } of FALLBACK_SPECIALTY_COUNTS) expect(SPECIALTY_NAMES).toContain(specialty);
  });
});

describe('the specialty lists of the public site', () => {
  it('falls back to 35 specialties on Home', () => {
    expect(new Set(FALLBACK_HOME_SPECIALTIES).size).toBe(35);
  });

  it('lists about 80 distinct specialties A to Z: the whole taxonomy, big groups included', () => {
    expect(new Set(SPECIALTIES_A_TO_Z).size).toBe(SPECIALTIES_A_TO_Z.length);
    expect(SPECIALTIES_A_TO_Z.length).toBeGreaterThanOrEqual(70);
    expect(SPECIALTIES_A_TO_Z.length).toBeLessThanOrEqual(90);
    expect(new Set(SPECIALTIES_A_TO_Z)).toEqual(new Set(SPECIALTY_NAMES));
    for (const big of ['Nurse', 'Physician', 'Nurse Practitioner', 'Physician Assistant', 'Pharmacist']) {
      expect(SPECIALTIES_A_TO_Z).toContain(big);
    }
    expect(FALLBACK_HOME_SPECIALTIES.every((name) => SPECIALTY_NAMES.includes(name))).toBe(true);
    expect(FALLBACK_HOME_SPECIALTIES).toContain('Nurse');
  });
});
