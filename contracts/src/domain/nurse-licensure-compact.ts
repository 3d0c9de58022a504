/*
 * The Nurse Licensure Compact (NLC), as a dated data file (issue 34). The authority is NCSBN's map
 * at https://www.nursecompact.com; the membership below is its end-of-2025 map as summarised by
 * nursecerttrack.site ("NLC map 2025") and tnnmc.org ("2025 NLC map"), read on 2026-12-01; the dates
 * come from NCSBN's and the boards' own announcements, each cited beside its date. No zod here, as
 * in credentials.ts.
 *
 * A new version of this file (a state implements, a date is found) changes what the directory read
 * model computes (which licenses are compact): the read model's version hashes this data
 * (candidate-columns.ts COLUMN_DATA), so the directory is rebuilt once with it.
 */

/**
 * `implemented`: the state issues multistate licenses (a license it issued *can* be one).
 * `partial`: nurses with another member state's multistate license may practise there, but the state
 * does not issue multistate licenses yet. `pending`: enacted, not implemented.
 */
export type CompactStatus = 'implemented' | 'partial' | 'pending';

export type CompactMember = {
  readonly status: CompactStatus;
  /**
   * The day the state began issuing multistate licenses (YYYY-MM-DD), where a source we read gives
   * it; null when none did (the status is what decides, not the date).
   */
  readonly implementedOn: string | null;
};

const ENLC = '2018-01-19'; // NCSBN eNLC implementation date (ncsbn.org/11297.htm)
const member = (implementedOn: string | null, status: CompactStatus = 'implemented'): CompactMember => ({
  status,
  implementedOn,
});

/** The compact's members by state (USPS code), as of `asOf`. States not listed are not members. */
// biome-ignore format: one state per line
export const NURSE_LICENSURE_COMPACT = {
  asOf: '2025-12-31',
  source: 'https://www.nursecompact.com',
  members: {
    AL: member('2020-01-01'), // ncsbn.org/14196.htm
    AZ: member(ENLC),
    AR: member(ENLC),
    CO: member(ENLC), // enacted the eNLC 2018-01-18 (natho.org)
    CT: member('2025-10-01'), // NCSBN release 2025-10-07 (globenewswire)
    DE: member(ENLC),
    FL: member(ENLC),
    GA: member(ENLC),
    GU: member(null, 'partial'),
    ID: member(ENLC),
    IN: member('2020-07-01'), // ncsbn.org/14819.htm
    IA: member(ENLC),
    KS: member('2019-07-01'), // natho.org eNLC update
    KY: member(ENLC),
    LA: member(null),
    ME: member(ENLC),
    MD: member(ENLC),
    MA: member(null, 'pending'), // enacted 2024-11-20, not implemented at the end of 2025
    MS: member(ENLC),
    MO: member(ENLC),
    MT: member(ENLC),
    NE: member(ENLC),
    NH: member(ENLC),
    NJ: member('2021-11-15'), // careerstaff.com, NLC states 2022
    NM: member(ENLC), // enacted the eNLC 2018-01-18 (natho.org)
    NC: member(ENLC),
    ND: member(ENLC),
    OH: member('2023-01-01'), // NCSBN release 2021-07-28
    OK: member(ENLC),
    PA: member('2025-07-07'), // PA State Board of Nursing, 2025-06-22 (wphealthcarenews.com)
    RI: member(null),
    SC: member(ENLC),
    SD: member(ENLC),
    TN: member(ENLC),
    TX: member(ENLC),
    UT: member(ENLC),
    VT: member('2022-02-01'), // ncsbn.org, Vermont enacts the NLC
    VI: member(null, 'partial'),
    VA: member(ENLC),
    WA: member('2024-01-31'), // nursing.wa.gov NLC implementation plan, phase 2
    WV: member(ENLC),
    WI: member(null),
    WY: member(ENLC),
  } as Readonly<Record<string, CompactMember>>,
} as const;

/** A license issued by this state can be a multistate (compact) license. */
export const issuesCompactLicenses = (state: string): boolean =>
  NURSE_LICENSURE_COMPACT.members[state]?.status === 'implemented';

/**
 * Taxonomy codes of the licenses the compact covers: Registered Nurse (163W…), Licensed Practical
 * Nurse (164W…) and Licensed Vocational Nurse (164X…). Advanced practice (NP, CRNA, CNM, CNS) is
 * not in the NLC.
 */
export const isCompactTaxonomy = (code: string | null | undefined): boolean =>
  code != null && /^16(3W|4W|4X)/.test(code);

/** What a compact mark proves and what it does not (the profile says it beside the licenses). */
export const COMPACT_LICENSE_NOTE =
  'Compact: issued by a state that issues Nurse Licensure Compact (multistate) licenses, for a ' +
  'registered or practical nurse license. A license from a compact state is multistate only if the ' +
  "nurse's primary state of residence is that state and they meet the compact's uniform licensure " +
  'requirements; the NPI registry does not say whether it is single-state or multistate. Verify on ' +
  'Nursys (nursys.com) before relying on it.';
