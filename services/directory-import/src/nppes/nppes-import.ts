import {
  type ContactHash,
  emailHashes as emailHashesOf,
  filterSuppressed,
  hashEmail,
  suppressionKey,
} from '@healthtal/api';
import { NPI_REGISTRY_SOURCE } from '@healthtal/contracts';
import type { EventStore, NewEvent, NewStream } from '@healthtal/eventstore';
import type pg from 'pg';
import { candidateStream, nameBasedUuid } from '../candidate-ids';
import { candidateStreamOf, completeImportRun, importRunMetadata, newImportRun } from '../candidate-row';
import type { RejectedRow } from '../import';
import { readImportProgress, saveImportProgress } from '../import-progress';
import type { ImportTick } from '../progress-bar';
import { registryPhoneHash, registryPhoneHashes } from './contact-hashes';
import { clearEndpoints } from './endpoints';
import { npiCandidateId } from './npi-ids';
import {
  candidateRowOf,
  changedFields,
  fingerprintOf,
  type RegistryFields,
  registryFieldsOf,
  type UpdatableField,
} from './nppes-fields';
import { isDeactivated, type NppesRecord } from './nppes-record';
import type { NppesBatch, NppesFile } from './nppes-source';
import {
  erasedCandidates,
  type ProviderState,
  readEndpointEmails,
  readProviderStates,
  saveProviderStates,
} from './nppes-state';
import type { Taxonomy } from './taxonomy';

export type NppesImportOptions = {
  pool: pg.Pool;
  store: EventStore;
  file: NppesFile;
  /** The NUCC taxonomy; without it the specialty stays empty (and an earlier one is kept). */
  taxonomy?: { key: string; entries: Taxonomy } | null;
  /** The load key of the endpoint file in nppes_endpoints; without it emails are left as they are. */
  endpoints?: { key: string } | null;
  batchSize?: number;
  concurrency?: number;
  onProgress?: (tick: ImportTick) => void;
  onRejected?: (row: RejectedRow) => void;
  signal?: AbortSignal;
};

export type NppesSummary = {
  resumedFrom: number;
  /** Data rows read in this run (rejected ones included). */
  read: number;
  imported: number;
  updated: number;
  unchanged: number;
  deactivated: number;
  reactivated: number;
  /** On the suppression list, or erased at their request: no file brings them back. */
  suppressed: number;
  /** Organizations (entity type 2) and deactivated NPIs that were never in the directory. */
  skipped: number;
  rejected: number;
  elapsedMs: number;
  complete: boolean;
};

type Counts = Omit<NppesSummary, 'resumedFrom' | 'read' | 'rejected' | 'elapsedMs' | 'complete'>;
const noCounts = (): Counts => ({
  imported: 0,
  updated: 0,
  unchanged: 0,
  deactivated: 0,
  reactivated: 0,
  suppressed: 0,
  skipped: 0,
});

/**
 * Imports an NPPES file: individuals become candidates named by their NPI, a later record of the
 * same NPI appends what changed (`CandidateUpdated`), deactivations and reactivations append their
 * own events. Every event id follows from the NPI and the record, so a run interrupted anywhere
 * and started again appends nothing twice; import_progress lets it skip the rows it finished.
 */
export async function importNppes(options: NppesImportOptions): Promise<NppesSummary> {
  // Two batches of 4,000 in flight: more concurrent create_streams calls made PostgreSQL contend
  // (8 in flight: 7,673 rows/s against 9,795 at 300,000 rows on 2 cores).
  const { pool, file, batchSize = 4000, concurrency = 2, signal } = options;
  const key = [file.key, options.taxonomy?.key ?? '-', options.endpoints?.key ?? '-'].join('|');
  const context: BatchContext = {
    pool,
    store: options.store,
    key: await suppressionKey(pool),
    taxonomy: options.taxonomy?.entries ?? null,
    withEmails: Boolean(options.endpoints),
    sourceDate: file.date,
    sourceFile: file.name,
    run: newImportRun(),
  };
  const resumedFrom = (await readImportProgress(pool, key))?.rowsDone ?? 0;
  await saveImportProgress(pool, key, resumedFrom, { totalRows: null });
  const summary: NppesSummary = {
    resumedFrom,
    read: 0,
    ...noCounts(),
    rejected: 0,
    elapsedMs: 0,
    complete: false,
  };
  const started = performance.now();
  const tick = (): ImportTick => ({
    rows: summary.read,
    total: null,
    fraction: file.fraction(),
    elapsedMs: performance.now() - started,
  });
  const inFlight: { batch: NppesBatch; result: Promise<Counts> }[] = [];
  const settleOldest = async () => {
    const { batch, result } = inFlight.shift()!;
    const counts = await result;
    for (const name of Object.keys(counts) as (keyof Counts)[]) summary[name] += counts[name];
    summary.read += batch.rowCount;
    summary.rejected += batch.rejected.length;
    await saveImportProgress(pool, key, batch.firstRow + batch.rowCount);
    options.onProgress?.(tick());
  };
  const batches = file.batches(resumedFrom, batchSize)[Symbol.asyncIterator]();
  let reading = batches.next();
  try {
    for (;;) {
      const { value: batch, done } = await reading;
      if (done) break;
      // The next batch is read (parsed on this thread) while the database works on this one.
      reading = batches.next();
      for (const row of batch.rejected) options.onRejected?.(row);
      const result = importBatch(context, batch.records);
      result.catch(() => undefined); // awaited in settleOldest
      inFlight.push({ batch, result });
      if (inFlight.length >= concurrency) await settleOldest();
      if (signal?.aborted) break;
    }
    while (inFlight.length > 0) await settleOldest();
    summary.complete = !signal?.aborted;
    if (summary.complete) {
      if (summary.imported > 0)
        await completeImportRun(options.store, context.run, { source: key, imported: summary.imported });
      await saveImportProgress(pool, key, resumedFrom + summary.read, { finished: true });
      if (options.endpoints) await clearEndpoints(pool);
    }
  } finally {
    await Promise.allSettled(inFlight.map((f) => f.result));
    // Stopped early (Ctrl-C, a failed batch): the batch read ahead is dropped and the file closed.
    await reading.catch(() => undefined);
    await batches.return?.(undefined);
    summary.elapsedMs = performance.now() - started;
  }
  options.onProgress?.(tick());
  return summary;
}

type BatchContext = {
  pool: pg.Pool;
  store: EventStore;
  key: Buffer;
  taxonomy: Taxonomy | null;
  withEmails: boolean;
  sourceDate: string;
  /** The file's name: every event of the run says which file it comes from. */
  sourceFile: string;
  run: { correlationId: string };
};

type Active = {
  record: NppesRecord;
  fields: RegistryFields;
  emailHash: string | null;
  /** Every hash the address may be on the suppression list under (docs/adr/0040). */
  emailHashes: string[];
  phoneHash: string | null;
  /** Every hash the phone may be on the suppression list under. */
  phoneHashes: string[];
};

/** One batch: read what is known of its NPIs, decide, append, remember. */
async function importBatch(context: BatchContext, records: readonly NppesRecord[]): Promise<Counts> {
  const { pool } = context;
  const counts = noCounts();
  const npis = records.map((r) => r.npi);
  const [states, emails, listInUse] = await Promise.all([
    readProviderStates(pool, npis),
    context.withEmails ? readEndpointEmails(pool, npis) : Promise.resolve(new Map<string, string>()),
    suppressionListInUse(pool),
  ]);
  const erased = await erasedCandidates(
    pool,
    [...states.keys()].map((npi) => npiCandidateId(npi)),
  );
  const active: Active[] = [];
  const lookups: ContactHash[] = [];
  for (const record of records) {
    if (isDeactivated(record) || record.entityType !== '1') continue;
    const fields = registryFieldsOf(record, {
      taxonomy: context.taxonomy,
      email: emails.get(record.npi) ?? null,
    });
    const emailHash = hashEmail(context.key, fields.workEmail);
    if (!listInUse) {
      // Nothing to look up: only the hash the event keeps (two HMACs a row fewer, no lookup query).
      const phoneHash = registryPhoneHash(context.key, fields.phone);
      active.push({ record, fields, emailHash, emailHashes: [], phoneHash, phoneHashes: [] });
      continue;
    }
    const phoneHashes = registryPhoneHashes(context.key, fields.phone);
    const emailHashes = emailHashesOf(context.key, fields.workEmail);
    for (const hash of emailHashes) lookups.push({ kind: 'email', hash });
    for (const hash of phoneHashes) lookups.push({ kind: 'phone', hash });
    active.push({ record, fields, emailHash, emailHashes, phoneHash: phoneHashes[0] ?? null, phoneHashes });
  }
  const suppressed = listInUse ? await filterSuppressed(pool, lookups) : new Set<string>();
  const isSuppressed = (a: Active) =>
    a.emailHashes.some((hash) => suppressed.has(`email:${hash}`)) ||
    a.phoneHashes.some((hash) => suppressed.has(`phone:${hash}`));

  const plan = new BatchPlan(context);
  const activeByNpi = new Map(active.map((a) => [a.record.npi, a]));
  const seen = new Set<string>();
  for (const record of records) {
    if (seen.has(record.npi)) {
      counts.unchanged++; // the same NPI twice in one file: the first row counts
      continue;
    }
    seen.add(record.npi);
    const state = states.get(record.npi) ?? null;
    const candidateId = npiCandidateId(record.npi);
    const isErased = state !== null && erased.has(candidateId);
    if (isDeactivated(record)) {
      if (!state) counts.skipped++;
      else if (isErased) counts.suppressed++;
      else if (state.deactivatedOn !== null) counts.unchanged++;
      else {
        plan.deactivate(record, state);
        counts.deactivated++;
      }
      continue;
    }
    const entry = activeByNpi.get(record.npi);
    if (!entry) {
      counts.skipped++;
      continue;
    }
    if (isErased || isSuppressed(entry)) {
      counts.suppressed++;
      continue;
    }
    if (!state) {
      plan.importNew(entry);
      counts.imported++;
      continue;
    }
    const outcome = plan.update(entry, state);
    if (outcome.reactivated) counts.reactivated++;
    if (outcome.updated) counts.updated++;
    if (!outcome.reactivated && !outcome.updated) counts.unchanged++;
  }
  await plan.write();
  return counts;
}

/**
 * Whether anyone is on the suppression list at all. Asked per batch, as the lookup it replaces was:
 * while the list is empty (a first install) the rows' hashes need no lookup.
 */
async function suppressionListInUse(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ used: boolean }>(
    'select exists (select 1 from suppression_list) as used',
  );
  return rows[0]?.used === true;
}

/** The streams, appends and state rows one batch decides on. */
class BatchPlan {
  private readonly streams: NewStream[] = [];
  private readonly appends: { streamId: string; events: NewEvent[] }[] = [];
  private readonly states: ProviderState[] = [];
  private readonly occurredAt = new Date().toISOString();
  private readonly unknown: ReadonlySet<UpdatableField>;

  constructor(private readonly context: BatchContext) {
    const unknown = new Set<UpdatableField>();
    if (!context.taxonomy) unknown.add('specialty');
    if (!context.withEmails) unknown.add('workEmail');
    this.unknown = unknown;
  }

  importNew({ record, fields, emailHash, phoneHash }: Active): void {
    const row = candidateRowOf(record, fields, {
      date: this.context.sourceDate,
      file: this.context.sourceFile,
    });
    this.streams.push(
      candidateStreamOf(row, { emailHash, phoneHash }, { ...this.context.run, occurredAt: this.occurredAt }),
    );
    this.states.push({
      npi: record.npi,
      lastUpdate: record.lastUpdate,
      deactivatedOn: null,
      fingerprint: fingerprintOf(fields),
    });
  }

  deactivate(record: NppesRecord, state: ProviderState): void {
    const deactivatedOn = record.deactivatedOn!;
    this.append(record.npi, `deactivated:${deactivatedOn}`, 'CandidateDeactivated', {
      deactivatedOn,
    });
    this.states.push({ ...state, deactivatedOn });
  }

  update(entry: Active, state: ProviderState): { reactivated: boolean; updated: boolean } {
    const { record, fields } = entry;
    // Active in a file older than the deactivation applied: a stale row, not a reactivation.
    const deactivatedOn = state.deactivatedOn;
    if (
      deactivatedOn !== null &&
      !((record.reactivatedOn ?? '') >= deactivatedOn || (record.lastUpdate ?? '') > deactivatedOn)
    ) {
      return { reactivated: false, updated: false };
    }
    // An older file than the one applied last changes nothing (files may come out of order).
    const older =
      state.lastUpdate !== null && record.lastUpdate !== null && record.lastUpdate < state.lastUpdate;
    const { changed, fingerprint } = older
      ? { changed: {}, fingerprint: state.fingerprint }
      : changedFields(fields, state.fingerprint, this.unknown);
    const reactivated = state.deactivatedOn !== null;
    if (reactivated) {
      const reactivatedOn = record.reactivatedOn ?? this.context.sourceDate;
      this.append(record.npi, `reactivated:${reactivatedOn}`, 'CandidateReactivated', { reactivatedOn });
    }
    const updated = Object.keys(changed).length > 0;
    if (updated) {
      const data: Record<string, unknown> = { ...changed, sourceUpdatedOn: record.lastUpdate };
      if ('workEmail' in changed) data.emailHash = entry.emailHash;
      if ('phone' in changed) data.phoneHash = entry.phoneHash;
      this.append(record.npi, `updated:${record.lastUpdate}:${fingerprint}`, 'CandidateUpdated', data);
    }
    if (reactivated || updated || (!older && record.lastUpdate !== state.lastUpdate)) {
      this.states.push({
        npi: record.npi,
        lastUpdate: older ? state.lastUpdate : record.lastUpdate,
        deactivatedOn: null,
        fingerprint,
      });
    }
    return { reactivated, updated };
  }

  /** Appends the event to the candidate's stream; its id follows from the NPI and `what`. */
  private append(npi: string, what: string, type: string, data: Record<string, unknown>): void {
    const candidateId = npiCandidateId(npi);
    const streamId = candidateStream(candidateId);
    const eventId = nameBasedUuid(`nppes:${npi}:${what}`);
    const event: NewEvent = {
      type,
      data: {
        candidateId,
        source: NPI_REGISTRY_SOURCE,
        sourceDate: this.context.sourceDate,
        sourceFile: this.context.sourceFile,
        ...data,
      },
      metadata: importRunMetadata(eventId, this.context.run.correlationId, this.occurredAt),
    };
    const last = this.appends[this.appends.length - 1];
    if (last?.streamId === streamId) last.events.push(event);
    else this.appends.push({ streamId, events: [event] });
  }

  /** Events first, then the state that remembers them: a crash in between repeats the same ids. */
  async write(): Promise<void> {
    const { store, pool } = this.context;
    if (this.streams.length > 0) await store.createStreams(this.streams);
    for (let i = 0; i < this.appends.length; i += 4) {
      await Promise.all(
        this.appends
          .slice(i, i + 4)
          .map(({ streamId, events }) => store.append(streamId, events, { expectedVersion: 'any' })),
      );
    }
    await saveProviderStates(pool, this.states);
  }
}
