import { describe, expect, test } from 'vitest';
import {
  CUSTOMER_TYPES,
  FALLBACK_HOME_SPECIALTIES,
  groupByInitial,
  HOME_FAQ,
  homeSpecialties,
  SPECIALTIES_A_TO_Z,
} from './public-site';
import { SPECIALTY_NAMES } from './specialties';

describe('the public site content', () => {
  test('Home has 14 customer types, 8 FAQ entries and a fallback of 35 specialties', () => {
    expect(CUSTOMER_TYPES).toHaveLength(14);
    expect(HOME_FAQ).toHaveLength(8);
    expect(new Set(FALLBACK_HOME_SPECIALTIES).size).toBe(35);
  });

  test('the A–Z index has about 80 distinct specialties: the whole taxonomy, big groups included', () => {
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

describe('homeSpecialties', () => {
  test('de-duplicates case-insensitively, drops blanks, sorts alphabetically', () => {
    expect(
      homeSpecialties([' Pediatrics', 'cardiology', 'Cardiology', '', 'Anesthesiology', 'pediatrics']),
    ).toEqual(['Anesthesiology', 'cardiology', 'Pediatrics']);
  });

  test('caps the list at 35', () => {
    const many = Array.from({ length: 50 }, (_, i) => `Specialty ${String(i).padStart(2, '0')}`);
    const shown = homeSpecialties(many);
    expect(shown).toHaveLength(35);
    expect(shown.at(-1)).toBe('Specialty 34');
  });
});

test('groupByInitial orders letters and names', () => {
  expect(groupByInitial(['Urology', 'Anesthesiology', 'Audiology', 'Cardiology'])).toEqual([
    ['A', ['Anesthesiology', 'Audiology']],
    ['C', ['Cardiology']],
    ['U', ['Urology']],
  ]);
});
