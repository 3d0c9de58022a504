import type { SpecialtyName } from '@healthtal/contracts';
import type { ProfessionName } from './professions';

type Title = readonly [title: string, level: string, weight: number];

export type Specialty = {
  /** The taxonomy's name (contracts specialties.ts): what the directory lists after the merge. */
  name: SpecialtyName;
  profession: ProfessionName;
  /** Relative weight among the specialties after Nurse and Physician (see NURSE_SHARE). */
  weight: number;
  /** How imports actually spell it, with weights: the taxonomy folds these into `name`. */
  spellings?: readonly (readonly [spelling: string, weight: number])[];
  /** Titles of this specialty when the profession's list spans several. */
  titles?: readonly Title[];
  /** Skills this specialty adds to its profession's pool. */
  skills?: readonly string[];
  degreePaths?: readonly (readonly string[])[];
};

/**
 * The spec's fallback table: about 748,000 nurses and 170,000 physicians in a directory of 1.5
 * million (49.9 % and 11.3 %). These are shares of the draw: about 1.2 % of specialties come out
 * blank or "null" and 1.5 % of nurses are written "Registered Nurse", so the draw is a little
 * higher for the merged counts to land on the table. The other specialties share the rest by weight.
 */
export const NURSE_SHARE = 0.5127;
export const PHYSICIAN_SHARE = 0.1144;

const ST = 'Non-Manager';
const doctor = (title: string, extra: string[] = []): Title[] => [
  [title, ST, 30],
  ['Attending Physician', ST, 8],
  ['Staff Physician', ST, 4],
  ...extra.map((t): Title => [t, ST, 6]),
  ['Medical Director', 'Director', 1],
];

export const NURSE: Specialty = {
  name: 'Nurse',
  profession: 'nursing',
  weight: 0,
  spellings: [
    ['Nurse', 88],
    ['nurse', 6],
    ['NURSE', 2],
    ['Registered Nurse', 2],
    ['registered nurse', 1],
    ['Nurse ', 1],
  ],
};
export const PHYSICIAN: Specialty = {
  name: 'Physician',
  profession: 'physician',
  weight: 0,
  spellings: [
    ['Physician', 92],
    ['physician', 6],
    ['PHYSICIAN', 2],
  ],
};

// biome-ignore format: a data table reads best one specialty per line
export const OTHER_SPECIALTIES: readonly Specialty[] = [
  { name: 'Nurse Practitioner', profession: 'advancedPractice', weight: 40, spellings: [['Nurse Practitioner', 9], ['nurse practitioner', 1]], titles: [['Nurse Practitioner', ST, 40], ['Family Nurse Practitioner', ST, 25], ['Acute Care Nurse Practitioner', ST, 8], ['Psychiatric Nurse Practitioner', ST, 6], ['Lead Nurse Practitioner', 'Manager', 2]], degreePaths: [['BSN', 'MSN'], ['BSN', 'DNP'], ['BSN', 'MSN', 'DNP']] },
  { name: 'Physician Assistant', profession: 'advancedPractice', weight: 20, spellings: [['Physician Assistant', 9], ['physician assistant', 1]], titles: [['Physician Assistant', ST, 50], ['Physician Assistant-Certified', ST, 10], ['Surgical Physician Assistant', ST, 6], ['Lead Physician Assistant', 'Manager', 2]], degreePaths: [['BS', 'MPAS'], ['BS', 'MSPAS'], ['BA', 'MMS']] },
  { name: 'Pharmacist', profession: 'pharmacy', weight: 22, titles: [['Pharmacist', ST, 40], ['Clinical Pharmacist', ST, 20], ['Staff Pharmacist', ST, 12], ['Pharmacy Manager', 'Manager', 6], ['Director of Pharmacy', 'Director', 1]], degreePaths: [['PharmD'], ['BS', 'PharmD'], ['PharmD', 'MBA']] },
  { name: 'Pharmacy Technician', profession: 'pharmacy', weight: 9, titles: [['Pharmacy Technician', ST, 40], ['Certified Pharmacy Technician', ST, 15], ['Lead Pharmacy Technician', ST, 3]], degreePaths: [['Certificate'], ['AAS'], ['Diploma']] },
  { name: 'Physical Therapist', profession: 'therapy', weight: 18, spellings: [['Physical Therapist', 8], ['physical therapist', 1], ['PHYSICAL THERAPIST', 1]], titles: [['Physical Therapist', ST, 40], ['Physical Therapist Assistant', ST, 10], ['Outpatient Physical Therapist', ST, 8], ['Rehab Manager', 'Manager', 3]], degreePaths: [['BS', 'DPT'], ['DPT'], ['BA', 'DPT']] },
  { name: 'Occupational Therapist', profession: 'therapy', weight: 9, titles: [['Occupational Therapist', ST, 40], ['Certified Occupational Therapy Assistant', ST, 10], ['Pediatric Occupational Therapist', ST, 5]], degreePaths: [['BS', 'MOT'], ['BS', 'OTD'], ['BS', 'MSOT']] },
  { name: 'Respiratory Therapist', profession: 'therapy', weight: 9, spellings: [['Respiratory Therapist', 9], ['respiratory therapist', 1]], titles: [['Respiratory Therapist', ST, 40], ['Registered Respiratory Therapist', ST, 15], ['Respiratory Care Supervisor', 'Manager', 2]], degreePaths: [['AS'], ['BS'], ['AAS']] },
  { name: 'Speech-Language Pathologist', profession: 'therapy', weight: 7, spellings: [['Speech-Language Pathologist', 9], ['speech-language pathologist', 1]], titles: [['Speech-Language Pathologist', ST, 40], ['Speech Therapist', ST, 10], ['Clinical Fellow SLP', ST, 3]], degreePaths: [['BA', 'MS'], ['BS', 'MA'], ['BS', 'MS']] },
  { name: 'Licensed Practical Nurse', profession: 'support', weight: 25, spellings: [['Licensed Practical Nurse', 9], ['licensed practical nurse', 1]], titles: [['Licensed Practical Nurse', ST, 40], ['LPN Charge Nurse', ST, 6], ['Licensed Vocational Nurse', ST, 5]], degreePaths: [['Diploma'], ['Certificate'], ['AAS']] },
  { name: 'Certified Nursing Assistant', profession: 'support', weight: 15, titles: [['Certified Nursing Assistant', ST, 40], ['Nursing Assistant', ST, 15], ['Patient Care Technician', ST, 10]], degreePaths: [['Certificate']] },
  { name: 'Medical Assistant', profession: 'support', weight: 20, spellings: [['Medical Assistant', 9], ['medical assistant', 1]], titles: [['Medical Assistant', ST, 40], ['Certified Medical Assistant', ST, 15], ['Lead Medical Assistant', ST, 4]], degreePaths: [['Certificate'], ['Diploma'], ['AAS']] },
  { name: 'Home Health Aide', profession: 'support', weight: 10, titles: [['Home Health Aide', ST, 40], ['Caregiver', ST, 15], ['Personal Care Aide', ST, 10]], degreePaths: [['Certificate'], ['Diploma']] },
  { name: 'Dialysis Technician', profession: 'support', weight: 2, titles: [['Dialysis Technician', ST, 40], ['Certified Hemodialysis Technician', ST, 10]], degreePaths: [['Certificate'], ['AAS']] },
  { name: 'Radiologic Technologist', profession: 'technologist', weight: 10, spellings: [['Radiologic Technologist', 9], ['radiologic technologist', 1]], titles: [['Radiologic Technologist', ST, 40], ['X-Ray Technologist', ST, 10], ['CT Technologist', ST, 10], ['MRI Technologist', ST, 8], ['Imaging Manager', 'Manager', 2]], degreePaths: [['AS'], ['AAS'], ['BS']] },
  { name: 'Medical Laboratory Scientist', profession: 'technologist', weight: 9, spellings: [['Medical Laboratory Scientist', 9], ['MEDICAL LABORATORY SCIENTIST', 1]], titles: [['Medical Laboratory Scientist', ST, 30], ['Medical Technologist', ST, 15], ['Medical Lab Technician', ST, 15], ['Lab Manager', 'Manager', 3]], degreePaths: [['BS'], ['BS', 'MS']] },
  { name: 'Surgical Technologist', profession: 'technologist', weight: 5, titles: [['Surgical Technologist', ST, 40], ['Certified Surgical Technologist', ST, 10], ['Surgical First Assistant', ST, 4]], degreePaths: [['AAS'], ['Certificate']] },
  { name: 'Sonographer', profession: 'technologist', weight: 4, titles: [['Diagnostic Medical Sonographer', ST, 40], ['Ultrasound Technologist', ST, 15], ['Echocardiographer', ST, 8]], degreePaths: [['AS'], ['BS']] },
  { name: 'Phlebotomist', profession: 'technologist', weight: 5, titles: [['Phlebotomist', ST, 40], ['Phlebotomy Technician', ST, 15]], degreePaths: [['Certificate']] },
  { name: 'Nuclear Medicine Technologist', profession: 'technologist', weight: 1, titles: [['Nuclear Medicine Technologist', ST, 40], ['PET/CT Technologist', ST, 10]], degreePaths: [['BS'], ['AS']] },
  { name: 'Cardiovascular Technologist', profession: 'technologist', weight: 1.5, titles: [['Cardiovascular Technologist', ST, 40], ['Cath Lab Technologist', ST, 15], ['EKG Technician', ST, 10]], degreePaths: [['AS'], ['Certificate']] },
  { name: 'Dentist', profession: 'dental', weight: 10, titles: [['Dentist', ST, 40], ['General Dentist', ST, 25], ['Associate Dentist', ST, 10], ['Orthodontist', ST, 5], ['Dental Director', 'Director', 2], ['Practice Owner', 'C-Level', 4]], degreePaths: [['BS', 'DDS'], ['BS', 'DMD'], ['BA', 'DDS']] },
  { name: 'Dental Hygienist', profession: 'dental', weight: 6, titles: [['Dental Hygienist', ST, 40], ['Registered Dental Hygienist', ST, 15]], degreePaths: [['AS'], ['BS']] },
  { name: 'Certified Registered Nurse Anesthetist', profession: 'advancedPractice', weight: 4, spellings: [['Certified Registered Nurse Anesthetist', 5], ['CRNA', 4], ['crna', 1]], titles: [['Certified Registered Nurse Anesthetist', ST, 30], ['Nurse Anesthetist', ST, 20], ['Chief CRNA', 'Manager', 2]], skills: ['Anesthesia', 'Regional Anesthesia', 'Airway Management', 'Pain Management'], degreePaths: [['BSN', 'MSN'], ['BSN', 'DNAP'], ['BSN', 'DNP']] },
  { name: 'Certified Nurse Midwife', profession: 'advancedPractice', weight: 2, spellings: [['Certified Nurse Midwife', 9], ['certified nurse midwife', 1]], titles: [['Certified Nurse Midwife', ST, 40], ['Nurse Midwife', ST, 15]], skills: ['Labor & Delivery', 'Prenatal Care', 'Postpartum Care', 'Women\'s Health'], degreePaths: [['BSN', 'MSN'], ['BSN', 'DNP']] },
  { name: 'Psychologist', profession: 'behavioral', weight: 6, titles: [['Clinical Psychologist', ST, 40], ['Psychologist', ST, 20], ['Neuropsychologist', ST, 6]], degreePaths: [['BA', 'PsyD'], ['BA', 'PhD'], ['BS', 'MA', 'PhD']] },
  { name: 'Social Worker', profession: 'behavioral', weight: 9, spellings: [['Social Worker', 9], ['social worker', 1]], titles: [['Licensed Clinical Social Worker', ST, 30], ['Social Worker', ST, 25], ['Medical Social Worker', ST, 10], ['Case Manager', ST, 8]], degreePaths: [['BSW', 'MSW'], ['BA', 'MSW']] },
  { name: 'Mental Health Counselor', profession: 'behavioral', weight: 5, titles: [['Mental Health Counselor', ST, 30], ['Licensed Professional Counselor', ST, 20], ['Substance Abuse Counselor', ST, 10]], degreePaths: [['BA', 'MA'], ['BS', 'MS'], ['BA', 'MEd']] },
  { name: 'Behavioral Health Technician', profession: 'behavioral', weight: 3, titles: [['Behavioral Health Technician', ST, 30], ['Mental Health Technician', ST, 20], ['Psychiatric Technician', ST, 10]], degreePaths: [['BA'], ['AS'], ['Certificate']] },
  { name: 'Case Manager', profession: 'behavioral', weight: 5, titles: [['Case Manager', ST, 30], ['Care Coordinator', ST, 20], ['Utilization Review Nurse', ST, 8]], degreePaths: [['BSN'], ['BSW', 'MSW'], ['BA']] },
  { name: 'Registered Dietitian', profession: 'allied', weight: 4, spellings: [['Registered Dietitian', 9], ['registered dietitian', 1]], titles: [['Registered Dietitian', ST, 30], ['Clinical Dietitian', ST, 20], ['Nutrition Manager', 'Manager', 3]], degreePaths: [['BS'], ['BS', 'MS']] },
  { name: 'Paramedic', profession: 'emergency', weight: 7, titles: [['Paramedic', ST, 40], ['Flight Paramedic', ST, 5], ['Critical Care Paramedic', ST, 6], ['EMS Supervisor', 'Manager', 3]], degreePaths: [['Certificate'], ['AAS'], ['AS']] },
  { name: 'EMT', profession: 'emergency', weight: 4, spellings: [['EMT', 9], ['emt', 1]], titles: [['EMT', ST, 40], ['EMT-Basic', ST, 15], ['Advanced EMT', ST, 8]], degreePaths: [['Certificate']] },
  { name: 'Optometrist', profession: 'allied', weight: 3, titles: [['Optometrist', ST, 40], ['Associate Optometrist', ST, 10]], degreePaths: [['BS', 'OD']] },
  { name: 'Chiropractor', profession: 'allied', weight: 3, titles: [['Chiropractor', ST, 40], ['Chiropractic Physician', ST, 10], ['Clinic Owner', 'C-Level', 4]], degreePaths: [['BS', 'DC']] },
  { name: 'Podiatrist', profession: 'allied', weight: 1, titles: [['Podiatrist', ST, 40], ['Podiatric Surgeon', ST, 10]], degreePaths: [['BS', 'DPM']] },
  { name: 'Audiologist', profession: 'allied', weight: 1, titles: [['Audiologist', ST, 40], ['Clinical Audiologist', ST, 10]], degreePaths: [['BA', 'AuD']] },
  { name: 'Athletic Trainer', profession: 'allied', weight: 1, titles: [['Athletic Trainer', ST, 40], ['Head Athletic Trainer', 'Manager', 5]], degreePaths: [['BS'], ['BS', 'MS']] },
  { name: 'Healthcare Administration', profession: 'administration', weight: 8, spellings: [['Healthcare Administration', 9], ['healthcare administration', 1]], degreePaths: [['BS', 'MHA'], ['BA', 'MBA'], ['BS'], ['BS', 'MPH'], ['BSN', 'MBA']] },
  { name: 'Medical Coding', profession: 'administration', weight: 4, titles: [['Medical Coder', ST, 40], ['Certified Professional Coder', ST, 15], ['Coding Manager', 'Manager', 3]], degreePaths: [['AS'], ['BS'], ['Certificate']] },
  { name: 'Surgeon', profession: 'surgeon', weight: 6, spellings: [['Surgeon', 9], ['surgeon', 1]] },
  { name: 'Orthopedic Surgery', profession: 'surgeon', weight: 3, spellings: [['Orthopedic Surgery', 9], ['orthopedic surgery', 1]], titles: [['Orthopedic Surgeon', ST, 40], ['Orthopaedic Surgeon', ST, 10]], skills: ['Joint Replacement', 'Arthroscopy', 'Sports Medicine', 'Spine Surgery'] },
  { name: 'Neurosurgery', profession: 'surgeon', weight: 0.6, titles: [['Neurosurgeon', ST, 40]], skills: ['Spine Surgery', 'Brain Tumors', 'Neurocritical Care'] },
  { name: 'Cardiothoracic Surgery', profession: 'surgeon', weight: 0.5, titles: [['Cardiothoracic Surgeon', ST, 40], ['Cardiac Surgeon', ST, 10]], skills: ['CABG', 'Valve Repair', 'ECMO'] },
  { name: 'Plastic Surgery', profession: 'surgeon', weight: 0.5, titles: [['Plastic Surgeon', ST, 40]], skills: ['Reconstructive Surgery', 'Cosmetic Surgery', 'Microsurgery'] },
  { name: 'Family Medicine', profession: 'physician', weight: 8, spellings: [['Family Medicine', 9], ['family medicine', 1]], titles: doctor('Family Medicine Physician', ['Primary Care Physician']), skills: ['Primary Care', 'Family Medicine', 'Preventive Medicine'] },
  { name: 'Internal Medicine', profession: 'physician', weight: 8, spellings: [['Internal Medicine', 9], ['internal medicine', 1]], titles: doctor('Internist', ['Hospitalist']), skills: ['Internal Medicine', 'Hospital Medicine'] },
  { name: 'Pediatrics', profession: 'physician', weight: 5, titles: doctor('Pediatrician'), skills: ['Pediatrics', 'Well-Child Care', 'Vaccinations'] },
  { name: 'OBGYN', profession: 'physician', weight: 4, spellings: [['OBGYN', 4], ['OB/GYN', 4], ['obgyn', 1], ['Ob/Gyn', 1], ['OB-GYN', 1]], titles: doctor('Obstetrician-Gynecologist', ['OB/GYN Physician']), skills: ['Obstetrics', 'Gynecology', 'Labor & Delivery', 'Prenatal Care'] },
  { name: 'Emergency Medicine', profession: 'physician', weight: 4, spellings: [['Emergency Medicine', 9], ['emergency medicine', 1]], titles: doctor('Emergency Medicine Physician', ['ER Physician']), skills: ['Emergency Medicine', 'Trauma Care', 'Point-of-Care Ultrasound'] },
  { name: 'Anesthesiology', profession: 'physician', weight: 4, titles: doctor('Anesthesiologist'), skills: ['Anesthesia', 'Regional Anesthesia', 'Pain Management'] },
  { name: 'Psychiatry', profession: 'physician', weight: 4, titles: doctor('Psychiatrist', ['Child and Adolescent Psychiatrist']), skills: ['Psychiatry', 'Psychopharmacology', 'Mental Health'] },
  { name: 'Cardiology', profession: 'physician', weight: 3, spellings: [['Cardiology', 9], ['cardiology', 1]], titles: doctor('Cardiologist', ['Interventional Cardiologist']), skills: ['Cardiology', 'Echocardiography', 'Cardiac Catheterization'] },
  { name: 'Radiology', profession: 'physician', weight: 3, titles: doctor('Radiologist', ['Interventional Radiologist']), skills: ['Diagnostic Radiology', 'MRI', 'CT', 'PACS'] },
  { name: 'Neurology', profession: 'physician', weight: 2, titles: doctor('Neurologist'), skills: ['Neurology', 'EEG', 'Stroke Care'] },
  { name: 'Oncology', profession: 'physician', weight: 2, spellings: [['Oncology', 9], ['oncology', 1]], titles: doctor('Oncologist', ['Hematologist-Oncologist']), skills: ['Oncology', 'Chemotherapy', 'Clinical Trials'] },
  { name: 'Dermatology', profession: 'physician', weight: 1.5, titles: doctor('Dermatologist'), skills: ['Dermatology', 'Mohs Surgery', 'Cosmetic Dermatology'] },
  { name: 'Gastroenterology', profession: 'physician', weight: 1.5, titles: doctor('Gastroenterologist'), skills: ['Endoscopy', 'Colonoscopy', 'Hepatology'] },
  { name: 'Pulmonology', profession: 'physician', weight: 1, spellings: [['Pulmonology', 9], ['pulmonology', 1]], titles: doctor('Pulmonologist', ['Intensivist']), skills: ['Pulmonology', 'Critical Care', 'Bronchoscopy'] },
  { name: 'Nephrology', profession: 'physician', weight: 1, titles: doctor('Nephrologist'), skills: ['Nephrology', 'Dialysis', 'Kidney Transplant'] },
  { name: 'Endocrinology', profession: 'physician', weight: 1, titles: doctor('Endocrinologist'), skills: ['Diabetes Management', 'Thyroid Disorders'] },
  { name: 'Urology', profession: 'physician', weight: 1, titles: doctor('Urologist'), skills: ['Urology', 'Robotic Surgery'] },
  { name: 'Ophthalmology', profession: 'physician', weight: 1.5, titles: doctor('Ophthalmologist'), skills: ['Cataract Surgery', 'Retina', 'Glaucoma'] },
  { name: 'Otolaryngology', profession: 'physician', weight: 1, spellings: [['Otolaryngology', 6], ['ENT', 4]], titles: doctor('Otolaryngologist', ['ENT Physician']), skills: ['Otolaryngology', 'Sinus Surgery'] },
  { name: 'Pathology', profession: 'physician', weight: 1, titles: doctor('Pathologist'), skills: ['Anatomic Pathology', 'Clinical Pathology', 'Cytopathology'] },
  { name: 'Neonatology', profession: 'physician', weight: 0.5, titles: doctor('Neonatologist'), skills: ['NICU', 'Neonatal Resuscitation'] },
  { name: 'Geriatrics', profession: 'physician', weight: 0.5, titles: doctor('Geriatrician'), skills: ['Geriatrics', 'Palliative Care'] },
  { name: 'Physical Medicine & Rehabilitation', profession: 'physician', weight: 0.5, spellings: [['Physical Medicine & Rehabilitation', 9], ['physical medicine & rehabilitation', 1]], titles: doctor('Physiatrist'), skills: ['Rehabilitation', 'EMG', 'Pain Management'] },
  { name: 'Sports Medicine', profession: 'physician', weight: 0.5, titles: doctor('Sports Medicine Physician'), skills: ['Sports Medicine', 'Musculoskeletal Ultrasound'] },
  { name: 'Infectious Disease', profession: 'physician', weight: 0.5, titles: doctor('Infectious Disease Physician'), skills: ['Infectious Disease', 'Antimicrobial Stewardship', 'HIV Care'] },
  { name: 'Rheumatology', profession: 'physician', weight: 0.5, titles: doctor('Rheumatologist'), skills: ['Rheumatology', 'Autoimmune Disease'] },
  { name: 'Palliative Care', profession: 'physician', weight: 0.4, titles: doctor('Palliative Care Physician'), skills: ['Palliative Care', 'Hospice Care'] },
  { name: 'Urgent Care', profession: 'physician', weight: 1, titles: doctor('Urgent Care Physician'), skills: ['Urgent Care', 'Occupational Medicine'] },
];
