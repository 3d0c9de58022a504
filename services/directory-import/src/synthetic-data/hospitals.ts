import type { StateCode } from '@healthtal/contracts';

/**
 * The first two digits of a CMS Certification Number (CCN): the state's code in CMS's numbering
 * (State Operations Manual, chapter 2, section 2779A1). A CCN is six characters, this code and a
 * four-digit number whose range says what kind of provider it is.
 */
// biome-ignore format: a table reads best packed
export const CCN_STATE_CODES: Record<StateCode, string> = {
  AL: '01', AK: '02', AZ: '03', AR: '04', CA: '05', CO: '06', CT: '07', DE: '08', DC: '09', FL: '10', GA: '11',
  HI: '12', ID: '13', IL: '14', IN: '15', IA: '16', KS: '17', KY: '18', LA: '19', ME: '20', MD: '21', MA: '22',
  MI: '23', MN: '24', MS: '25', MO: '26', MT: '27', NE: '28', NV: '29', NH: '30', NJ: '31', NM: '32', NY: '33',
  NC: '34', ND: '35', OH: '36', OK: '37', OR: '38', PA: '39', RI: '41', SC: '42', SD: '43', TN: '44', TX: '45',
  UT: '46', VT: '47', VA: '49', WA: '50', WV: '51', WI: '52', WY: '53',
};

/** The CCN number ranges of the hospitals a city has (same section): short-term, children's, rehabilitation, psychiatric. */
export const CCN_RANGES = {
  general: [1, 879],
  children: [3300, 3399],
  rehabilitation: [3025, 3099],
  psychiatric: [4000, 4499],
} as const;
export type HospitalKind = keyof typeof CCN_RANGES;

/** Name patterns of a city's general hospitals: {city}, {saint}. A city has the first few of a shuffle. */
export const GENERAL_HOSPITALS = [
  '{city} General Hospital',
  '{city} Regional Medical Center',
  'St. {saint} Medical Center',
  '{city} Memorial Hospital',
  'Mercy Hospital {city}',
  '{city} Medical Center',
  'St. {saint} Hospital',
  '{city} Community Hospital',
  'Good Samaritan Hospital {city}',
  'Baptist Medical Center {city}',
];

/** The specialised hospitals of larger cities, from the weight up (places.ts) that has one. */
export const SPECIAL_HOSPITALS: readonly (readonly [
  pattern: string,
  kind: HospitalKind,
  minWeight: number,
])[] = [
  ["{city} Children's Hospital", 'children', 3],
  ['{city} Rehabilitation Hospital', 'rehabilitation', 2],
  ['{city} Behavioral Health Hospital', 'psychiatric', 4],
];
