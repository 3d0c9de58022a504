import { z } from 'zod';
import { AccessEvent } from './access';

import { BillingEvent } from './billing';
import { CANDIDATE_IMPORTED_STORED_FIELDS, CANDIDATE_PERSONAL_FIELDS, DirectoryEvent } from './directory';
import { type EventDefinition, type PersonalDataSpec, versionsOf } from './envelope';
import { IdentityEvent, identityPersonalData } from './identity';
import { IntakeEvent, RESUME_PERSONAL_FIELDS } from './intake';
import { OutreachEvent, outreachPersonalData } from './outreach';
import { SiteEvent } from './site';
import { WorkspaceEvent } from './workspace';

export * from './access';

export * from './billing';
export * from './directory';
export * from './envelope';
export * from './identity';
export * from './intake';
export * from './outreach';
export * from './site';
export * from './workspace';

/** Every event HealthTal writes. Each bounded context adds its union here. */
export const HealthTalEvent = z.discriminatedUnion('type', [
  ...IntakeEvent.options,
  ...IdentityEvent.options,
  ...BillingEvent.options,
  ...AccessEvent.options,
  ...DirectoryEvent.options,
  ...WorkspaceEvent.options,
  ...OutreachEvent.options,
  ...SiteEvent.options,
]);
export type HealthTalEvent = z.infer<typeof HealthTalEvent>;
export type HealthTalEventType = HealthTalEvent['type'];

const personalData: Partial<Record<HealthTalEventType, PersonalDataSpec>> = {
  ...identityPersonalData,
  ...outreachPersonalData,
  CandidateImported: {
    subject: (data: { candidateId: string }) => data.candidateId,
    fields: CANDIDATE_PERSONAL_FIELDS,
  },
  // Same subject and fields as the import it changes: erasing the candidate erases its updates.
  CandidateUpdated: {
    subject: (data: { candidateId: string }) => data.candidateId,
    fields: CANDIDATE_PERSONAL_FIELDS,
  },
  // Subject is the submission id, which an approval reuses as the candidate id: one key erases both.
  ResumeSubmitted: {
    subject: (data: { submissionId: string }) => data.submissionId,
    fields: RESUME_PERSONAL_FIELDS,
  },
  // The requester's address: erased once the removal is done.
  RemovalRequested: {
    subject: (data: { removalId: string }) => data.removalId,
    fields: ['email'],
  },
  // The customer's own words: erased with the user.
  RefundRequested: {
    subject: (data: { userId: string }) => data.userId,
    fields: ['reason'],
  },
  // The searcher's email, address and browser are theirs: erasing the user erases them from the log.
  // An anonymous search has no person to erase, so its own log id is the subject.
  SearchFailed: {
    subject: (data: { userId: string | null; logId: string }) => data.userId ?? data.logId,
    fields: ['userEmail', 'ipAddress', 'userAgent'],
  },
};

/** Types stored by position (EventDefinition storedFields): the ones written by the million. */
const storedFields: Partial<Record<HealthTalEventType, readonly string[]>> = {
  CandidateImported: CANDIDATE_IMPORTED_STORED_FIELDS,
};

/**
 * The registry the event store validates appends against, stamps each append's schema version from,
 * upcasts reads with and learns personal fields from. A type missing here cannot be appended. Each
 * type's version and upcasters are declared with its schema (`event()`); the store stamps the
 * version, so no writer names one.
 */
export const eventDefinitions: Readonly<Record<string, EventDefinition>> = Object.fromEntries(
  HealthTalEvent.options.map((schema) => {
    const type = schema.shape.type.value;
    const personal = personalData[type];
    const stored = storedFields[type];
    const versions = versionsOf(schema);
    return [
      type,
      {
        schema,
        currentVersion: versions.current,
        ...(versions.current > 1 ? { upcasters: versions.upcasters } : {}),
        ...(personal ? { personalData: personal } : {}),
        ...(stored ? { storedFields: stored } : {}),
      },
    ];
  }),
);
