import type { StateCode } from '@healthtal/contracts';

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
  hospital: kind(
    [
      '{city} General Hospital',
      '{city} Regional Medical Center',
      '{city} Medical Center',
      'St. {saint} Hospital',
      'St. {saint} Medical Center',
      '{city} Memorial Hospital',
      "{city} Children's Hospital",
      '{state} University Hospital',
      'Mercy Hospital {city}',
      '{city} Community Hospital',
    ],
    ['Hospital & Health Care', 'Hospitals & Physicians Clinics'],
    [3, 4, 5],
    [4, 5],
  ),
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
  clinic: kind(
    [
      '{city} Family Medicine',
      '{surname} Family Practice',
      '{city} Internal Medicine Associates',
      '{surname} & {surname2} Pediatrics',
      '{city} Orthopedic Group',
      "{city} Women's Health Associates",
      '{city} Dental Care',
      '{city} Physical Therapy',
      '{surname} Eye Center',
      '{city} Urgent Care',
      '{city} Community Health Center',
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
    [
      'University of {state}',
      '{state} State University',
      '{city} Community College',
      '{state} College of Nursing',
    ],
    ['Education'],
    [2, 3, 4, 5],
    [3, 4],
    'edu',
  ),
  government: kind(
    [
      '{state} Department of Health',
      '{city} VA Medical Center',
      '{city} County Public Health',
      '{state} Department of Corrections',
    ],
    ['Government'],
    [2, 3, 4, 5],
    [3, 4, 5],
    'gov',
  ),
} as const satisfies Record<string, OrgKind>;
export type OrgKindName = keyof typeof ORG_KINDS;

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

/** Real schools with nursing, medical or health programs, with their state (in-state schools are preferred). */
// biome-ignore format: a data table reads best packed
export const SCHOOLS: readonly (readonly [name: string, state: StateCode])[] = [
  ['University of Alabama at Birmingham', 'AL'], ['Auburn University', 'AL'], ['University of Alaska Anchorage', 'AK'],
  ['Arizona State University', 'AZ'], ['University of Arizona', 'AZ'], ['University of Arkansas for Medical Sciences', 'AR'],
  ['University of California, Los Angeles', 'CA'], ['University of California, San Francisco', 'CA'], ['Stanford University', 'CA'],
  ['University of Southern California', 'CA'], ['San Diego State University', 'CA'], ['California State University, Long Beach', 'CA'],
  ['Loma Linda University', 'CA'], ['University of Colorado Anschutz', 'CO'], ['Regis University', 'CO'],
  ['Yale University', 'CT'], ['University of Connecticut', 'CT'], ['University of Delaware', 'DE'],
  ['Georgetown University', 'DC'], ['Howard University', 'DC'], ['George Washington University', 'DC'],
  ['University of Florida', 'FL'], ['University of Miami', 'FL'], ['Florida State University', 'FL'],
  ['University of Central Florida', 'FL'], ['University of South Florida', 'FL'], ['Emory University', 'GA'],
  ['Georgia State University', 'GA'], ['Augusta University', 'GA'], ['University of Hawaii at Manoa', 'HI'],
  ['Idaho State University', 'ID'], ['Boise State University', 'ID'], ['Northwestern University', 'IL'],
  ['University of Illinois Chicago', 'IL'], ['Rush University', 'IL'], ['Loyola University Chicago', 'IL'],
  ['Indiana University', 'IN'], ['Purdue University', 'IN'], ['University of Iowa', 'IA'], ['Des Moines University', 'IA'],
  ['University of Kansas', 'KS'], ['Wichita State University', 'KS'], ['University of Kentucky', 'KY'],
  ['University of Louisville', 'KY'], ['Louisiana State University', 'LA'], ['Tulane University', 'LA'],
  ['University of Southern Maine', 'ME'], ['Johns Hopkins University', 'MD'], ['University of Maryland, Baltimore', 'MD'],
  ['Harvard University', 'MA'], ['Boston University', 'MA'], ['Northeastern University', 'MA'], ['MGH Institute of Health Professions', 'MA'],
  ['University of Michigan', 'MI'], ['Michigan State University', 'MI'], ['Wayne State University', 'MI'],
  ['University of Minnesota', 'MN'], ['Mayo Clinic Alix School of Medicine', 'MN'], ['University of Mississippi Medical Center', 'MS'],
  ['Washington University in St. Louis', 'MO'], ['University of Missouri', 'MO'], ['Saint Louis University', 'MO'],
  ['Montana State University', 'MT'], ['University of Nebraska Medical Center', 'NE'], ['Creighton University', 'NE'],
  ['University of Nevada, Las Vegas', 'NV'], ['University of Nevada, Reno', 'NV'], ['University of New Hampshire', 'NH'],
  ['Dartmouth College', 'NH'], ['Rutgers University', 'NJ'], ['Seton Hall University', 'NJ'], ['University of New Mexico', 'NM'],
  ['Columbia University', 'NY'], ['New York University', 'NY'], ['University at Buffalo', 'NY'], ['University of Rochester', 'NY'],
  ['Stony Brook University', 'NY'], ['Hunter College', 'NY'], ['Duke University', 'NC'], ['University of North Carolina at Chapel Hill', 'NC'],
  ['East Carolina University', 'NC'], ['University of North Dakota', 'ND'], ['North Dakota State University', 'ND'],
  ['Ohio State University', 'OH'], ['Case Western Reserve University', 'OH'], ['University of Cincinnati', 'OH'],
  ['University of Oklahoma', 'OK'], ['Oklahoma State University', 'OK'], ['Oregon Health & Science University', 'OR'],
  ['University of Pennsylvania', 'PA'], ['University of Pittsburgh', 'PA'], ['Thomas Jefferson University', 'PA'],
  ['Drexel University', 'PA'], ['Temple University', 'PA'], ['Penn State University', 'PA'], ['Brown University', 'RI'],
  ['University of Rhode Island', 'RI'], ['Medical University of South Carolina', 'SC'], ['Clemson University', 'SC'],
  ['University of South Dakota', 'SD'], ['South Dakota State University', 'SD'], ['Vanderbilt University', 'TN'],
  ['University of Tennessee Health Science Center', 'TN'], ['Belmont University', 'TN'], ['University of Texas at Austin', 'TX'],
  ['Baylor College of Medicine', 'TX'], ['Texas A&M University', 'TX'], ['UT Southwestern Medical Center', 'TX'],
  ['Texas Tech University Health Sciences Center', 'TX'], ['University of Texas Health Science Center at Houston', 'TX'],
  ['University of Houston', 'TX'], ['University of Utah', 'UT'], ['Brigham Young University', 'UT'], ['University of Vermont', 'VT'],
  ['University of Virginia', 'VA'], ['Virginia Commonwealth University', 'VA'], ['George Mason University', 'VA'],
  ['University of Washington', 'WA'], ['Washington State University', 'WA'], ['Seattle University', 'WA'],
  ['West Virginia University', 'WV'], ['Marshall University', 'WV'], ['University of Wisconsin-Madison', 'WI'],
  ['Medical College of Wisconsin', 'WI'], ['Marquette University', 'WI'], ['University of Wyoming', 'WY'],
  ['Chamberlain University', 'IL'], ['Western Governors University', 'UT'], ['Walden University', 'MN'],
  ['Excelsior University', 'NY'], ['Grand Canyon University', 'AZ'], ['University of Phoenix', 'AZ'],
  ['Lake Erie College of Osteopathic Medicine', 'PA'], ['Kansas City University', 'MO'], ['A.T. Still University', 'MO'],
  ['Philadelphia College of Osteopathic Medicine', 'PA'], ['Touro University', 'NY'], ['Nova Southeastern University', 'FL'],
];

/** Online and multi-state schools every state's professionals attend. */
// biome-ignore format: a list reads best packed
export const NATIONAL_SCHOOLS = [
  'Chamberlain University', 'Western Governors University', 'Walden University', 'Excelsior University',
  'Grand Canyon University', 'University of Phoenix', 'Touro University', 'Nova Southeastern University',
];
