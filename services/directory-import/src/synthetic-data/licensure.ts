import type { SpecialtyName } from '@healthtal/contracts';
import type { HospitalKind } from './hospitals';

/**
 * A weighted choice, kept only when the person's degree path holds `requires`. Credential
 * templates fill in `{top}` (the path's last degree: "BSN, RN"), `{pro}` (the professional degree
 * and those after it: "MD, MPH") and `{pro.}` (the same with dots, as the NPI registry often has
 * them: "M.D., M.P.H."); an empty template is no credential.
 */
export type Choice = readonly [value: string, weight: number, requires?: string];

/** How a specialty is credentialed, licensed and listed by CMS. */
export type Licensure = {
  /** The credential text as a registry writes it. */
  credentials: readonly Choice[];
  /** NUCC taxonomy codes of the licence it practises under; none: not licensed (aides, technicians). */
  taxonomy?: readonly Choice[];
  /** The degrees that qualify for practice: the first one on the path gives the graduation year and school. */
  graduates?: readonly string[];
  /** Enrolled in Medicare, so in CMS's Doctors and Clinicians file (group practice, affiliations, telehealth). */
  medicare?: true;
  /** CMS's secondary specialties (Medicare's specialty names) a few of them also list. */
  secondary?: readonly string[];
  /** An advanced practice nurse: also holds a registered nurse's licence. */
  alsoRn?: true;
  /** The share of them CMS lists with a hospital affiliation (else a tenth). */
  affiliated?: number;
  /** The hospitals besides general ones they are affiliated with (a pediatrician's children's hospital). */
  hospitals?: readonly HospitalKind[];
};

/** What a job title changes: its own credentials, taxonomy, degrees; `trainee`: 1 to 4 years out of school. */
export type TitleLicensure = Partial<Licensure> & {
  degreePaths?: readonly (readonly string[])[];
  trainee?: true;
};

const code = (taxonomy: string): Choice[] => [[taxonomy, 1]];
const MD_DO = ['MD', 'DO'];
const DOCTOR: Choice[] = [
  ['{pro}', 8],
  ['{pro.}', 2],
];
const SURGEON: Choice[] = [
  ['{pro}', 6],
  ['{pro}, FACS', 2],
  ['{pro.}', 1],
];
const physician = (taxonomy: string, secondary: string[], hospitals?: HospitalKind[]): Licensure => ({
  credentials: DOCTOR,
  taxonomy: code(taxonomy),
  graduates: MD_DO,
  medicare: true,
  secondary,
  affiliated: 0.8,
  ...(hospitals ? { hospitals } : {}),
});
const surgeon = (taxonomy: string, secondary: string[]): Licensure => ({
  ...physician(taxonomy, secondary),
  credentials: SURGEON,
});
const NURSE_CREDENTIALS: Choice[] = [
  ['{top}, RN', 5],
  ['RN', 3],
  ['RN, {top}', 1],
  ['R.N.', 0.4],
];
const nurseWith = (certification: string): Choice[] => [
  [`{top}, RN, ${certification}`, 2],
  [`RN, ${certification}`, 1],
  ...NURSE_CREDENTIALS,
];

/** NUCC taxonomy codes (nucc.org code set) and credentials as the NPI registry's credential text has them. */
// biome-ignore format: a data table reads best one specialty per line
export const LICENSURE: Record<SpecialtyName, Licensure> = {
  Nurse: { credentials: NURSE_CREDENTIALS, taxonomy: code('163W00000X'), graduates: ['ADN', 'ASN', 'BSN'] },
  Physician: { ...physician('207R00000X', ['Internal Medicine', 'Family Practice', 'Hospitalist', 'Geriatric Medicine', 'Preventive Medicine', 'Addiction Medicine']), taxonomy: [['207R00000X', 4], ['207Q00000X', 4], ['208D00000X', 1], ['208M00000X', 1]] },
  'Nurse Practitioner': { credentials: [['{top}, APRN, FNP-BC', 3], ['{top}, FNP-C', 3], ['APRN, FNP-C', 2], ['FNP-BC', 1.5], ['NP-C', 1.5], ['CRNP', 0.6], ['ARNP', 0.5], ['NP', 1], ['N.P.', 0.3]], taxonomy: [['363LF0000X', 6], ['363L00000X', 3]], graduates: ['MSN', 'DNP'], medicare: true, alsoRn: true, affiliated: 0.5 },
  'Licensed Practical Nurse': { credentials: [['LPN', 8], ['L.P.N.', 0.5]], taxonomy: code('164W00000X') },
  Pharmacist: { credentials: [['PharmD', 5], ['Pharm.D.', 1], ['RPh', 2], ['PharmD, BCPS', 1], ['PharmD, RPh', 1]], taxonomy: code('183500000X'), graduates: ['PharmD'] },
  'Physician Assistant': { credentials: [['PA-C', 6], ['{top}, PA-C', 2], ['PA', 1], ['P.A.', 0.3]], taxonomy: [['363A00000X', 3], ['363AM0700X', 2]], graduates: ['MPAS', 'MSPAS', 'MMS'], medicare: true, affiliated: 0.5 },
  'Medical Assistant': { credentials: [['CMA', 3], ['RMA', 1], ['CCMA', 1.5], ['', 3]] },
  'Physical Therapist': { credentials: [['PT, DPT', 5], ['DPT', 3], ['PT', 1], ['DPT, OCS', 0.5]], taxonomy: code('225100000X'), graduates: ['DPT'], medicare: true },
  'Certified Nursing Assistant': { credentials: [['CNA', 6], ['', 2]] },
  'Home Health Aide': { credentials: [['HHA', 2], ['', 5]] },
  'Radiologic Technologist': { credentials: [['RT(R)', 6], ['RT(R)(CT)', 1.5], ['RT(R)(MR)', 1], ['ARRT', 1]], taxonomy: code('247100000X') },
  Dentist: { credentials: [['{pro}', 6], ['{pro.}', 1]], taxonomy: [['1223G0001X', 3], ['122300000X', 2]], graduates: ['DDS', 'DMD'] },
  'Pharmacy Technician': { credentials: [['CPhT', 6], ['', 2]], taxonomy: code('183700000X') },
  'Occupational Therapist': { credentials: [['OTR/L', 6], ['{top}, OTR/L', 3]], taxonomy: code('225X00000X'), graduates: ['MOT', 'MSOT', 'OTD'], medicare: true },
  'Respiratory Therapist': { credentials: [['RRT', 6], ['CRT', 2], ['RRT, RRT-NPS', 0.5]], taxonomy: [['227900000X', 3], ['227800000X', 1]] },
  'Medical Laboratory Scientist': { credentials: [['MLS(ASCP)', 5], ['MT(ASCP)', 2], ['', 1]] },
  'Social Worker': { credentials: [['LCSW', 4], ['MSW, LCSW', 3], ['LMSW', 2], ['MSW', 1]], taxonomy: code('104100000X'), graduates: ['MSW'], medicare: true },
  'Healthcare Administration': { credentials: [['', 5], ['MHA', 1, 'MHA'], ['MBA', 1, 'MBA'], ['MPH', 0.5, 'MPH'], ['FACHE', 0.5]] },
  'Family Medicine': physician('207Q00000X', ['Sports Medicine', 'Geriatric Medicine', 'Hospice and Palliative Care', 'Addiction Medicine']),
  'Internal Medicine': physician('207R00000X', ['Hospitalist', 'Geriatric Medicine', 'Critical Care (Intensivists)', 'Infectious Disease', 'Hospice and Palliative Care']),
  'Speech-Language Pathologist': { credentials: [['{top}, CCC-SLP', 5], ['CCC-SLP', 3], ['SLP', 1]], taxonomy: code('235Z00000X'), graduates: ['MS', 'MA'], medicare: true },
  'Emergency Medicine': physician('207P00000X', ['Critical Care (Intensivists)', 'Sports Medicine', 'Medical Toxicology', 'Addiction Medicine']),
  Pediatrics: physician('208000000X', ['Allergy/Immunology', 'Critical Care (Intensivists)'], ['children']),
  'Dental Hygienist': { credentials: [['RDH', 5], ['{top}, RDH', 1]], taxonomy: code('124Q00000X') },
  Paramedic: { credentials: [['NRP', 4], ['Paramedic', 2], ['EMT-P', 2]], taxonomy: code('146L00000X') },
  'Mental Health Counselor': { credentials: [['LMHC', 3], ['LPC', 3], ['LPCC', 1], ['{top}, LPC', 2]], taxonomy: code('101YM0800X'), graduates: ['MA', 'MS', 'MEd'], medicare: true },
  Psychiatry: physician('2084P0800X', ['Geriatric Psychiatry', 'Addiction Medicine', 'Neuropsychiatry'], ['psychiatric']),
  Anesthesiology: physician('207L00000X', ['Pain Management', 'Interventional Pain Management', 'Critical Care (Intensivists)']),
  OBGYN: physician('207V00000X', ['Gynecological Oncology', 'Hospice and Palliative Care']),
  'Certified Registered Nurse Anesthetist': { credentials: [['CRNA', 4], ['{top}, CRNA', 4], ['APRN, CRNA', 1]], taxonomy: code('367500000X'), graduates: ['MSN', 'DNAP', 'DNP'], medicare: true, alsoRn: true, affiliated: 0.85 },
  Cardiology: physician('207RC0000X', ['Internal Medicine', 'Interventional Cardiology', 'Cardiac Electrophysiology', 'Advanced Heart Failure and Transplant Cardiology']),
  Radiology: physician('2085R0202X', ['Interventional Radiology', 'Nuclear Medicine']),
  Surgeon: surgeon('208600000X', ['Surgical Oncology', 'Vascular Surgery', 'Colorectal Surgery (Proctology)', 'Critical Care (Intensivists)']),
  'Orthopedic Surgery': surgeon('207X00000X', ['Sports Medicine', 'Hand Surgery']),
  Psychologist: { credentials: [['{top}', 5], ['{top}, ABPP', 0.3]], taxonomy: [['103TC0700X', 2], ['103T00000X', 1]], graduates: ['PsyD', 'PhD'], medicare: true },
  'Case Manager': { credentials: [['RN, CCM', 2, 'BSN'], ['BSN, RN', 2, 'BSN'], ['LMSW', 2, 'MSW'], ['MSW, LCSW', 1, 'MSW'], ['CCM', 1], ['', 1]], taxonomy: [['163WC0400X', 1, 'BSN'], ['104100000X', 1, 'MSW']] },
  Neurology: physician('2084N0400X', ['Sleep Medicine', 'Neuropsychiatry', 'Pain Management']),
  Oncology: physician('207RX0202X', ['Hematology/Oncology', 'Hematology', 'Internal Medicine', 'Hospice and Palliative Care']),
  'Registered Dietitian': { credentials: [['RD', 3], ['RDN', 3], ['{top}, RDN', 1, 'MS'], ['RDN, LD', 2]], taxonomy: code('133V00000X'), medicare: true },
  'Surgical Technologist': { credentials: [['CST', 5], ['', 2]] },
  Dermatology: physician('207N00000X', ['Micrographic Dermatologic Surgery', 'Pathology']),
  Gastroenterology: physician('207RG0100X', ['Internal Medicine']),
  EMT: { credentials: [['EMT', 5], ['EMT-B', 2], ['NREMT', 1]], taxonomy: code('146N00000X') },
  Optometrist: { credentials: [['OD', 6], ['O.D.', 1], ['OD, FAAO', 0.5]], taxonomy: code('152W00000X'), graduates: ['OD'], medicare: true },
  Chiropractor: { credentials: [['DC', 6], ['D.C.', 1]], taxonomy: code('111N00000X'), graduates: ['DC'], medicare: true },
  'Behavioral Health Technician': { credentials: [['', 4], ['RBT', 1]] },
  'Medical Coding': { credentials: [['CPC', 4], ['CCS', 1], ['RHIT', 1, 'AS'], ['CPC, CRC', 0.5]] },
  Sonographer: { credentials: [['RDMS', 4], ['RDMS, RVT', 1], ['RDCS', 1]] },
  Phlebotomist: { credentials: [['CPT', 3], ['PBT(ASCP)', 1], ['', 2]] },
  Pulmonology: physician('207RP1001X', ['Critical Care (Intensivists)', 'Sleep Medicine', 'Internal Medicine']),
  Nephrology: physician('207RN0300X', ['Internal Medicine']),
  Endocrinology: physician('207RE0101X', ['Internal Medicine']),
  Urology: surgeon('208800000X', ['Surgical Oncology']),
  Ophthalmology: physician('207W00000X', []),
  Otolaryngology: surgeon('207Y00000X', ['Plastic and Reconstructive Surgery', 'Sleep Medicine']),
  Pathology: physician('207ZP0102X', []),
  'Certified Nurse Midwife': { credentials: [['CNM', 3], ['{top}, CNM', 3], ['CNM, APRN', 1]], taxonomy: code('367A00000X'), graduates: ['MSN', 'DNP'], medicare: true, alsoRn: true, affiliated: 0.7 },
  'Dialysis Technician': { credentials: [['CCHT', 3], ['CHT', 2], ['', 1]] },
  Podiatrist: { credentials: [['DPM', 6], ['DPM, FACFAS', 1]], taxonomy: code('213E00000X'), graduates: ['DPM'], medicare: true },
  Audiologist: { credentials: [['AuD, CCC-A', 3], ['AuD', 3], ['Au.D.', 0.5]], taxonomy: code('231H00000X'), graduates: ['AuD'], medicare: true },
  'Athletic Trainer': { credentials: [['ATC', 4], ['LAT, ATC', 3]], taxonomy: code('2255A2300X') },
  'Nuclear Medicine Technologist': { credentials: [['CNMT', 3], ['RT(N)', 1]] },
  'Cardiovascular Technologist': { credentials: [['RCIS', 2], ['RCS', 1], ['', 1]] },
  Neonatology: physician('2080N0001X', ['Pediatric Medicine'], ['children']),
  Geriatrics: physician('207RG0300X', ['Internal Medicine', 'Hospice and Palliative Care']),
  'Physical Medicine & Rehabilitation': physician('208100000X', ['Pain Management', 'Sports Medicine', 'Interventional Pain Management'], ['rehabilitation']),
  'Sports Medicine': physician('207QS0010X', ['Family Practice']),
  'Infectious Disease': physician('207RI0200X', ['Internal Medicine']),
  Rheumatology: physician('207RR0500X', ['Internal Medicine']),
  'Palliative Care': physician('207RH0002X', ['Internal Medicine', 'Geriatric Medicine']),
  'Urgent Care': { ...physician('207Q00000X', ['Family Practice', 'Emergency Medicine']), taxonomy: [['207Q00000X', 2], ['207P00000X', 1]] },
  Neurosurgery: surgeon('207T00000X', []),
  'Cardiothoracic Surgery': surgeon('208G00000X', ['Cardiac Surgery', 'Thoracic Surgery', 'Vascular Surgery']),
  'Plastic Surgery': surgeon('208200000X', ['Hand Surgery']),
};

const NURSE_LEADER: TitleLicensure = {
  taxonomy: code('163WA2000X'),
  credentials: [
    ['{top}, RN, NE-BC', 1],
    ['{top}, RN', 3],
    ['{top}, RN, NEA-BC', 0.5],
  ],
  degreePaths: [
    ['BSN', 'MSN'],
    ['BSN', 'MSN', 'DNP'],
    ['BSN', 'MBA'],
    ['ADN', 'BSN', 'MSN'],
  ],
};

/** Titles that are a role of their own within a specialty: its taxonomy, credential and degrees. */
// biome-ignore format: a data table reads best one title per line
export const TITLE_LICENSURE: Readonly<Record<string, TitleLicensure>> = {
  'ICU Nurse': { taxonomy: code('163WC0200X'), credentials: nurseWith('CCRN') },
  'ER Nurse': { taxonomy: code('163WE0003X'), credentials: nurseWith('CEN') },
  'Labor and Delivery Nurse': { taxonomy: code('163WX0003X'), credentials: nurseWith('RNC-OB') },
  'Pediatric Nurse': { taxonomy: code('163WP0200X'), credentials: nurseWith('CPN') },
  'Oncology Nurse': { taxonomy: code('163WX0200X'), credentials: nurseWith('OCN') },
  'Operating Room Nurse': { credentials: nurseWith('CNOR') },
  'Home Health Nurse': { taxonomy: code('163WH0200X') },
  'Nurse Case Manager': { taxonomy: code('163WC0400X'), credentials: nurseWith('CCM') },
  'Clinical Nurse Educator': { taxonomy: code('163WC1600X'), credentials: [['{top}, RN, CNE', 1], ['{top}, RN', 3]], degreePaths: [['BSN', 'MSN'], ['BSN', 'MSN', 'DNP']] },
  'Nurse Manager': NURSE_LEADER,
  'Director of Nursing': NURSE_LEADER,
  'Chief Nursing Officer': NURSE_LEADER,
  'Acute Care Nurse Practitioner': { taxonomy: code('363LA2100X'), credentials: [['{top}, AGACNP-BC', 3], ['ACNP-BC', 2], ['{top}, APRN, ACNP-BC', 2]] },
  'Psychiatric Nurse Practitioner': { taxonomy: code('363LP0808X'), credentials: [['{top}, PMHNP-BC', 4], ['PMHNP-BC', 2], ['APRN, PMHNP-BC', 2]] },
  'Family Nurse Practitioner': { taxonomy: code('363LF0000X'), credentials: [['{top}, FNP-BC', 3], ['{top}, FNP-C', 3], ['FNP-C', 2], ['APRN, FNP-BC', 2]] },
  'Physician Assistant-Certified': { credentials: [['PA-C', 1]] },
  'Surgical Physician Assistant': { taxonomy: code('363AS0400X') },
  Hospitalist: { taxonomy: code('208M00000X') },
  'Resident Physician': { trainee: true },
  Fellow: { trainee: true },
  'Surgical Resident': { trainee: true },
  'Interventional Cardiologist': { taxonomy: code('207RI0011X') },
  'Child and Adolescent Psychiatrist': { taxonomy: code('2084P0804X') },
  'Hematologist-Oncologist': { taxonomy: code('207RH0003X') },
  Intensivist: { taxonomy: code('207RC0200X') },
  'Interventional Radiologist': { taxonomy: code('2085R0204X') },
  'Physical Therapist Assistant': { taxonomy: code('225200000X'), credentials: [['PTA', 5], ['LPTA', 1]], degreePaths: [['AAS']], graduates: ['AAS'], medicare: undefined },
  'Certified Occupational Therapy Assistant': { taxonomy: code('224Z00000X'), credentials: [['COTA/L', 5], ['COTA', 2]], degreePaths: [['AAS']], graduates: ['AAS'], medicare: undefined },
  'Registered Respiratory Therapist': { taxonomy: code('227900000X'), credentials: [['RRT', 1]] },
  'Clinical Fellow SLP': { credentials: [['{top}, CF-SLP', 1]], trainee: true },
  'Medical Lab Technician': { credentials: [['MLT(ASCP)', 4], ['MLT', 1]], degreePaths: [['AS'], ['AAS']] },
  'Surgical First Assistant': { credentials: [['CSFA', 1]] },
  'Echocardiographer': { credentials: [['RDCS', 1]] },
  'PET/CT Technologist': { credentials: [['CNMT, PET', 1]] },
  'CT Technologist': { credentials: [['RT(R)(CT)', 1]] },
  'MRI Technologist': { credentials: [['RT(R)(MR)', 2], ['RT(MR)', 1]] },
  'EKG Technician': { credentials: [['CET', 1], ['', 1]] },
  'Certified Medical Assistant': { credentials: [['CMA', 3], ['CMA (AAMA)', 1]] },
  'Patient Care Technician': { credentials: [['PCT', 1], ['CNA', 1]] },
  Orthodontist: { taxonomy: code('1223X0400X'), credentials: [['{pro}', 1]], degreePaths: [['BS', 'DDS', 'MS'], ['BS', 'DMD', 'MS']] },
  'Licensed Clinical Social Worker': { taxonomy: code('1041C0700X'), credentials: [['LCSW', 3], ['MSW, LCSW', 3]] },
  'Licensed Professional Counselor': { taxonomy: code('101YP2500X'), credentials: [['LPC', 3], ['{top}, LPC', 2]] },
  'Substance Abuse Counselor': { taxonomy: code('101YA0400X'), credentials: [['CADC', 2], ['LCADC', 1], ['LADC', 1]] },
  Neuropsychologist: { taxonomy: code('103G00000X') },
  'Utilization Review Nurse': { credentials: [['BSN, RN', 2], ['RN, CCM', 1]], degreePaths: [['BSN'], ['ADN', 'BSN']] },
  'Flight Paramedic': { credentials: [['FP-C', 2], ['NRP, FP-C', 1]] },
  'Critical Care Paramedic': { credentials: [['CCP-C', 1], ['NRP', 1]] },
  'Advanced EMT': { taxonomy: code('146M00000X'), credentials: [['AEMT', 1]] },
  'Medical Coder': { credentials: [['CPC', 3], ['CCS', 1]] },
  'Medical Billing Specialist': { credentials: [['CPB', 1], ['', 2]] },
  'Health Information Manager': { credentials: [['RHIA', 2], ['', 1]] },
  'Infection Preventionist': { credentials: [['CIC', 1], ['BSN, RN, CIC', 1, 'BSN']] },
};

/** Licensed vocational nurses: what California and Texas call their practical nurses. */
export const VOCATIONAL_STATES: ReadonlySet<string> = new Set(['CA', 'TX']);
export const VOCATIONAL_TAXONOMY = '164X00000X';
/** A registered nurse's licence, which every advanced practice nurse also holds. */
export const RN_TAXONOMY = '163W00000X';
