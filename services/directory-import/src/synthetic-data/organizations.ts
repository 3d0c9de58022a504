import type { SpecialtyName, StateCode } from '@healthtal/contracts';

/**
 * What kind of employer a professional works for; it decides the industry, the size and revenue
 * bands and the name pattern. Every company size, revenue band and industry of the spec's filter
 * lists is reachable.
 */
export type OrgKind = {
  /** Name patterns: {city}, {state} (full name), {saint}, {surname}. */
  patterns: readonly string[];
  industries: readonly string[];
  /** Indexes into COMPANY_SIZES / COMPANY_REVENUES, picked uniformly. */
  sizes: readonly number[];
  revenues: readonly number[];
  tld: string;
};

const kind = (
  patterns: string[],
  industries: string[],
  sizes: number[],
  revenues: number[],
  tld = 'org',
): OrgKind => ({ patterns, industries, sizes, revenues, tld });

export const ORG_KINDS = {
  // A city's own hospitals (synthetic-hospitals.ts), the ones its clinicians are affiliated with.
  hospital: kind([], ['Hospital & Health Care', 'Hospitals & Physicians Clinics'], [3, 4, 5], [4, 5]),
  system: kind(
    [
      '{state} Health',
      '{city} Health System',
      '{saint} Health',
      '{state} Health Partners',
      'Baptist Health {state}',
    ],
    ['Hospital & Health Care', 'Hospitals & Physicians Clinics'],
    [4, 5],
    [4, 5],
  ),
  // Practices that take anyone; a specialty's own practices are PRACTICES'.
  clinic: kind(
    [
      '{city} Family Medicine',
      '{surname} Family Practice',
      '{city} Internal Medicine Associates',
      '{city} Urgent Care',
      '{city} Community Health Center',
      '{city} Primary Care',
    ],
    ['Medical Practice', 'Hospitals & Physicians Clinics', 'Healthcare Services'],
    [0, 1, 2],
    [0, 1, 2],
    'com',
  ),
  care: kind(
    [
      '{city} Home Health',
      '{city} Rehabilitation Center',
      '{saint} Senior Living',
      '{city} Hospice',
      '{city} Behavioral Health',
      '{city} Dialysis Center',
    ],
    ['Healthcare Services', 'Consumer Services'],
    [1, 2, 3],
    [1, 2, 3],
    'com',
  ),
  university: kind(
    // A real school of the state (schools.ts).
    [],
    ['Education'],
    [2, 3, 4, 5],
    [3, 4],
    'edu',
  ),
  government: kind(
    [
      '{state} Department of Health',
      '{city} VA Medical Center',
      '{city} Health Department',
      '{state} Department of Corrections',
    ],
    ['Government'],
    [2, 3, 4, 5],
    [3, 4, 5],
    'gov',
  ),
} as const satisfies Record<string, OrgKind>;
export type OrgKindName = keyof typeof ORG_KINDS;

/**
 * The practices of a specialty, when it has its own: a cardiologist's clinic is a cardiology
 * group, a dentist's a dental office. A physician or surgeon specialty without an entry practises
 * at "{city} <specialty> Associates".
 */
// biome-ignore format: a data table reads best one specialty per line
export const PRACTICES: Partial<Record<SpecialtyName, readonly string[]>> = {
  Physician: ['{city} Family Medicine', '{city} Internal Medicine Associates', '{surname} Family Practice', '{city} Primary Care'],
  'Family Medicine': ['{city} Family Medicine', '{surname} Family Practice', '{city} Primary Care'],
  'Internal Medicine': ['{city} Internal Medicine Associates', '{surname} & {surname2} Internal Medicine', '{city} Primary Care'],
  Pediatrics: ['{surname} & {surname2} Pediatrics', '{city} Pediatric Associates', "{city} Children's Clinic"],
  Neonatology: ['{city} Neonatology Associates', "{city} Children's Clinic"],
  OBGYN: ["{city} Women's Health Associates", '{city} OB/GYN Associates', '{surname} & {surname2} Obstetrics & Gynecology'],
  'Emergency Medicine': ['{city} Emergency Physicians', '{city} Urgent Care'],
  'Urgent Care': ['{city} Urgent Care', '{city} Walk-In Clinic'],
  Anesthesiology: ['{city} Anesthesia Associates', '{city} Anesthesiology Group'],
  Psychiatry: ['{city} Psychiatric Associates', '{city} Behavioral Medicine'],
  Ophthalmology: ['{surname} Eye Center', '{city} Eye Associates'],
  Geriatrics: ['{city} Senior Care Associates', '{city} Internal Medicine Associates'],
  Surgeon: ['{city} Surgical Associates', '{surname} & {surname2} General Surgery'],
  'Orthopedic Surgery': ['{city} Orthopedic Group', '{city} Bone & Joint Center'],
  Neurosurgery: ['{city} Neurosurgical Associates', '{city} Spine Center'],
  'Cardiothoracic Surgery': ['{city} Cardiothoracic Surgeons', '{city} Heart & Vascular Institute'],
  'Plastic Surgery': ['{city} Plastic Surgery', '{surname} Plastic & Reconstructive Surgery'],
  'Nurse Practitioner': ['{city} Family Medicine', '{city} Urgent Care', '{city} Primary Care', '{city} Community Health Center'],
  'Physician Assistant': ['{city} Family Medicine', '{city} Urgent Care', '{city} Orthopedic Group', '{city} Surgical Associates'],
  'Certified Registered Nurse Anesthetist': ['{city} Anesthesia Associates'],
  'Certified Nurse Midwife': ["{city} Women's Health Associates", '{city} Birth Center'],
  Dentist: ['{city} Dental Care', '{surname} Family Dentistry', '{city} Smiles', '{surname} Orthodontics'],
  'Dental Hygienist': ['{city} Dental Care', '{surname} Family Dentistry', '{city} Smiles'],
  'Physical Therapist': ['{city} Physical Therapy', '{city} Sports & Spine Rehab', '{city} Orthopedic Group'],
  'Occupational Therapist': ['{city} Physical Therapy', "{city} Children's Therapy Center", '{city} Hand Therapy'],
  'Speech-Language Pathologist': ["{city} Children's Therapy Center", '{city} Speech & Hearing Clinic'],
  Optometrist: ['{surname} Eye Center', '{city} Vision Care', '{city} Eye Associates'],
  Chiropractor: ['{city} Chiropractic', '{surname} Chiropractic & Wellness'],
  Podiatrist: ['{city} Foot & Ankle', '{surname} Podiatry'],
  Audiologist: ['{city} Hearing Center', '{city} Speech & Hearing Clinic'],
  Psychologist: ['{city} Psychological Services', '{city} Counseling Center'],
  'Mental Health Counselor': ['{city} Counseling Center', '{city} Behavioral Health Associates'],
  'Social Worker': ['{city} Counseling Center', '{city} Community Health Center'],
};

/** National employers (real organizations, not people); `states` limits where they appear. */
export type NationalOrg = {
  name: string;
  domain: string;
  industry: string;
  size: number;
  revenue: number;
  states?: readonly StateCode[];
};

const KAISER: StateCode[] = ['CA', 'CO', 'GA', 'HI', 'MD', 'OR', 'VA', 'WA', 'DC'];
// biome-ignore format: a data table reads best one employer per line
export const NATIONAL_ORGS: readonly NationalOrg[] = [
  { name: 'Kaiser Permanente', domain: 'kp.org', industry: 'Hospital & Health Care', size: 5, revenue: 5, states: KAISER },
  { name: 'HCA Healthcare', domain: 'hcahealthcare.com', industry: 'Hospital & Health Care', size: 5, revenue: 5, states: ['TX', 'FL', 'TN', 'VA', 'GA', 'NC', 'SC', 'CO', 'UT', 'NV', 'KS', 'MO', 'NH', 'ID', 'CA', 'LA', 'AK'] },
  { name: 'CommonSpirit Health', domain: 'commonspirit.org', industry: 'Hospital & Health Care', size: 5, revenue: 5, states: ['CA', 'AZ', 'NV', 'CO', 'TX', 'NE', 'IA', 'KY', 'TN', 'WA', 'OR'] },
  { name: 'Ascension', domain: 'ascension.org', industry: 'Hospital & Health Care', size: 5, revenue: 5, states: ['MI', 'WI', 'TX', 'IN', 'TN', 'FL', 'AL', 'KS', 'OK', 'MD', 'IL'] },
  { name: 'Trinity Health', domain: 'trinity-health.org', industry: 'Hospital & Health Care', size: 5, revenue: 5, states: ['MI', 'PA', 'NY', 'OH', 'IA', 'ID', 'CT', 'MA', 'IN', 'DE', 'MD'] },
  { name: 'Mayo Clinic', domain: 'mayoclinic.org', industry: 'Hospitals & Physicians Clinics', size: 5, revenue: 5, states: ['MN', 'AZ', 'FL', 'WI'] },
  { name: 'Cleveland Clinic', domain: 'clevelandclinic.org', industry: 'Hospitals & Physicians Clinics', size: 5, revenue: 5, states: ['OH', 'FL', 'NV'] },
  { name: 'Providence', domain: 'providence.org', industry: 'Hospital & Health Care', size: 5, revenue: 5, states: ['WA', 'OR', 'CA', 'AK', 'MT', 'TX', 'NM'] },
  { name: 'Sutter Health', domain: 'sutterhealth.org', industry: 'Hospital & Health Care', size: 5, revenue: 5, states: ['CA'] },
  { name: 'Banner Health', domain: 'bannerhealth.com', industry: 'Hospital & Health Care', size: 5, revenue: 5, states: ['AZ', 'CO', 'WY', 'NE', 'NV', 'CA'] },
  { name: 'Intermountain Health', domain: 'intermountainhealthcare.org', industry: 'Hospital & Health Care', size: 5, revenue: 5, states: ['UT', 'ID', 'NV', 'CO', 'MT'] },
  { name: 'Baylor Scott & White Health', domain: 'bswhealth.com', industry: 'Hospital & Health Care', size: 5, revenue: 5, states: ['TX'] },
  { name: 'Memorial Hermann Health System', domain: 'memorialhermann.org', industry: 'Hospital & Health Care', size: 5, revenue: 5, states: ['TX'] },
  { name: 'Northwell Health', domain: 'northwell.edu', industry: 'Hospital & Health Care', size: 5, revenue: 5, states: ['NY'] },
  { name: 'NYU Langone Health', domain: 'nyulangone.org', industry: 'Hospitals & Physicians Clinics', size: 5, revenue: 5, states: ['NY'] },
  { name: 'Mass General Brigham', domain: 'massgeneralbrigham.org', industry: 'Hospital & Health Care', size: 5, revenue: 5, states: ['MA'] },
  { name: 'UPMC', domain: 'upmc.com', industry: 'Hospital & Health Care', size: 5, revenue: 5, states: ['PA', 'NY', 'MD'] },
  { name: 'Penn Medicine', domain: 'pennmedicine.org', industry: 'Hospitals & Physicians Clinics', size: 5, revenue: 5, states: ['PA', 'NJ'] },
  { name: 'Johns Hopkins Medicine', domain: 'hopkinsmedicine.org', industry: 'Hospitals & Physicians Clinics', size: 5, revenue: 5, states: ['MD', 'DC', 'FL'] },
  { name: 'Atrium Health', domain: 'atriumhealth.org', industry: 'Hospital & Health Care', size: 5, revenue: 5, states: ['NC', 'SC', 'GA'] },
  { name: 'AdventHealth', domain: 'adventhealth.com', industry: 'Hospital & Health Care', size: 5, revenue: 5, states: ['FL', 'GA', 'TX', 'CO', 'KS', 'IL'] },
  { name: 'Ochsner Health', domain: 'ochsner.org', industry: 'Hospital & Health Care', size: 5, revenue: 5, states: ['LA', 'MS'] },
  { name: 'Sanford Health', domain: 'sanfordhealth.org', industry: 'Hospital & Health Care', size: 5, revenue: 5, states: ['SD', 'ND', 'MN'] },
  { name: 'Corewell Health', domain: 'corewellhealth.org', industry: 'Hospital & Health Care', size: 5, revenue: 5, states: ['MI'] },
  { name: 'Advocate Health', domain: 'advocatehealth.org', industry: 'Hospital & Health Care', size: 5, revenue: 5, states: ['IL', 'WI', 'NC', 'GA'] },
  { name: 'Veterans Health Administration', domain: 'va.gov', industry: 'Government', size: 5, revenue: 5 }, { name: 'CVS Health', domain: 'cvshealth.com', industry: 'Retail', size: 5, revenue: 5 }, { name: 'Walgreens', domain: 'walgreens.com', industry: 'Retail', size: 5, revenue: 5 }, { name: 'Walmart Health', domain: 'walmart.com', industry: 'Retail', size: 5, revenue: 5 }, { name: 'DaVita Kidney Care', domain: 'davita.com', industry: 'Healthcare Services', size: 5, revenue: 5 }, { name: 'Fresenius Kidney Care', domain: 'freseniuskidneycare.com', industry: 'Healthcare Services', size: 5, revenue: 5 },
  { name: 'AMN Healthcare', domain: 'amnhealthcare.com', industry: 'Business Services', size: 4, revenue: 5 }, { name: 'Aya Healthcare', domain: 'ayahealthcare.com', industry: 'Business Services', size: 4, revenue: 5 }, { name: 'Cross Country Healthcare', domain: 'crosscountry.com', industry: 'Business Services', size: 4, revenue: 5 },
  { name: 'UnitedHealth Group', domain: 'unitedhealthgroup.com', industry: 'Insurance', size: 5, revenue: 5 }, { name: 'Humana', domain: 'humana.com', industry: 'Insurance', size: 5, revenue: 5 }, { name: 'Elevance Health', domain: 'elevancehealth.com', industry: 'Insurance', size: 5, revenue: 5 }, { name: 'Pfizer', domain: 'pfizer.com', industry: 'Pharmaceuticals', size: 5, revenue: 5 }, { name: 'Merck', domain: 'merck.com', industry: 'Pharmaceuticals', size: 5, revenue: 5 }, { name: 'Medtronic', domain: 'medtronic.com', industry: 'Manufacturing', size: 5, revenue: 5 }, { name: 'Stryker', domain: 'stryker.com', industry: 'Manufacturing', size: 5, revenue: 5 }, { name: 'Kindred Healthcare', domain: 'kindredhealthcare.com', industry: 'Healthcare Services', size: 5, revenue: 5 },
];

/** Saints hospitals are named after. */
// biome-ignore format: a list reads best packed
export const SAINTS = [
  'Mary', 'Joseph', 'Luke', 'Francis', 'Vincent', 'Elizabeth', 'Anthony', 'John', 'Jude', 'Catherine',
  'Agnes', 'Michael', 'Peter', 'Clare', 'Rose', 'Bernard', 'Patrick', 'Thomas', 'Alphonsus', 'Dominic',
];
