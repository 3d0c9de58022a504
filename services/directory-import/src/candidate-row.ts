import { randomUUID } from 'node:crypto';
import { BULK_IMPORT_CORRELATION_PREFIX, type CandidateImported } from '@healthtal/contracts';
import type { EventStore, NewStream } from '@healthtal/eventstore';
import { candidateStream, importEventIdFor } from './candidate-ids';

/** One professional from a source (a CSV row, a synthetic index), before the suppression hashes. */
export type CandidateRow = Omit<CandidateImported['data'], 'emailHash' | 'phoneHash'>;

export type ContactHashes = { emailHash: string | null; phoneHash: string | null };

/** An event an import run appends: its own cause, in the run's correlation (isBulkImport). */
export const importRunMetadata = (eventId: string, correlationId: string, occurredAt: string) => ({
  eventId,
  occurredAt,
  correlationId,
  causationId: eventId,
});

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
        metadata: importRunMetadata(eventId, run.correlationId, run.occurredAt),
      },
    ],
  };
}

/** One run of an import: its events' correlation id marks them as a bulk import's (isBulkImport). */
export const newImportRun = () => ({ correlationId: `${BULK_IMPORT_CORRELATION_PREFIX}${randomUUID()}` });

/**
 * The end of a run that read its whole source and added candidates: after it, a search shows every
 * candidate the run added, not only those the search index has synced (ADR 0032). Its stream is
 * the run's id. A run that appended nothing appends nothing here either (a re-import is a no-op).
 */
export async function completeImportRun(
  store: EventStore,
  run: { correlationId: string },
  data: { source: string; imported: number },
): Promise<void> {
  const metadata = importRunMetadata(randomUUID(), run.correlationId, new Date().toISOString());
  await store.createStreams([
    { streamId: run.correlationId, events: [{ type: 'ImportCompleted', data, metadata }] },
  ]);
}
