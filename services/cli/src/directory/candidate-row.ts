import { randomUUID } from 'node:crypto';
import { BULK_IMPORT_CORRELATION_PREFIX, type CandidateImported } from '@healthtal/contracts';
import type { NewStream } from '@healthtal/eventstore';
import { candidateStream, importEventIdFor } from './candidate-ids';

/** One professional from a source (a CSV row, a synthetic index), before the suppression hashes. */
export type CandidateRow = Omit<CandidateImported['data'], 'emailHash' | 'phoneHash'>;

export type ContactHashes = { emailHash: string | null; phoneHash: string | null };

/** The one-event stream that brings a candidate into the directory. */
export function candidateStreamOf(
  row: CandidateRow,
  hashes: ContactHashes,
  run: { correlationId: string; occurredAt: string },
): NewStream {
  const eventId = importEventIdFor(row.candidateId);
  return {
    streamId: candidateStream(row.candidateId),
    events: [
      {
        type: 'CandidateImported',
        // The row is the import's own, made for this event: adding the hashes beats copying 36 fields.
        data: Object.assign(row, hashes),
        metadata: {
          eventId,
          occurredAt: run.occurredAt,
          correlationId: run.correlationId,
          causationId: eventId,
          schemaVersion: 1,
        },
      },
    ],
  };
}

/** One run of an import: its events' correlation id marks them as a bulk import's (isBulkImport). */
export const newImportRun = () => ({ correlationId: `${BULK_IMPORT_CORRELATION_PREFIX}${randomUUID()}` });
