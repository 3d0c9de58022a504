/**
 * The one specialty taxonomy (issue 16): every specialty the directory lists, its display name and
 * the other ways imports spell it. The directory projection, the search filter (index and query),
 * the Specialties A–Z page, Home, the resume form, the synthetic seed and the CSV and NPI registry
 * importers all read it, so a name shown anywhere is a name the filter finds.
 *
 * Order: largest first, as the directory's counts run (the synthetic seed draws in these shares), so
 * the first 35 are Home's fallback. Spellings fold by `specialtyKey`: case, spaces, punctuation and
 * "&" against "and" never make two specialties.
 */
export type SpecialtyDefinition = {
  /** As every list shows it: proper acronyms (EMT, OBGYN), never "Emt". */
  readonly name: string;
  /** Other spellings imports use (NPI registry classifications, abbreviations, old names). */
  readonly aliases: readonly string[];
};

// biome-ignore format: a data table reads best one specialty per line
export const SPECIALTIES = [
  { name: 'Nurse', aliases: ['Registered Nurse', 'RN', 'Staff Nurse', 'Nurses'] },
  { name: 'Physician', aliases: ['Allopathic & Osteopathic Physicians', 'MD', 'DO', 'Doctor', 'Physicians'] },
  { name: 'Nurse Practitioner', aliases: ['NP', 'APRN', 'Family Nurse Practitioner'] },
  { name: 'Licensed Practical Nurse', aliases: ['LPN', 'Licensed Vocational Nurse', 'LVN'] },
  { name: 'Pharmacist', aliases: ['Pharmacy', 'PharmD', 'Clinical Pharmacist'] },
  { name: 'Physician Assistant', aliases: ['PA', 'PA-C', 'Physician Assistants'] },
  { name: 'Medical Assistant', aliases: ['CMA', 'Certified Medical Assistant'] },
  { name: 'Physical Therapist', aliases: ['Physical Therapy', 'PT', 'DPT'] },
  { name: 'Certified Nursing Assistant', aliases: ['CNA', 'Nursing Assistant', "Nurse's Aide"] },
  { name: 'Home Health Aide', aliases: ['HHA', 'Home Health', 'Home Health Aides'] },
  { name: 'Radiologic Technologist', aliases: ['Radiologic Technology', 'Radiology Technologist', 'X-Ray Technologist'] },
  { name: 'Dentist', aliases: ['Dentistry', 'Dental', 'DDS', 'DMD', 'General Practice Dentistry'] },
  { name: 'Pharmacy Technician', aliases: ['Pharmacy Tech', 'CPhT'] },
  { name: 'Occupational Therapist', aliases: ['Occupational Therapy', 'OT', 'OTR/L'] },
  { name: 'Respiratory Therapist', aliases: ['Respiratory Therapy', 'RRT', 'Respiratory Therapist, Certified', 'Respiratory Therapist, Registered'] },
  { name: 'Medical Laboratory Scientist', aliases: ['Clinical Laboratory Scientist', 'Medical Technologist', 'MLS'] },
  { name: 'Social Worker', aliases: ['Social Work', 'LCSW', 'Clinical Social Worker'] },
  { name: 'Healthcare Administration', aliases: ['Health Care Administration', 'Healthcare Administrator'] },
  { name: 'Family Medicine', aliases: ['Family Practice', 'Family Physician'] },
  { name: 'Internal Medicine', aliases: ['Internist'] },
  { name: 'Speech-Language Pathologist', aliases: ['Speech-Language Pathology', 'SLP', 'Speech Therapist'] },
  { name: 'Paramedic', aliases: ['Emergency Medical Technician, Paramedic', 'EMT-Paramedic'] },
  { name: 'Dental Hygienist', aliases: ['RDH', 'Dental Hygiene'] },
  { name: 'Psychologist', aliases: ['Psychology', 'Clinical Psychologist'] },
  { name: 'Surgeon', aliases: ['Surgery', 'General Surgery', 'General Surgeon'] },
  { name: 'Surgical Technologist', aliases: ['Surgical Technician', 'Surgical Tech'] },
  { name: 'Phlebotomist', aliases: ['Phlebotomy'] },
  { name: 'Mental Health Counselor', aliases: ['Counselor', 'Licensed Professional Counselor', 'LPC'] },
  { name: 'Case Manager', aliases: ['Case Management', 'Care Coordinator'] },
  { name: 'Pediatrics', aliases: ['Pediatrician', 'Pediatric Medicine'] },
  { name: 'Sonographer', aliases: ['Diagnostic Medical Sonographer', 'Sonography', 'Ultrasound Technologist'] },
  { name: 'Certified Registered Nurse Anesthetist', aliases: ['CRNA', 'Nurse Anesthetist', 'Nurse Anesthetist, Certified Registered'] },
  { name: 'Registered Dietitian', aliases: ['Dietitian', 'Dietitian, Registered', 'RD', 'Nutrition and Dietetics'] },
  { name: 'EMT', aliases: ['Emergency Medical Technician', 'Emergency Medical Technician, Basic', 'EMT-Basic'] },
  { name: 'Medical Coding', aliases: ['Medical Coder', 'Medical Billing and Coding'] },
  { name: 'OBGYN', aliases: ['OB/GYN', 'OB-GYN', 'Obstetrics & Gynecology', 'Obstetrics and Gynecology'] },
  { name: 'Emergency Medicine', aliases: ['Emergency Room', 'ER Physician'] },
  { name: 'Anesthesiology', aliases: ['Anesthesia', 'Anesthesiologist'] },
  { name: 'Psychiatry', aliases: ['Psychiatrist'] },
  { name: 'Cardiology', aliases: ['Cardiovascular Disease', 'Cardiologist'] },
  { name: 'Radiology', aliases: ['Diagnostic Radiology', 'Radiologist'] },
  { name: 'Orthopedic Surgery', aliases: ['Orthopaedic Surgery', 'Orthopedics', 'Orthopedic Surgeon'] },
  { name: 'Neurology', aliases: ['Neurologist'] },
  { name: 'Oncology', aliases: ['Hematology & Oncology', 'Medical Oncology', 'Oncologist'] },
  { name: 'Optometrist', aliases: ['Optometry'] },
  { name: 'Chiropractor', aliases: ['Chiropractic', 'Chiropractic Physician'] },
  { name: 'Dermatology', aliases: ['Dermatologist'] },
  { name: 'Gastroenterology', aliases: ['Gastroenterologist', 'GI'] },
  { name: 'Ophthalmology', aliases: ['Ophthalmologist'] },
  { name: 'Behavioral Health Technician', aliases: ['Mental Health Technician', 'Psychiatric Technician'] },
  { name: 'Certified Nurse Midwife', aliases: ['CNM', 'Nurse Midwife', 'Advanced Practice Midwife'] },
  { name: 'Dialysis Technician', aliases: ['Hemodialysis Technician'] },
  { name: 'Cardiovascular Technologist', aliases: ['Cardiovascular Technology'] },
  { name: 'Pulmonology', aliases: ['Pulmonary Disease', 'Pulmonary Medicine', 'Pulmonologist'] },
  { name: 'Nephrology', aliases: ['Nephrologist'] },
  { name: 'Endocrinology', aliases: ['Endocrinology, Diabetes & Metabolism', 'Endocrinologist'] },
  { name: 'Urology', aliases: ['Urologist'] },
  { name: 'Otolaryngology', aliases: ['ENT', 'Ear, Nose and Throat', 'Otolaryngologist'] },
  { name: 'Pathology', aliases: ['Pathologist'] },
  { name: 'Urgent Care', aliases: ['Urgent Care Medicine'] },
  { name: 'Nuclear Medicine Technologist', aliases: ['Nuclear Medicine Technology'] },
  { name: 'Podiatrist', aliases: ['Podiatry', 'Podiatric Medicine'] },
  { name: 'Audiologist', aliases: ['Audiology'] },
  { name: 'Athletic Trainer', aliases: ['Athletic Training'] },
  { name: 'Neurosurgery', aliases: ['Neurological Surgery', 'Neurosurgeon'] },
  { name: 'Neonatology', aliases: ['Neonatal-Perinatal Medicine', 'Neonatologist'] },
  { name: 'Geriatrics', aliases: ['Geriatric Medicine', 'Geriatrician'] },
  { name: 'Physical Medicine & Rehabilitation', aliases: ['PM&R', 'Physiatry', 'Physical Medicine and Rehabilitation'] },
  { name: 'Sports Medicine', aliases: ['Sports Medicine Physician'] },
  { name: 'Infectious Disease', aliases: ['Infectious Diseases'] },
  { name: 'Rheumatology', aliases: ['Rheumatologist'] },
  { name: 'Cardiothoracic Surgery', aliases: ['Thoracic Surgery', 'Thoracic Surgery (Cardiothoracic Vascular Surgery)'] },
  { name: 'Plastic Surgery', aliases: ['Plastic and Reconstructive Surgery'] },
  { name: 'Palliative Care', aliases: ['Hospice and Palliative Medicine'] },
] as const satisfies readonly SpecialtyDefinition[];

/** A name the taxonomy defines (the seed and the public pages may only use these). */
export type SpecialtyName = (typeof SPECIALTIES)[number]['name'];

/** Every display name, largest first. */
export const SPECIALTY_NAMES: readonly SpecialtyName[] = SPECIALTIES.map((s) => s.name);

/** What two spellings of one specialty share: lower case, letters and digits only, "&" read as "and". */
export const specialtyKey = (raw: string): string =>
  raw
    .normalize('NFKD')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]/g, '');

const BY_KEY: ReadonlyMap<string, SpecialtyName> = (() => {
  const byKey = new Map<string, SpecialtyName>();
  for (const { name, aliases } of SPECIALTIES) {
    for (const spelling of [name, ...aliases]) {
      const key = specialtyKey(spelling);
      const taken = byKey.get(key);
      if (taken && taken !== name)
        throw new Error(`specialty spelling "${spelling}" is both ${taken} and ${name}`);
      byKey.set(key, name);
    }
  }
  return byKey;
})();

/** The taxonomy's name for a spelling, or null when it names no specialty the directory lists. */
export function knownSpecialty(raw: string): SpecialtyName | null {
  return BY_KEY.get(specialtyKey(raw)) ?? null;
}

/** Kept in capitals when a specialty outside the table is title-cased. */
const ACRONYMS = new Set(
  'ICU NICU PICU CCU CVICU ER ED OR PACU ENT EMT CRNA RN LPN LVN CNA NP PA OBGYN HIV MRI CT EKG ECG GI SLP CNM DNP PT OT RT'.split(
    ' ',
  ),
);
const MINOR_WORDS = new Set(['and', 'of', 'the', 'for', 'in', 'to']);

/**
 * One spelling of a specialty as the directory shows and filters it: the taxonomy's display name
 * when it knows the spelling ("registered nurse", "RN" and "Nurse" are Nurse; "ob/gyn" is OBGYN);
 * otherwise the name tidied (spaces collapsed, title case, acronyms in capitals), so one unknown
 * specialty spelled three ways is still one entry.
 */
export function canonicalSpecialty(raw: string): string {
  const known = knownSpecialty(raw);
  if (known) return known;
  return raw
    .trim()
    .replace(/\s+/g, ' ')
    .split(' ')
    .map((word, i) => {
      const bare = word.replace(/[^A-Za-z]/g, '').toUpperCase();
      if (ACRONYMS.has(bare)) return word.toUpperCase();
      const lower = word.toLowerCase();
      if (i > 0 && MINOR_WORDS.has(lower)) return lower;
      return lower.replace(/(^|[-/(])([a-z])/g, (_m, p: string, c: string) => p + c.toUpperCase());
    })
    .join(' ');
}

/**
 * Shown on Home when the public specialty counts cannot be loaded (spec: a fallback of 35): the 35
 * largest specialties of the taxonomy, A to Z, as the API's list would be.
 */
export const FALLBACK_HOME_SPECIALTIES: readonly SpecialtyName[] = [...SPECIALTY_NAMES.slice(0, 35)].sort(
  (a, b) => a.localeCompare(b, 'en'),
);

/**
 * The Specialties A–Z page (spec: about 80 fixed specialties, each a link to /search?specialty=…):
 * every specialty of the taxonomy, so every link finds people.
 */
export const SPECIALTIES_A_TO_Z: readonly SpecialtyName[] = [...SPECIALTY_NAMES].sort((a, b) =>
  a.localeCompare(b, 'en'),
);

/**
 * When the specialty counts cannot be loaded, the pickers fall back to a built-in table of about 20
 * specialties (spec §8: largest Nurse, about 748 thousand, then Physician, about 170 thousand; the
 * other counts are ours, in proportion). Names are the taxonomy's, so each finds people.
 */
export const FALLBACK_SPECIALTY_COUNTS: readonly { specialty: SpecialtyName; count: number }[] = [
  { specialty: 'Nurse', count: 748_000 },
  { specialty: 'Physician', count: 170_000 },
  { specialty: 'Nurse Practitioner', count: 96_000 },
  { specialty: 'Pharmacist', count: 71_000 },
  { specialty: 'Physician Assistant', count: 54_000 },
  { specialty: 'Physical Therapist', count: 48_000 },
  { specialty: 'Family Medicine', count: 41_000 },
  { specialty: 'Internal Medicine', count: 39_000 },
  { specialty: 'Dentist', count: 33_000 },
  { specialty: 'Pediatrics', count: 28_000 },
  { specialty: 'Emergency Medicine', count: 24_000 },
  { specialty: 'Psychiatry', count: 19_000 },
  { specialty: 'Anesthesiology', count: 17_000 },
  { specialty: 'Cardiology', count: 15_000 },
  { specialty: 'OBGYN', count: 14_000 },
  { specialty: 'Surgeon', count: 12_000 },
  { specialty: 'Radiology', count: 11_000 },
  { specialty: 'Occupational Therapist', count: 10_000 },
  { specialty: 'Oncology', count: 8_000 },
];
