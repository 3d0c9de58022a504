import { randomUUID } from 'node:crypto';
import type { CandidateImported } from '@healthtal/contracts';

/** Synthetic professionals for the export benchmark: every field filled, all of them different. */
const FIRST = [
  'Maria',
  'James',
  'Priya',
  'Lee',
  'Kate',
  'Aisha',
  'Diego',
  'Hannah',
  'Omar',
  'Grace',
  'Wei',
  'Sofia',
];
const LAST = [
  'Delgado',
  'Okafor',
  'Raman',
  'Nguyen',
  "O'Brien",
  'Khan',
  'Ruiz',
  'Schmidt',
  'Haddad',
  'Kim',
  'Chen',
];
const SPECIALTIES = [
  'Registered Nurse',
  'Nurse Practitioner',
  'Cardiology',
  'Pharmacist',
  'Physical Therapist',
  'OBGYN',
];
const CITIES = [
  ['Houston', 'TX'],
  ['Cleveland', 'OH'],
  ['Portland', 'OR'],
  ['Boston', 'MA'],
  ['Miami', 'FL'],
] as const;

export function syntheticCandidate(i: number): CandidateImported['data'] {
  const first = FIRST[i % FIRST.length]!;
  const last = LAST[(i * 7) % LAST.length]!;
  const [city, state] = CITIES[i % CITIES.length]!;
  const handle = `${first}.${last}.${i}`.toLowerCase().replace(/[^a-z0-9.]/g, '');
  return {
    candidateId: randomUUID(),
    sourceRef: `bench:${i}`,
    source: 'bench',
    firstName: first,
    middleName: i % 3 === 0 ? 'null' : 'A.',
    lastName: last,
    title: `${SPECIALTIES[i % SPECIALTIES.length]} II`,
    titleLevel: 'Senior',
    jobFunctions: 'Clinical',
    specialty: SPECIALTIES[i % SPECIALTIES.length]!,
    companyName: `${city} General Hospital`,
    companyEmployees: '1000 to 4999',
    companyIndustry: 'Hospital & Health Care',
    companyRevenueRange: '$100M to <$1B',
    companyDomain: `${city.toLowerCase()}-general.example`,
    companyStartDate: '2019-03',
    city,
    state,
    officeCity: city,
    officeState: state,
    officeZip: String(10_000 + (i % 89_999)),
    location: null,
    personalEmail: `${handle}@mail.example`,
    workEmail: `${handle}@hospital.example`,
    phone: `555-01${String(i % 100).padStart(2, '0')}-${String(i % 10_000).padStart(4, '0')}`,
    directPhone: null,
    linkedinUrl: `https://www.linkedin.com/in/${handle}`,
    connections: i % 500,
    gender: null,
    skills: '"BLS", "ACLS", "Patient Education", "Epic EMR"',
    education: 'school-name: University of Texas; degrees: BSN | school-name: Rice University; degrees: MSN',
    emailStatus: 'valid',
    emailVerifiedAt: '2026-10-01T00:00:00.000Z',
    phoneVerifiedAt: null,
    emailHash: null,
    phoneHash: null,
  };
}
