import { describe, expect, it } from 'vitest';
import {
  cleanLocation,
  isBlankValue,
  joinSkills,
  locationText,
  normalizeSpecialty,
  parseEducation,
  parseSkills,
  splitSkills,
} from './directory';

describe('the candidate card rules', () => {
  it('treats the literal texts null, NULL and undefined as empty', () => {
    for (const value of [null, undefined, '', '  ', 'null', 'NULL', 'undefined'])
      expect(isBlankValue(value)).toBe(true);
    expect(isBlankValue('Nullington')).toBe(false);
  });

  it('splits a quoted skills list into items, anything else on commas, dropping empty and null entries', () => {
    expect(parseSkills('"BLS", "ACLS, Advanced", "null", ""')).toEqual(['BLS', 'ACLS, Advanced']);
    expect(parseSkills('["Telemetry","EPIC"]')).toEqual(['Telemetry', 'EPIC']);
    expect(parseSkills('BLS, ACLS,, undefined , bls, Wound Care')).toEqual(['BLS', 'ACLS', 'Wound Care']);
    expect(parseSkills('null')).toEqual([]);
  });

  it('keeps a skills list as one text and reads the same list back', () => {
    for (const skills of [[], ['BLS'], ['BLS', 'ACLS, Advanced', 'Wound Care']])
      expect(splitSkills(joinSkills(skills))).toEqual(skills);
    // The separator never comes from a skill: one holding it is still one skill.
    expect(splitSkills(joinSkills(['odd\u001fskill', 'BLS']))).toEqual(['odd skill', 'BLS']);
  });

  it('reads school and degree pairs from the marker formats', () => {
    expect(
      parseEducation(
        'school-name: Johns Hopkins University; degrees: BSN, MSN | school-name: NYU; degrees: DNP',
      ),
    ).toEqual([
      { school: 'Johns Hopkins University', degree: 'BSN, MSN' },
      { school: 'NYU', degree: 'DNP' },
    ]);
    expect(parseEducation('[{"school-name":"Rush University","degrees":["MD","null"]}]')).toEqual([
      { school: 'Rush University', degree: 'MD' },
    ]);
    expect(parseEducation('NULL')).toEqual([]);
    expect(parseEducation('school-name: null; degrees: BSN')).toEqual([]);
  });

  it('hides a location of empty parts and builds one from city and state', () => {
    expect(cleanLocation('null, null')).toBeNull();
    expect(cleanLocation(' , ')).toBeNull();
    expect(cleanLocation('Austin, TX')).toBe('Austin, TX');
    expect(locationText('Austin', 'null')).toBe('Austin');
    expect(locationText(null, null)).toBeNull();
  });

  it('merges specialty names case-insensitively and by the taxonomy, with OBGYN in capitals', () => {
    expect(normalizeSpecialty('registered nurse')).toBe('Nurse');
    expect(normalizeSpecialty('  REGISTERED   NURSE ')).toBe('Nurse');
    expect(normalizeSpecialty('labor AND delivery')).toBe('Labor and Delivery');
    expect(normalizeSpecialty('ob/gyn')).toBe('OBGYN');
    expect(normalizeSpecialty('Ob-Gyn')).toBe('OBGYN');
    expect(normalizeSpecialty('physical therapist')).toBe('Physical Therapist');
  });
});
