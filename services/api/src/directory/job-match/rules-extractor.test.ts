import { describe, expect, it } from 'vitest';
import { positionTypeOf, readPostingByRules } from './rules-extractor';

const values = <T>(items: readonly { value: T }[]) => items.map((item) => item.value);

describe('the built-in posting reader', () => {
  it('reads a 13-week travel contract as a contract, and PRN as per diem', () => {
    expect(positionTypeOf('ICU RN for a 13-week travel contract in Tucson')?.value).toBe('contract');
    expect(positionTypeOf('Float pool RN, PRN; full-time roles also open')?.value).toBe('per-diem');
    expect(positionTypeOf('Part-time clinic LPN')?.value).toBe('part-time');
    expect(positionTypeOf('Travel reimbursement offered for this full-time role')?.value).toBe('full-time');
    expect(positionTypeOf('A great team.')).toBeNull();
  });

  it('tells a required licence from a driver’s licence and from one the employer pays for', () => {
    const proposal = readPostingByRules(
      'Home Health Aide\nValid Texas driver’s license. Licensed in Oklahoma or TX; we pay for licensure in NM.',
    );
    expect(values(proposal.licensedIn)).toEqual(['OK', 'TX']);
  });

  it('reads "OR" as Oregon in a list of licences but not as a word, and a state code only in capitals', () => {
    const proposal = readPostingByRules(
      'Telehealth NP\nLicenses in CA, OR or WA required. Work from home or office.',
    );
    expect(values(proposal.licensedIn)).toEqual(['CA', 'OR', 'WA']);
    expect(readPostingByRules('Staff RN\nPortland, or nearby').state).toEqual([]);
  });

  it('takes the job’s city and state from "City, ST" only when the ZIP package knows the city there', () => {
    const proposal = readPostingByRules('Staff RN\nUCHealth · Colorado Springs, CO 80907');
    expect(proposal.city).toEqual({ value: 'Colorado Springs', from: 'Colorado Springs, CO 80907' });
    expect(values(proposal.state)).toEqual(['CO']);
    expect(readPostingByRules('Staff RN\nGotham Metropolis, NY').city).toBeNull();
  });

  it('proposes a radius from "within N miles of" a ZIP or a city', () => {
    expect(readPostingByRules('RN\nCandidates within 30 miles of Austin, TX').near?.value).toEqual({
      place: 'Austin, TX',
      miles: 30,
    });
    expect(readPostingByRules('RN\nwithin 15 miles of 78701 preferred').near?.value).toEqual({
      place: '78701',
      miles: 15,
    });
  });

  it('proposes the profession of the title, not the setting a physician field names', () => {
    expect(
      values(readPostingByRules('Nurse Practitioner – Family Practice\nOrthopedic clinic').specialty),
    ).toEqual(['Nurse Practitioner']);
    expect(values(readPostingByRules('Hospitalist Physician – Internal Medicine').specialty)).toEqual([
      'Internal Medicine',
    ]);
    expect(values(readPostingByRules('Physician (MD)\nJoin us').specialty)).toEqual(['Physician']);
  });

  it('does not take a shift the posting rules out, nor one of several it offers', () => {
    expect(readPostingByRules('School Nurse\nDay hours, no nights or weekends').shift?.value).toBe('day');
    expect(readPostingByRules('ER RN\nPick up day, evening or night shifts').shift).toBeNull();
    expect(readPostingByRules('Rad Tech\nRotating shifts').shift?.value).toBe('rotating');
  });

  it('reads years of experience, not weeks or a school year', () => {
    expect(readPostingByRules('RN – 13-week contract, 2026–27 School Year').yearsInPractice).toBeNull();
    expect(readPostingByRules('RN\n3-5 years of ICU experience').yearsInPractice?.value).toEqual({
      min: 3,
      max: 5,
    });
    expect(readPostingByRules('RN\nAt least two years preferred').yearsInPractice?.value).toEqual({
      min: 2,
      max: null,
    });
  });

  it('reads credentials in capitals outside the title, not "do" in a sentence nor "PA" of Pittsburgh, PA', () => {
    const proposal = readPostingByRules('Cardiologist\nPittsburgh, PA 15213\nWhat you do: MD or DO required');
    expect(values(proposal.credential)).toEqual(['MD', 'DO']);
  });

  it('reads NRP beside BLS and ACLS as the neonatal resuscitation skill, not a paramedic’s credential', () => {
    const proposal = readPostingByRules('L&D Nurse – Nights\nCalifornia RN licensure; NRP, BLS and ACLS');
    expect(values(proposal.credential)).toEqual(['RN']);
    expect(values(proposal.skills)).toEqual(['NRP', 'BLS', 'ACLS']);
  });
});
