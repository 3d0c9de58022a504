import type { CandidateImported } from '@healthtal/contracts';
import { candidate } from './directory-fixture';

export { importCandidates } from './directory-fixture';

type Data = CandidateImported['data'];

/**
 * A handful of professionals as a real import delivers them: literal "null"/"NULL"/"undefined"
 * texts, a quoted-list skills string, both education notations, work-only contacts, no contacts,
 * and text that a spreadsheet would run as a formula.
 */
export const maria: Data = candidate('maria-delgado', {
  firstName: 'Maria',
  middleName: 'null',
  lastName: 'Delgado',
  title: 'ICU Registered Nurse',
  titleLevel: 'Senior',
  jobFunctions: 'Nursing, Critical Care',
  specialty: 'registered nurse',
  companyName: 'Memorial Hermann Hospital',
  companyEmployees: '5000+',
  companyIndustry: 'Hospitals & Physicians Clinics',
  companyRevenueRange: '$1B+',
  companyDomain: 'undefined',
  companyStartDate: '2018-06',
  city: 'Houston',
  state: 'TX',
  officeCity: 'NULL',
  officeState: 'null',
  officeZip: '77030',
  location: 'null',
  personalEmail: 'maria.delgado@mail.example',
  workEmail: 'mdelgado@memorialhermann.example',
  phone: '+1 (713) 555-0142',
  directPhone: '713-555-0199',
  linkedinUrl: 'https://www.linkedin.com/in/maria-delgado-rn',
  connections: 412,
  gender: 'NULL',
  skills: '"ACLS", "BLS", "Critical Care", "null", "acls", ""',
  education:
    '[{"school-name": "University of Houston", "degrees": ["BSN"]}, {"school-name": "null", "degrees": []}]',
  emailStatus: 'valid',
  emailVerifiedAt: '2026-09-14T10:00:00.000Z',
  phoneVerifiedAt: '2026-09-20T16:30:00.000Z',
});

export const james: Data = candidate('james-okafor', {
  firstName: 'James',
  middleName: 'Chidi',
  lastName: 'Okafor',
  title: 'Interventional Cardiologist',
  specialty: 'Cardiology',
  companyName: 'Cleveland Heart Partners',
  companyIndustry: 'Medical Practice',
  city: 'Cleveland',
  state: 'OH',
  personalEmail: null,
  workEmail: 'j.okafor@clevelandheart.example',
  phone: 'null',
  directPhone: '216-555-0187',
  skills: 'Echocardiography, Cardiac Catheterization, null, undefined, ',
  education:
    'school-name: Johns Hopkins School of Medicine; degrees: MD | school-name: Duke University; degrees: BS, MS',
  emailStatus: 'accept_all',
  phoneVerifiedAt: null,
});

export const priya: Data = candidate('priya-raman', {
  firstName: 'Priya',
  lastName: 'Raman',
  title: 'null',
  specialty: 'Pharmacist',
  companyName: 'Walgreens',
  companyIndustry: 'Retail',
  city: 'null',
  state: 'null',
  location: 'null',
  personalEmail: 'priya.raman@mail.example',
  phone: '555-010-7788',
  skills: 'undefined',
  education: 'null',
  emailStatus: 'unknown',
  emailVerifiedAt: null,
});

/** In the directory, but with neither email nor phone. */
export const lee: Data = candidate('lee-nguyen', {
  firstName: 'Lee',
  lastName: 'Nguyen',
  title: 'Physical Therapist',
  specialty: 'physical therapist',
  city: 'Portland',
  state: 'OR',
  personalEmail: null,
  workEmail: 'null',
  phone: null,
  directPhone: 'NULL',
  emailStatus: 'invalid',
  emailVerifiedAt: null,
});

/** Text a spreadsheet would run, commas and quotes a CSV must escape. */
export const kate: Data = candidate('kate-obrien', {
  firstName: 'Kate',
  lastName: "O'Brien",
  title: 'Nurse Practitioner, Family "FNP"',
  specialty: 'OB/GYN',
  companyName: '=HYPERLINK("http://evil.example","click")',
  city: 'Boston',
  state: 'MA',
  personalEmail: 'kate.obrien@mail.example',
  phone: '617-555-0123',
  skills: '@SUM(1+1), Prenatal Care',
});

export const people = { maria, james, priya, lee, kate };
export const everyone: Data[] = Object.values(people);
