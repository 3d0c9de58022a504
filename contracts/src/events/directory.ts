import { z } from 'zod';
import {
  CANDIDATE_EVENT_SHAPE,
  CANDIDATE_FIELDS,
  CANDIDATE_UPDATABLE_SHAPE,
  eventFieldsOf,
  personalFieldsOf,
  type UpdatableFieldFrom,
  type UpdatableFieldName,
  updatableFieldsOf,
} from '../domain/candidate-fields';
import { UserId } from '../domain/ids';
import { event } from './envelope';

const ExportOf = {
  userId: UserId,
  exportId: z.uuid(),
  /** `pdf` since issue 37: candidate sheets. */
  format: z.enum(['csv', 'xlsx', 'pdf']),
  /** How the rows were chosen: picked ids, a whole search, or a list. */
  scope: z.enum(['selection', 'search', 'list']),
  fileName: z.string(),
  /** The rows the export set out to send: the ids chosen, the search's matches, the list's members. */
  rowsIntended: z.number().int().min(0),
};

/**
 * A user's export began: recorded before the file's first byte, on the customer's subscription
 * stream (`subscription-<userId>`), where the money-back guarantee is decided: an export start and
 * a refund request or approval are ordered by that one stream's version (ADR 0042).
 */
export const ExportStarted = event('ExportStarted', z.object(ExportOf));

/**
 * How an export ended, on the user's `exports-<userId>` stream: `count` rows went out, then the
 * file was complete, or the client left (or the file failed) part-way. Version 2; version 1 was
 * written only for complete files and had neither `rowsIntended` nor `outcome`: it reads as a
 * complete file.
 */
export const CandidatesExported = event(
  'CandidatesExported',
  z.object({
    ...ExportOf,
    /** Rows sent. */
    count: z.number().int().min(0),
    outcome: z.enum(['completed', 'aborted']),
  }),
  {
    current: 2,
    upcasters: {
      // Fills only what version 1 lacked: data already in the current shape passes unchanged.
      1: (data: unknown) => {
        const v1 = data as { count: number; rowsIntended?: number; outcome?: string };
        return { ...v1, rowsIntended: v1.rowsIntended ?? v1.count, outcome: v1.outcome ?? 'completed' };
      },
    },
  },
);

const day = z.iso.date();

/**
 * A professional entered the directory (import, synthetic seed or an approved resume). Field by
 * field the spec's candidate record (CANDIDATE_FIELDS, contracts/src/domain/candidate-fields.ts);
 * values the source left empty are null. Everything said about the person is their data, encrypted
 * per candidate (CANDIDATE_PERSONAL_FIELDS): only the ids, the source and its date, the email status
 * and `emailHash`/`phoneHash` (keyed hashes, which let the suppression list refuse them later
 * without keeping the values) stay readable once they are erased.
 */
export const CandidateImported = event('CandidateImported', z.object(CANDIDATE_EVENT_SHAPE));
export type CandidateImported = z.infer<typeof CandidateImported>;
/**
 * The candidate's fields sealed in their personal-data envelope (EventDefinition personalData), for
 * CandidateImported and CandidateUpdated alike, by the field table's `personal`. Append only: a
 * stored envelope names the fields it holds by their position here. The first eight were the only
 * ones sealed until the rest were appended (ADR 0044): events written before hold those in the
 * clear, which reads as null once the candidate is erased, and the erasure removes them from the
 * stored row.
 */
export const CANDIDATE_PERSONAL_FIELDS: readonly string[] = personalFieldsOf(CANDIDATE_FIELDS);

/**
 * CandidateImported's fields as the event store keeps them, by position (EventDefinition
 * storedFields): the field table's order. Append only: never reorder, rename or remove one, since
 * stored events name their fields by position here (a test pins the list).
 */
export const CANDIDATE_IMPORTED_STORED_FIELDS: readonly string[] = eventFieldsOf(CANDIDATE_FIELDS);

/**
 * Record fields a later source file can change (NPPES re-imports), in the table's order: the
 * registry import keeps one hash per field in this order (nppes_providers.fingerprint).
 */
export const CANDIDATE_UPDATABLE_FIELDS = updatableFieldsOf(CANDIDATE_FIELDS) as UpdatableFieldName[];
/** The fields an NPI registry file fills and later files update (the NPPES import compares these). */
export const CANDIDATE_NPPES_FIELDS = updatableFieldsOf(
  CANDIDATE_FIELDS,
  'nppes',
) as UpdatableFieldFrom<'nppes'>[];

/**
 * A newer source record changed some of a candidate's fields: only the changed ones are present
 * (a present null clears the field). `emailHash`/`phoneHash` come with a changed email or phone.
 */
export const CandidateUpdated = event(
  'CandidateUpdated',
  z.object({
    candidateId: z.uuid(),
    source: z.string().max(100),
    sourceDate: day,
    sourceUpdatedOn: day.nullable(),
    /** The file the changed values come from (its name): the provenance of each field it changes. */
    sourceFile: z.string().max(300).nullable().optional(),
    ...z.object(CANDIDATE_UPDATABLE_SHAPE).partial().shape,
    emailHash: z.string().nullable().optional(),
    phoneHash: z.string().nullable().optional(),
  }),
);
export type CandidateUpdated = z.infer<typeof CandidateUpdated>;

/**
 * A bulk import run (the seed, `healthtal import`, the NPI registry's) read its whole source, so
 * every candidate it adds is in the log before this. Its stream is the run's correlation id. The
 * directory read model counts it as a change a search must see (ADR 0032): once it is projected,
 * a search shows everything the run added.
 */
export const ImportCompleted = event(
  'ImportCompleted',
  z.object({
    source: z.string().max(1000),
    /** Candidates this run appended (not those an earlier, interrupted run of the source did). */
    imported: z.number().int().nonnegative(),
  }),
);

/** The registry deactivated the candidate's NPI: they leave search until it is reactivated. */
export const CandidateDeactivated = event(
  'CandidateDeactivated',
  z.object({
    candidateId: z.uuid(),
    source: z.string().max(100),
    deactivatedOn: day,
    sourceDate: day,
    /** The file that said so (its name); absent in events written before it was kept. */
    sourceFile: z.string().max(300).nullable().optional(),
  }),
);

/** The registry reactivated a deactivated NPI: the candidate is back in search. */
export const CandidateReactivated = event(
  'CandidateReactivated',
  z.object({
    candidateId: z.uuid(),
    source: z.string().max(100),
    reactivatedOn: day,
    sourceDate: day,
    /** The file that said so (its name); absent in events written before it was kept. */
    sourceFile: z.string().max(300).nullable().optional(),
  }),
);

/** A subscriber (or a demo user with a full_access grant) saw a candidate's email and phone. */
export const ContactRevealed = event(
  'ContactRevealed',
  z.object({ userId: UserId, candidateId: z.uuid(), viaDemoGrant: z.boolean() }),
);

/**
 * A reveal given back to the recruiter who paid for it (stream `reveals-<userId>`): the email it
 * showed bounced (a delivery report blamed the address, ADR 0068). One per (user, candidate); it
 * adds one to the day's reveal quota.
 */
export const RevealCredited = event(
  'RevealCredited',
  z.object({
    userId: UserId,
    candidateId: z.uuid(),
    reason: z.literal('email-bounced'),
    /** The delivery status the report gave (5.1.1 …). */
    status: z.string().max(20),
  }),
);

/** A search failed or took longer than SearchLimits.slowSearchMs; the admin Search Error Logs read these. */
export const SearchFailed = event(
  'SearchFailed',
  z.object({
    logId: z.uuid(),
    userId: z.string().nullable(),
    userEmail: z.string().nullable(),
    errorType: z.enum(['timeout', 'database_error', 'edge_error', 'function_error', 'other']),
    errorCode: z.string().nullable(),
    errorMessage: z.string().max(2000),
    functionName: z.string(),
    responseTimeMs: z.number().int().min(0).nullable(),
    searchQuery: z.string().max(500).nullable(),
    searchFilters: z.record(z.string(), z.unknown()),
    searchUrl: z.string().max(2000).nullable(),
    userAgent: z.string().max(500).nullable(),
    ipAddress: z.string().max(100).nullable(),
  }),
);

/** An admin deleted an entry of the search error log (admin-intake-outreach, Search Error Logs). */
export const SearchErrorLogDeleted = event(
  'SearchErrorLogDeleted',
  z.object({ logId: z.uuid(), deletedBy: z.string() }),
);

export const DirectoryEvent = z.discriminatedUnion('type', [
  CandidateImported,
  CandidateUpdated,
  CandidateDeactivated,
  CandidateReactivated,
  ImportCompleted,
  ExportStarted,
  CandidatesExported,
  ContactRevealed,
  RevealCredited,
  SearchFailed,
  SearchErrorLogDeleted,
]);
export type DirectoryEvent = z.infer<typeof DirectoryEvent>;
