import { CMS_DAC_SOURCE } from '@healthtal/contracts';
import { DuplicateEventId, type EventStore, type NewEvent } from '@healthtal/eventstore';
import type pg from 'pg';
import { candidateStream, nameBasedUuid } from '../candidate-ids';
import { importRunMetadata, newImportRun } from '../candidate-row';
import type { RejectedRow } from '../import';
import { readImportProgress, saveImportProgress } from '../import-progress';
import { npiCandidateId } from '../nppes/npi-ids';
import { erasedCandidates } from '../nppes/nppes-state';
import type { ImportTick } from '../progress-bar';
import type { AffiliationRow } from './dac-affiliations';
import { changedDacFields, DAC_FIELDS, type DacField, dacFieldsOf, type UnknownDacField } from './dac-fields';
import type { DacRow } from './dac-record';
import type { DacBatch, DacFile, DacMainFile } from './dac-source';
import {
  type ClinicianState,
  closeLoad,
  openLoad,
  readStaged,
  type StagedClinician,
  type StagedWithState,
  saveAppliedThrough,
  saveClinicianStates,
  stageClinicians,
  stagedCount,
} from './dac-state';

export type DacImportOptions = {
  pool: pg.Pool;
  store: EventStore;
  file: DacMainFile;
  /** Facility_Affiliation.csv: the newer vintage's affiliations (without it they are not compared). */
  affiliations?: DacFile<AffiliationRow> | null;
  /** Hospital names by CCN (Hospital_General_Information.csv); without them a CCN stands alone. */
  hospitals?: { key: string; names: ReadonlyMap<string, string> } | null;
  batchSize?: number;
  onProgress?: (tick: ImportTick) => void;
  onRejected?: (row: RejectedRow & { file: string }) => void;
  signal?: AbortSignal;
};

export type DacSummary = {
  /** Rows of the main file an earlier, interrupted run had read already. */
  resumedFrom: number;
  /** Rows of the main file read in this run (rejected ones included). */
  read: number;
  /** Rows of the affiliation file read in this run. */
  affiliationRows: number;
  /** Clinicians (distinct NPIs) of the load, and how each went. */
  clinicians: number;
  updated: number;
  unchanged: number;
  /** NPIs the NPI registry import never brought into the directory: counted, skipped. */
  notInDirectory: number;
  /** Removed at their request (erased): no file brings them back. */
  suppressed: number;
  rejected: number;
  elapsedMs: number;
  complete: boolean;
  /** This very load was completed by an earlier run: nothing was read. */
  alreadyImported: boolean;
};

/**
 * Joins CMS's Doctors and Clinicians file to the directory's NPI registry candidates by NPI, in two
 * passes (docs/adr/0051). First every row is folded into its NPI's record in dac_staging (one
 * clinician has a row per enrollment, group and address, and they need not be adjacent), each
 * batch with its progress in one transaction; then the staged records are read in NPI order, each
 * compared with what the last file wrote (dac_clinicians' fingerprint) and only what changed is
 * appended: `CandidateUpdated` from `cms-dac`, its file and date. Event ids follow from the NPI,
 * the date and the values, so a run stopped anywhere and started again appends nothing twice.
 */
export async function importDac(options: DacImportOptions): Promise<DacSummary> {
  const { pool, file, batchSize = 4000 } = options;
  const key = [file.key, options.affiliations?.key ?? '-', options.hospitals?.key ?? '-'].join('|');
  const started = performance.now();
  const summary: DacSummary = {
    resumedFrom: 0,
    read: 0,
    affiliationRows: 0,
    clinicians: 0,
    updated: 0,
    unchanged: 0,
    notInDirectory: 0,
    suppressed: 0,
    rejected: 0,
    elapsedMs: 0,
    complete: false,
    alreadyImported: false,
  };
  if ((await readImportProgress(pool, key))?.finished) {
    summary.alreadyImported = true;
    summary.complete = true;
    return summary;
  }
  await saveImportProgress(pool, key, 0, { totalRows: null });
  const load = await openLoad(pool, key);
  let fraction = 0;
  const tick = (): ImportTick => ({
    rows: summary.read + summary.affiliationRows,
    total: null,
    fraction,
    elapsedMs: performance.now() - started,
  });
  const aborted = () => options.signal?.aborted === true;
  try {
    // Pass 1: stage the files' rows (skipped when an earlier run got to the appends).
    if (load.appliedThrough === '') {
      summary.resumedFrom = (await readImportProgress(pool, `${key}#main`))?.rowsDone ?? 0;
      await stageFile(options, `${key}#main`, file, foldMainRows, (batch) => {
        summary.read += batch.rowCount;
        summary.rejected += batch.rejected.length;
        for (const row of batch.rejected) options.onRejected?.({ ...row, file: file.name });
        fraction = 0.5 * (file.fraction() ?? 0) * (options.affiliations ? 0.8 : 1);
        options.onProgress?.(tick());
      });
      const affiliations = options.affiliations;
      if (affiliations && !aborted()) {
        await stageFile(options, `${key}#affiliations`, affiliations, foldAffiliationRows, (batch) => {
          summary.affiliationRows += batch.rowCount;
          summary.rejected += batch.rejected.length;
          for (const row of batch.rejected) options.onRejected?.({ ...row, file: affiliations.name });
          fraction = 0.4 + 0.1 * (affiliations.fraction() ?? 0);
          options.onProgress?.(tick());
        });
      }
    }
    if (aborted()) return summary;
    // Pass 2: the staged clinicians in NPI order, compared and appended.
    const total = await stagedCount(pool, key);
    const context = applyContext(options);
    let after = load.appliedThrough;
    let done = 0;
    let next = readStaged(pool, key, after, batchSize);
    for (;;) {
      const staged = await next;
      if (staged.length === 0) break;
      after = staged[staged.length - 1]!.npi;
      // The next staged batch is read while this one is appended.
      next = readStaged(pool, key, after, batchSize);
      next.catch(() => undefined);
      const counts = await applyStaged(context, staged);
      for (const name of Object.keys(counts) as (keyof typeof counts)[]) summary[name] += counts[name];
      await saveAppliedThrough(pool, key, after);
      done += staged.length;
      fraction = 0.5 + 0.5 * (total > 0 ? done / total : 1);
      options.onProgress?.(tick());
      if (aborted()) return summary;
    }
    await next.catch(() => undefined);
    await closeLoad(pool, key);
    await saveImportProgress(pool, key, summary.read, { finished: true });
    summary.complete = true;
    return summary;
  } finally {
    summary.elapsedMs = performance.now() - started;
    options.onProgress?.(tick());
  }
}

/**
 * Streams a file into the staging table. Each batch's staging and its progress commit together,
 * so a run resumed after a crash neither skips rows nor folds one twice. The next batch is parsed
 * while the database writes this one.
 */
async function stageFile<R>(
  options: DacImportOptions,
  progressKey: string,
  file: DacFile<R>,
  fold: (rows: readonly R[]) => StagedClinician[],
  onBatch: (batch: DacBatch<R>) => void,
): Promise<void> {
  const loadKey = progressKey.slice(0, progressKey.lastIndexOf('#'));
  const progress = await readImportProgress(options.pool, progressKey);
  if (progress?.finished) return; // staged whole by an earlier run
  const from = progress?.rowsDone ?? 0;
  const batches = file.batches(from, options.batchSize ?? 4000)[Symbol.asyncIterator]();
  let reading = batches.next();
  try {
    for (;;) {
      const { value: batch, done } = await reading;
      if (done) break;
      reading = batches.next();
      reading.catch(() => undefined);
      const client = await options.pool.connect();
      try {
        await client.query('begin');
        await stageClinicians(client, loadKey, fold(batch.rows));
        await saveImportProgress(client, progressKey, batch.firstRow + batch.rowCount);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
      onBatch(batch);
      if (options.signal?.aborted) return;
    }
    await saveImportProgress(options.pool, progressKey, from, { finished: true });
  } finally {
    await reading.catch(() => undefined);
    await batches.return?.(undefined);
  }
}

const emptyStaged = (npi: string): StagedClinician => ({
  npi,
  rows: 0,
  medicalSchool: null,
  graduationYear: null,
  primarySpecialty: null,
  secondaries: [],
  groups: [],
  affiliations: [],
  telehealth: null,
});

/** The batch's record of this NPI, started empty on its first row. */
function stagedOf(byNpi: Map<string, StagedClinician>, npi: string): StagedClinician {
  let staged = byNpi.get(npi);
  if (!staged) {
    staged = emptyStaged(npi);
    byNpi.set(npi, staged);
  }
  return staged;
}

/** A batch's rows folded per NPI (the staging folds them further with rows of other batches). */
function foldMainRows(rows: readonly DacRow[]): StagedClinician[] {
  const byNpi = new Map<string, StagedClinician>();
  for (const row of rows) {
    const c = stagedOf(byNpi, row.npi);
    c.rows++;
    c.medicalSchool ??= row.medicalSchool;
    c.graduationYear ??= row.graduationYear;
    c.primarySpecialty ??= row.primarySpecialty;
    c.secondaries.push(...row.secondarySpecialties);
    c.groups.push(row.group ?? '');
    for (const { ccn, name } of row.affiliations) c.affiliations.push([ccn, name]);
    if (row.telehealth !== null) c.telehealth = (c.telehealth ?? false) || row.telehealth;
  }
  return [...byNpi.values()];
}

function foldAffiliationRows(rows: readonly AffiliationRow[]): StagedClinician[] {
  const byNpi = new Map<string, StagedClinician>();
  for (const row of rows) {
    const c = stagedOf(byNpi, row.npi);
    // A unit within a hospital (its own CCN) stands for its parent hospital, whose name is known.
    c.affiliations.push([row.parentCcn ?? row.ccn, null]);
  }
  return [...byNpi.values()];
}

type ApplyContext = {
  pool: pg.Pool;
  store: EventStore;
  file: DacMainFile;
  hospitals: ReadonlyMap<string, string> | null;
  /** What this load cannot know, for a clinician with rows in the main file. */
  unknown: ReadonlySet<UnknownDacField>;
  run: { correlationId: string };
  occurredAt: string;
};

function applyContext(options: DacImportOptions): ApplyContext {
  const { header } = options.file;
  const unknown = new Set<UnknownDacField>();
  if (!header.hasTelehealth) unknown.add('telehealth');
  const affiliationsKnown = header.hasAffiliations || Boolean(options.affiliations);
  if (!affiliationsKnown) unknown.add('hospitalAffiliations');
  // The older vintage names its hospitals; the newer one only with the hospitals file.
  if (!affiliationsKnown || (!header.hasAffiliations && !options.hospitals)) unknown.add('affiliationNames');
  return {
    pool: options.pool,
    store: options.store,
    file: options.file,
    hospitals: options.hospitals?.names ?? null,
    unknown,
    run: newImportRun(),
    occurredAt: new Date().toISOString(),
  };
}

/** Only in the affiliation file: the main file's fields are not known for them. */
const MAIN_FIELDS = new Set<UnknownDacField>(
  DAC_FIELDS.filter((f): f is DacField => f !== 'hospitalAffiliations'),
);

type Counts = Pick<DacSummary, 'clinicians' | 'updated' | 'unchanged' | 'notInDirectory' | 'suppressed'>;

/** One batch of staged clinicians: decide, append what changed, remember it. */
async function applyStaged(context: ApplyContext, staged: readonly StagedWithState[]): Promise<Counts> {
  const counts: Counts = {
    clinicians: staged.length,
    updated: 0,
    unchanged: 0,
    notInDirectory: 0,
    suppressed: 0,
  };
  const inDirectory = staged.filter((c) => c.inDirectory);
  counts.notInDirectory = staged.length - inDirectory.length;
  const erased = await erasedCandidates(
    context.pool,
    inDirectory.map((c) => npiCandidateId(c.npi)),
  );
  const appends: { streamId: string; event: NewEvent }[] = [];
  const states: ClinicianState[] = [];
  const date = context.file.date;
  for (const clinician of inDirectory) {
    const candidateId = npiCandidateId(clinician.npi);
    if (erased.has(candidateId)) {
      counts.suppressed++;
      continue;
    }
    // A file older than the one applied last changes nothing (releases may come out of order).
    if (clinician.state && clinician.state.fileDate > date) {
      counts.unchanged++;
      continue;
    }
    const unknown = clinician.rows === 0 ? new Set([...context.unknown, ...MAIN_FIELDS]) : context.unknown;
    const fields = dacFieldsOf(clinician, context.hospitals);
    const { changed, fingerprint } = changedDacFields(fields, clinician.state?.fingerprint ?? null, unknown);
    states.push({ npi: clinician.npi, fileDate: date, fingerprint });
    if (Object.keys(changed).length === 0) {
      counts.unchanged++;
      continue;
    }
    counts.updated++;
    const eventId = nameBasedUuid(`cms-dac:${clinician.npi}:updated:${date}:${fingerprint}`);
    appends.push({
      streamId: candidateStream(candidateId),
      event: {
        type: 'CandidateUpdated',
        data: {
          candidateId,
          source: CMS_DAC_SOURCE,
          sourceDate: date,
          sourceUpdatedOn: null,
          sourceFile: context.file.name,
          ...changed,
        },
        metadata: importRunMetadata(eventId, context.run.correlationId, context.occurredAt),
      },
    });
  }
  await appendAll(context.store, appends);
  // Events first, then the state that remembers them: a crash in between repeats the same ids.
  await saveClinicianStates(context.pool, states);
  return counts;
}

/**
 * Appends one event to each stream, a thousand streams a write (the store's appendToStreams: a few
 * round trips each), two writes in flight. A write of which some events are stored already (a run
 * that crashed between its appends and its state, then saw another batch) goes stream by stream,
 * where a stored event is a retry that writes nothing.
 */
async function appendAll(store: EventStore, appends: readonly { streamId: string; event: NewEvent }[]) {
  const size = 1000;
  const chunks: { streamId: string; events: NewEvent[]; expectedVersion: 'any' }[][] = [];
  for (let i = 0; i < appends.length; i += size)
    chunks.push(
      appends
        .slice(i, i + size)
        .map(({ streamId, event }) => ({ streamId, events: [event], expectedVersion: 'any' })),
    );
  const write = async (chunk: (typeof chunks)[number]) => {
    try {
      await store.appendToStreams(chunk);
    } catch (error) {
      if (!(error instanceof DuplicateEventId)) throw error;
      for (const { streamId, events } of chunk)
        await store.append(streamId, events, { expectedVersion: 'any' });
    }
  };
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) await write(chunks[next++]!);
  };
  await Promise.all([worker(), worker()]);
}
