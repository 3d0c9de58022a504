import { createHash, randomUUID } from 'node:crypto';
import type { CandidateImported } from '@healthtal/contracts';
import type { TestApp } from './harness';
import { testMetadata } from './harness';

type Data = CandidateImported['data'];

const uuidOf = (text: string) => {
  const hex = createHash('sha1').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/** A candidate with every field, overridable; the test says only what matters to it. */
export function candidate(key: string, overrides: Partial<Data> = {}): Data {
  return {
    candidateId: uuidOf(key),
    sourceRef: `test:${key}`,
    source: 'test',
    firstName: 'Alex',
    middleName: null,
    lastName: 'Morgan',
    title: 'Registered Nurse',
    titleLevel: 'Staff',
    jobFunctions: 'Nursing',
    specialty: 'Registered Nurse',
    companyName: 'General Hospital',
    companyEmployees: '500 to 999',
    companyIndustry: 'Hospital & Health Care',
    companyRevenueRange: '$100M to <$1B',
    companyDomain: 'general-hospital.example',
    companyStartDate: '2019-04',
    city: 'Austin',
    state: 'TX',
    officeCity: 'Austin',
    officeState: 'TX',
    officeZip: '78701',
    location: null,
    personalEmail: `${key}@mail.example`,
    workEmail: null,
    phone: '555-010-0100',
    directPhone: null,
    linkedinUrl: `https://www.linkedin.com/in/${key}`,
    connections: 120,
    gender: null,
    skills: 'BLS, ACLS',
    education: 'school-name: University of Texas; degrees: BSN',
    emailStatus: 'valid',
    emailVerifiedAt: '2026-10-01T00:00:00.000Z',
    phoneVerifiedAt: null,
    emailHash: null,
    phoneHash: null,
    ...overrides,
  };
}

/** Imports candidates through the event store, waits for the read model and the search index. */
export async function importCandidates(
  app: TestApp,
  candidates: Data[],
  /** The events' correlation id: a bulk import's (isBulkImport) or, by default, the harness's. */
  { correlationId = testMetadata().correlationId }: { correlationId?: string } = {},
): Promise<void> {
  await app.store.createStreams(
    candidates.map((data) => ({
      streamId: `candidate-${data.candidateId}`,
      events: [
        {
          type: 'CandidateImported',
          data,
          metadata: { ...testMetadata(), correlationId, eventId: randomUUID() },
        },
      ],
    })),
  );
  await app.caughtUp();
}
