import type { OrgKindName } from './organizations';

/**
 * A family of professions sharing titles, skills, degrees and employers. Titles carry their level
 * (the data vendors' Contacttitlelevel) and a weight.
 */
export type Profession = {
  titles: readonly (readonly [title: string, level: string, weight: number])[];
  jobFunctions: readonly string[];
  skills: readonly string[];
  /** Degree paths: each is the sequence of degrees one person earned, in order. */
  degreePaths: readonly (readonly string[])[];
  femaleShare: number;
  employers: Partial<Record<OrgKindName | 'national', number>>;
};

const STAFF = 'Non-Manager';
const MANAGER = 'Manager';
const DIRECTOR = 'Director';
const EXEC = 'C-Level';
const VP = 'VP-Level';

const HOSPITAL_HEAVY = {
  hospital: 5,
  system: 3,
  national: 2,
  clinic: 1,
  care: 1,
  university: 0.5,
  government: 0.5,
};
const CLINIC_HEAVY = {
  clinic: 5,
  hospital: 2,
  system: 2,
  national: 1,
  care: 0.5,
  university: 0.5,
  government: 0.3,
};
// biome-ignore format: a data table reads best packed
const COMMON_CLINICAL = [
  'Patient Care', 'EMR', 'Epic', 'HIPAA', 'Patient Education', 'Healthcare', 'Teamwork',
];

// biome-ignore format: a data table reads best packed
export const PROFESSIONS = {
  nursing: {
    titles: [
      ['Registered Nurse', STAFF, 40], ['Staff Nurse', STAFF, 10], ['ICU Nurse', STAFF, 6],
      ['ER Nurse', STAFF, 6], ['Travel Nurse', STAFF, 5], ['Charge Nurse', STAFF, 6],
      ['Labor and Delivery Nurse', STAFF, 3], ['Operating Room Nurse', STAFF, 3],
      ['Pediatric Nurse', STAFF, 3], ['Oncology Nurse', STAFF, 2], ['Home Health Nurse', STAFF, 3],
      ['Clinical Nurse Educator', STAFF, 2], ['Nurse Case Manager', STAFF, 2], ['Nurse Manager', MANAGER, 4],
      ['Director of Nursing', DIRECTOR, 2], ['Chief Nursing Officer', EXEC, 0.5],
    ],
    jobFunctions: ['Medical & Health', 'Nursing', 'Medical & Health;Nursing'],
    skills: [
      ...COMMON_CLINICAL, 'BLS', 'ACLS', 'PALS', 'NRP', 'TNCC', 'Critical Care', 'Acute Care',
      'Medication Administration', 'IV Therapy', 'Wound Care', 'Telemetry', 'Triage', 'Care Planning',
      'Patient Advocacy', 'Med-Surg', 'Case Management', 'Vital Signs', 'Cerner', 'Meditech',
      'Infection Control', 'Ventilator Management', 'Phlebotomy', 'Discharge Planning', 'Nursing Education',
      'Trauma Care', 'Labor & Delivery', 'Oncology', 'Pediatrics', 'Geriatrics', 'Hospice Care',
      'Leadership', 'Staff Development',
    ],
    degreePaths: [
      ['ADN'], ['ASN'], ['BSN'], ['BSN'], ['BSN'], ['ADN', 'BSN'], ['BSN', 'MSN'], ['BSN', 'MSN', 'DNP'],
      ['Diploma', 'ADN'],
    ],
    femaleShare: 0.87,
    employers: HOSPITAL_HEAVY,
  },
  physician: {
    titles: [
      ['Physician', STAFF, 20], ['Attending Physician', STAFF, 20], ['Hospitalist', STAFF, 10],
      ['Staff Physician', STAFF, 8], ['Primary Care Physician', STAFF, 8], ['Resident Physician', STAFF, 6],
      ['Fellow', STAFF, 3], ['Locum Tenens Physician', STAFF, 3], ['Medical Director', DIRECTOR, 4],
      ['Chief of Medicine', DIRECTOR, 1], ['Department Chair', DIRECTOR, 1],
      ['Chief Medical Officer', EXEC, 0.5], ['Associate Professor of Medicine', STAFF, 2],
    ],
    jobFunctions: ['Medical & Health', 'Physicians', 'Medical & Health;Physicians'],
    skills: [
      ...COMMON_CLINICAL, 'Internal Medicine', 'Clinical Research', 'Diagnosis', 'Treatment Planning',
      'Medical Education', 'Quality Improvement', 'Evidence-Based Medicine', 'Hospital Medicine',
      'Chronic Disease Management', 'Preventive Medicine', 'Telemedicine', 'Board Certified',
      'Medical Staff Leadership', 'Point-of-Care Ultrasound', 'Critical Care', 'Procedures', 'Research',
      'Teaching', 'Population Health', 'Value-Based Care',
    ],
    degreePaths: [
      ['BS', 'MD'], ['BA', 'MD'], ['BS', 'DO'], ['MD'], ['BS', 'MD', 'MPH'], ['BS', 'MD', 'PhD'],
      ['BA', 'MD', 'MBA'],
    ],
    femaleShare: 0.38,
    employers: { hospital: 4, system: 3, clinic: 4, national: 2, university: 1, government: 0.5, care: 0.2 },
  },
  surgeon: {
    titles: [
      ['Surgeon', STAFF, 20], ['Attending Surgeon', STAFF, 15], ['Surgical Resident', STAFF, 5],
      ['Chief of Surgery', DIRECTOR, 1], ['Surgical Director', DIRECTOR, 1],
    ],
    jobFunctions: ['Medical & Health', 'Physicians'],
    skills: [
      ...COMMON_CLINICAL, 'Surgery', 'Minimally Invasive Surgery', 'Laparoscopy', 'Robotic Surgery',
      'Trauma Surgery', 'Surgical Procedures', 'Pre-operative Care', 'Post-operative Care', 'Operating Room',
      'Da Vinci', 'Clinical Research', 'Residency Teaching', 'Board Certified',
    ],
    degreePaths: [
      ['BS', 'MD'], ['BA', 'MD'], ['BS', 'DO'], ['BS', 'MD', 'MBA'],
    ],
    femaleShare: 0.25,
    employers: HOSPITAL_HEAVY,
  },
  advancedPractice: {
    titles: [
      ['Nurse Practitioner', STAFF, 30], ['Family Nurse Practitioner', STAFF, 20],
      ['Acute Care Nurse Practitioner', STAFF, 6], ['Psychiatric Nurse Practitioner', STAFF, 5],
      ['Physician Assistant', STAFF, 25], ['Lead Advanced Practice Provider', MANAGER, 2],
      ['Director of Advanced Practice', DIRECTOR, 1],
    ],
    jobFunctions: ['Medical & Health', 'Medical & Health;Nursing'],
    skills: [
      ...COMMON_CLINICAL, 'Primary Care', 'Prescribing', 'Diagnosis', 'Chronic Disease Management',
      'Urgent Care', 'Family Medicine', "Women's Health", 'Telehealth', 'Suturing', 'Physical Assessment',
      'DEA Licensed', 'BLS', 'ACLS', 'Behavioral Health', 'Geriatrics', 'Pediatrics',
    ],
    degreePaths: [
      ['BSN', 'MSN'], ['BSN', 'DNP'], ['BSN', 'MSN', 'DNP'], ['BS', 'MPAS'], ['BS', 'MSPAS'],
    ],
    femaleShare: 0.82,
    employers: CLINIC_HEAVY,
  },
  pharmacy: {
    titles: [
      ['Pharmacist', STAFF, 30], ['Clinical Pharmacist', STAFF, 15], ['Staff Pharmacist', STAFF, 10],
      ['Pharmacy Manager', MANAGER, 5], ['Pharmacy Technician', STAFF, 25],
      ['Director of Pharmacy', DIRECTOR, 1],
    ],
    jobFunctions: ['Medical & Health', 'Pharmacy'],
    skills: [
      'Pharmacy', 'Medication Therapy Management', 'Immunizations', 'Compounding', 'Pharmacokinetics',
      'Drug Interactions', 'Retail Pharmacy', 'Hospital Pharmacy', 'Anticoagulation', 'Sterile Compounding',
      'Pyxis', 'Inventory Management', 'Patient Counseling', 'Formulary Management', 'Epic Willow',
      'Customer Service', 'HIPAA',
    ],
    degreePaths: [['PharmD'], ['BS', 'PharmD'], ['PharmD', 'MBA'], ['Certificate'], ['AAS']],
    femaleShare: 0.62,
    employers: { national: 5, hospital: 3, system: 2, clinic: 1, care: 0.5, university: 0.3 },
  },
  therapy: {
    titles: [
      ['Physical Therapist', STAFF, 25], ['Occupational Therapist', STAFF, 15],
      ['Respiratory Therapist', STAFF, 15], ['Speech-Language Pathologist', STAFF, 10],
      ['Physical Therapist Assistant', STAFF, 8], ['Rehab Manager', MANAGER, 3],
      ['Director of Rehabilitation', DIRECTOR, 1],
    ],
    jobFunctions: ['Medical & Health', 'Therapy'],
    skills: [
      ...COMMON_CLINICAL, 'Rehabilitation', 'Manual Therapy', 'Therapeutic Exercise', 'Orthopedics',
      'Neurological Rehabilitation', 'Gait Training', 'Pulmonary Function Testing', 'Mechanical Ventilation',
      'ABG Analysis', 'Dysphagia', 'Pediatrics', 'Home Health', 'Sports Medicine', 'Geriatrics',
      'Activities of Daily Living', 'Fine Motor Skills', 'BLS',
    ],
    degreePaths: [
      ['BS', 'DPT'], ['DPT'], ['BS', 'MOT'], ['BS', 'OTD'], ['AS'], ['BS'], ['BA', 'MS'], ['AAS'],
    ],
    femaleShare: 0.68,
    employers: { hospital: 3, clinic: 4, care: 3, system: 2, national: 1, university: 0.3 },
  },
  dental: {
    titles: [
      ['Dentist', STAFF, 30], ['General Dentist', STAFF, 20], ['Orthodontist', STAFF, 5],
      ['Dental Hygienist', STAFF, 25], ['Dental Director', DIRECTOR, 2], ['Practice Owner', EXEC, 3],
    ],
    jobFunctions: ['Medical & Health', 'Dental'],
    skills: [
      'Dentistry', 'Restorative Dentistry', 'Cosmetic Dentistry', 'Endodontics', 'Periodontics',
      'Oral Surgery', 'Invisalign', 'Dental Implants', 'Dental Radiography', 'Prophylaxis',
      'Scaling and Root Planing', 'Dentrix', 'Patient Education', 'Treatment Planning', 'HIPAA',
    ],
    degreePaths: [['BS', 'DDS'], ['BS', 'DMD'], ['BA', 'DDS'], ['AS'], ['BS']],
    femaleShare: 0.6,
    employers: { clinic: 8, national: 0.5, government: 0.3, university: 0.3 },
  },
  technologist: {
    titles: [
      ['Radiologic Technologist', STAFF, 20], ['CT Technologist', STAFF, 6], ['MRI Technologist', STAFF, 5],
      ['Medical Laboratory Scientist', STAFF, 15], ['Medical Lab Technician', STAFF, 10],
      ['Surgical Technologist', STAFF, 10], ['Diagnostic Medical Sonographer', STAFF, 8],
      ['Phlebotomist', STAFF, 10], ['Lab Manager', MANAGER, 2], ['Imaging Director', DIRECTOR, 1],
    ],
    jobFunctions: ['Medical & Health', 'Medical & Health;Laboratory', 'Medical & Health;Imaging'],
    skills: [
      'Radiography', 'CT', 'MRI', 'Ultrasound', 'Fluoroscopy', 'PACS', 'Radiation Safety', 'Venipuncture',
      'Specimen Collection', 'Clinical Chemistry', 'Hematology', 'Microbiology', 'Blood Bank',
      'Quality Control', 'Laboratory Information Systems', 'Sterile Technique', 'Surgical Instruments',
      'Echocardiography', 'Patient Positioning', 'BLS', 'HIPAA',
    ],
    degreePaths: [
      ['AS'], ['AAS'], ['BS'], ['Certificate'],
    ],
    femaleShare: 0.65,
    employers: HOSPITAL_HEAVY,
  },
  behavioral: {
    titles: [
      ['Clinical Psychologist', STAFF, 15], ['Psychologist', STAFF, 10],
      ['Licensed Clinical Social Worker', STAFF, 20], ['Social Worker', STAFF, 15],
      ['Mental Health Counselor', STAFF, 15], ['Behavioral Health Technician', STAFF, 8],
      ['Case Manager', STAFF, 10], ['Clinical Director', DIRECTOR, 2],
    ],
    jobFunctions: ['Medical & Health', 'Behavioral Health', 'Community & Social Services'],
    skills: [
      'Psychotherapy', 'CBT', 'DBT', 'Crisis Intervention', 'Case Management', 'Substance Abuse',
      'Trauma-Informed Care', 'Psychological Assessment', 'Group Therapy', 'Family Therapy',
      'Motivational Interviewing', 'Discharge Planning', 'Mental Health', 'Counseling', 'HIPAA',
      'Documentation',
    ],
    degreePaths: [
      ['BA', 'PsyD'], ['BA', 'PhD'], ['BSW', 'MSW'], ['BA', 'MSW'], ['BA', 'MA'], ['BS', 'MS'],
    ],
    femaleShare: 0.76,
    employers: { care: 4, clinic: 3, hospital: 2, government: 2, university: 1, national: 0.5 },
  },
  support: {
    titles: [
      ['Medical Assistant', STAFF, 30], ['Certified Nursing Assistant', STAFF, 20],
      ['Licensed Practical Nurse', STAFF, 20], ['Home Health Aide', STAFF, 10],
      ['Patient Care Technician', STAFF, 10], ['Dialysis Technician', STAFF, 5],
      ['Clinical Supervisor', MANAGER, 2],
    ],
    jobFunctions: ['Medical & Health', 'Medical & Health;Nursing', 'Medical Support'],
    skills: [
      ...COMMON_CLINICAL, 'Vital Signs', 'Phlebotomy', 'EKG', 'Medical Terminology', 'Scheduling',
      'Patient Intake', 'Activities of Daily Living', 'Medication Administration', 'CPR', 'BLS',
      'Infection Control', 'Dialysis', 'Customer Service', 'Bilingual Spanish',
    ],
    degreePaths: [['Certificate'], ['Diploma'], ['AS'], ['AAS']],
    femaleShare: 0.86,
    employers: { clinic: 4, care: 4, hospital: 3, national: 2, system: 1 },
  },
  emergency: {
    titles: [
      ['Paramedic', STAFF, 40], ['EMT', STAFF, 30], ['Flight Paramedic', STAFF, 4],
      ['EMS Supervisor', MANAGER, 3], ['EMS Director', DIRECTOR, 1],
    ],
    jobFunctions: ['Medical & Health', 'Emergency Medical Services'],
    skills: [
      'Emergency Medicine', 'Pre-hospital Care', 'ACLS', 'PALS', 'PHTLS', 'BLS', 'Trauma Care',
      'Airway Management', 'Patient Assessment', 'Emergency Vehicle Operations', 'Triage',
      'Incident Command', 'CPR',
    ],
    degreePaths: [['Certificate'], ['AS'], ['AAS'], ['BS']],
    femaleShare: 0.32,
    employers: { government: 4, hospital: 2, care: 2, system: 1, national: 0.5 },
  },
  allied: {
    titles: [
      ['Registered Dietitian', STAFF, 20], ['Optometrist', STAFF, 10], ['Chiropractor', STAFF, 10],
      ['Audiologist', STAFF, 5], ['Podiatrist', STAFF, 5], ['Athletic Trainer', STAFF, 5],
      ['Clinic Manager', MANAGER, 5],
    ],
    jobFunctions: ['Medical & Health'],
    skills: [
      ...COMMON_CLINICAL, 'Nutrition', 'Medical Nutrition Therapy', 'Diabetes Education', 'Eye Exams',
      'Contact Lenses', 'Spinal Manipulation', 'Hearing Aids', 'Foot and Ankle Surgery', 'Sports Medicine',
      'Injury Prevention',
    ],
    degreePaths: [
      ['BS', 'MS'], ['BS', 'OD'], ['BS', 'DC'], ['BA', 'AuD'], ['BS', 'DPM'], ['BS'],
    ],
    femaleShare: 0.6,
    employers: { clinic: 6, hospital: 2, national: 1, university: 1, care: 1 },
  },
  administration: {
    titles: [
      ['Healthcare Administrator', MANAGER, 15], ['Practice Manager', MANAGER, 15],
      ['Medical Coder', STAFF, 20], ['Medical Billing Specialist', STAFF, 10],
      ['Health Information Manager', MANAGER, 5], ['Director of Operations', DIRECTOR, 5],
      ['Chief Executive Officer', EXEC, 1], ['Vice President of Patient Care Services', VP, 1],
      ['Infection Preventionist', STAFF, 4],
    ],
    jobFunctions: ['Operations', 'Administration', 'Finance;Medical & Health', 'Operations;Medical & Health'],
    skills: [
      'Healthcare Management', 'Revenue Cycle Management', 'ICD-10', 'CPT Coding', 'Medical Billing', 'Epic',
      'Budgeting', 'Regulatory Compliance', 'Joint Commission', 'Quality Improvement', 'Strategic Planning',
      'Leadership', 'Operations', 'HIPAA', 'Staff Management', 'Lean Six Sigma', 'Infection Prevention',
      'Project Management',
    ],
    degreePaths: [['BS', 'MHA'], ['BA', 'MBA'], ['BS'], ['AS'], ['BS', 'MPH'], ['BSN', 'MBA']],
    femaleShare: 0.7,
    employers: { hospital: 3, system: 3, clinic: 3, national: 2, government: 1, care: 1, university: 0.5 },
  },
} as const satisfies Record<string, Profession>;
export type ProfessionName = keyof typeof PROFESSIONS;
