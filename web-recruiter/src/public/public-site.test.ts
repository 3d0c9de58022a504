import { describe, expect, test } from 'vitest';
import { CUSTOMER_TYPES, groupByInitial, HOME_FAQ, homeSpecialties } from './public-site';

describe('the public site content', () => {
  test('Home has 14 customer types and 8 FAQ entries', () => {
    expect(CUSTOMER_TYPES).toHaveLength(14);
    expect(HOME_FAQ).toHaveLength(8);
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
