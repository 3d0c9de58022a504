import { describe, expect, it } from 'vitest';
import { FALLBACK_SPECIALTY_COUNTS } from './search-screen';
import {
  canonicalSpecialty,
  knownSpecialty,
  SPECIALTIES,
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
