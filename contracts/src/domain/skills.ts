/**
 * The skills the directory's records hold (issue 35): what a job posting's skills are read against,
 * so a proposed skill is one the Skills filter finds. Drawn from the synthetic directory's skill
 * pools (a test there keeps every skill it writes in this list) and written as the directory writes
 * them. No zod here: the recruiter app may read it without the schemas.
 */
// biome-ignore format: a vocabulary reads best as a block
export const DIRECTORY_SKILLS = [
  'ABG Analysis', 'ACLS', 'Activities of Daily Living', 'Acute Care', 'Airway Management', 'Anatomic Pathology',
  'Anesthesia', 'Anticoagulation', 'Antimicrobial Stewardship', 'Arthroscopy', 'Autoimmune Disease', 'BLS',
  'Behavioral Health', 'Bilingual Spanish', 'Blood Bank', 'Board Certified', 'Brain Tumors', 'Bronchoscopy',
  'Budgeting', 'CABG', 'CBT', 'CPR', 'CPT Coding', 'CT', 'Cardiac Catheterization', 'Cardiology', 'Care Planning',
  'Case Management', 'Cataract Surgery', 'Cerner', 'Chemotherapy', 'Chronic Disease Management', 'Clinical Chemistry',
  'Clinical Pathology', 'Clinical Research', 'Clinical Trials', 'Colonoscopy', 'Compounding', 'Contact Lenses',
  'Cosmetic Dentistry', 'Cosmetic Dermatology', 'Cosmetic Surgery', 'Counseling', 'Crisis Intervention',
  'Critical Care', 'Customer Service', 'Cytopathology', 'DBT', 'DEA Licensed', 'Da Vinci', 'Dental Implants',
  'Dental Radiography', 'Dentistry', 'Dentrix', 'Dermatology', 'Diabetes Education', 'Diabetes Management',
  'Diagnosis', 'Diagnostic Radiology', 'Dialysis', 'Discharge Planning', 'Documentation', 'Drug Interactions',
  'Dysphagia', 'ECMO', 'EEG', 'EKG', 'EMG', 'EMR', 'Echocardiography', 'Emergency Medicine',
  'Emergency Vehicle Operations', 'Endodontics', 'Endoscopy', 'Epic', 'Epic Willow', 'Evidence-Based Medicine',
  'Eye Exams', 'Family Medicine', 'Family Therapy', 'Fine Motor Skills', 'Fluoroscopy', 'Foot and Ankle Surgery',
  'Formulary Management', 'Gait Training', 'Geriatrics', 'Glaucoma', 'Group Therapy', 'Gynecology', 'HIPAA',
  'HIV Care', 'Healthcare', 'Healthcare Management', 'Hearing Aids', 'Hematology', 'Hepatology', 'Home Health',
  'Hospice Care', 'Hospital Medicine', 'Hospital Pharmacy', 'ICD-10', 'IV Therapy', 'Immunizations',
  'Incident Command', 'Infection Control', 'Infection Prevention', 'Infectious Disease', 'Injury Prevention',
  'Internal Medicine', 'Inventory Management', 'Invisalign', 'Joint Commission', 'Joint Replacement',
  'Kidney Transplant', 'Labor & Delivery', 'Laboratory Information Systems', 'Laparoscopy', 'Leadership',
  'Lean Six Sigma', 'MRI', 'Manual Therapy', 'Mechanical Ventilation', 'Med-Surg', 'Medical Billing',
  'Medical Education', 'Medical Nutrition Therapy', 'Medical Staff Leadership', 'Medical Terminology',
  'Medication Administration', 'Medication Therapy Management', 'Meditech', 'Mental Health', 'Microbiology',
  'Microsurgery', 'Minimally Invasive Surgery', 'Mohs Surgery', 'Motivational Interviewing',
  'Musculoskeletal Ultrasound', 'NICU', 'NRP', 'Neonatal Resuscitation', 'Nephrology', 'Neurocritical Care',
  'Neurological Rehabilitation', 'Neurology', 'Nursing Education', 'Nutrition', 'Obstetrics',
  'Occupational Medicine', 'Oncology', 'Operating Room', 'Operations', 'Oral Surgery', 'Orthopedics',
  'Otolaryngology', 'PACS', 'PALS', 'PHTLS', 'Pain Management', 'Palliative Care', 'Patient Advocacy',
  'Patient Assessment', 'Patient Care', 'Patient Counseling', 'Patient Education', 'Patient Intake',
  'Patient Positioning', 'Pediatrics', 'Periodontics', 'Pharmacokinetics', 'Pharmacy', 'Phlebotomy',
  'Physical Assessment', 'Point-of-Care Ultrasound', 'Population Health', 'Post-operative Care', 'Postpartum Care',
  'Pre-hospital Care', 'Pre-operative Care', 'Prenatal Care', 'Prescribing', 'Preventive Medicine', 'Primary Care',
  'Procedures', 'Project Management', 'Prophylaxis', 'Psychiatry', 'Psychological Assessment',
  'Psychopharmacology', 'Psychotherapy', 'Pulmonary Function Testing', 'Pulmonology', 'Pyxis', 'Quality Control',
  'Quality Improvement', 'Radiation Safety', 'Radiography', 'Reconstructive Surgery', 'Regional Anesthesia',
  'Regulatory Compliance', 'Rehabilitation', 'Research', 'Residency Teaching', 'Restorative Dentistry',
  'Retail Pharmacy', 'Retina', 'Revenue Cycle Management', 'Rheumatology', 'Robotic Surgery',
  'Scaling and Root Planing', 'Scheduling', 'Sinus Surgery', 'Specimen Collection', 'Spinal Manipulation',
  'Spine Surgery', 'Sports Medicine', 'Staff Development', 'Staff Management', 'Sterile Compounding',
  'Sterile Technique', 'Strategic Planning', 'Stroke Care', 'Substance Abuse', 'Surgery', 'Surgical Instruments',
  'Surgical Procedures', 'Suturing', 'TNCC', 'Teaching', 'Teamwork', 'Telehealth', 'Telemedicine', 'Telemetry',
  'Therapeutic Exercise', 'Thyroid Disorders', 'Trauma Care', 'Trauma Surgery', 'Trauma-Informed Care',
  'Treatment Planning', 'Triage', 'Ultrasound', 'Urgent Care', 'Urology', 'Vaccinations', 'Value-Based Care',
  'Valve Repair', 'Venipuncture', 'Ventilator Management', 'Vital Signs', 'Well-Child Care', "Women's Health",
  'Wound Care',
] as const;
export type DirectorySkill = (typeof DIRECTORY_SKILLS)[number];

const BY_FOLDED = new Map<string, DirectorySkill>(
  DIRECTORY_SKILLS.map((skill) => [skill.toLowerCase(), skill]),
);
/** The directory's spelling of a skill, case-insensitively; null when the directory holds no such skill. */
export const knownSkill = (raw: string): DirectorySkill | null =>
  BY_FOLDED.get(raw.trim().toLowerCase()) ?? null;
