import {
  type ContactHash,
  emailHashes as emailHashesOf,
  filterSuppressed,
  phoneHashes as phoneHashesOf,
  suppressionKey,
} from '@healthtal/api';
import { cleanValue, normalisePhone } from '@healthtal/contracts';
import type { EventStore, NewStream } from '@healthtal/eventstore';
import type pg from 'pg';
import { type CandidateRow, candidateStreamOf, completeImportRun, newImportRun } from './candidate-row';
import { readImportProgress, saveImportProgress } from './import-progress';
import type { ImportTick } from './progress-bar';
import { DEFAULT_SEED, syntheticCandidate } from './synthetic';

/** A source row that could not become a candidate; `line` is the file's line number (1 = header). */
export type RejectedRow = { line: number; reason: string };

export type SourceBatch = {
  /** Index of the batch's first source row (0-based, counting rejected rows too). */
  firstRow: number;
  /** Source rows the batch covers, rejected ones included. */
  rowCount: number;
  rows: CandidateRow[];
  rejected: RejectedRow[];
};

/** Where candidates come from: a CSV file or the synthetic generator. */
export type CandidateSource = {
  /** Names the source in import_progress: the same key resumes, a new one starts over. */
  key: string;
  totalRows: number | null;
  /** Batches of rows from source row `from` on; rows before it are skipped as cheaply as possible. */
  batches(from: number, size: number): AsyncIterable<SourceBatch>;
  /** Share of the source read so far, when the row count is not known up front. */
  fraction?(): number | null;
};

/** `count` synthetic candidates of `seed`; row i is candidate i, so a resume jumps straight to it. */
export function syntheticSource(count: number, seed = DEFAULT_SEED): CandidateSource {
  return {
    key: `synthetic:${seed}`,
    totalRows: count,
    async *batches(from, size) {
      for (let first = from; first < count; first += size) {
        const n = Math.min(size, count - first);
        const rows = new Array<CandidateRow>(n);
        for (let i = 0; i < n; i++) rows[i] = syntheticCandidate(seed, first + i);
        yield { firstRow: first, rowCount: n, rows, rejected: [] };
      }
    },
  };
}

export type ImportOptions = {
  pool: pg.Pool;
  store: EventStore;
  source: CandidateSource;
  /** Candidate streams per createStreams call. */
  batchSize?: number;
  /** createStreams calls in flight while the next batch is prepared. */
  concurrency?: number;
  onProgress?: (tick: ImportTick) => void;
  onRejected?: (row: RejectedRow) => void;
  /** Stops after the batches in flight; progress is saved, so a re-run resumes. */
  signal?: AbortSignal;
};

export type ImportSummary = {
  /** Source row this run started at (0 unless resuming). */
  resumedFrom: number;
  rows: number;
  imported: number;
  /** Candidates already in the store (an earlier run got that far, or the row came twice). */
  existing: number;
  suppressed: number;
  rejected: number;
  elapsedMs: number;
  complete: boolean;
};

type Prepared = { streams: NewStream[]; suppressed: number; duplicates: number };

/**
 * Appends one `CandidateImported` stream per source row, in large batches through
 * `store.createStreams` with a couple of calls in flight. Event and stream ids come from each row's
 * sourceRef, so a run that crashed and is started again appends nothing twice; import_progress lets
 * it skip to where it stopped. Anyone whose email or phone hash is on the suppression list is left out.
 */
export async function importCandidates(options: ImportOptions): Promise<ImportSummary> {
  const { pool, store, source, batchSize = 2000, concurrency = 2, signal } = options;
  const key = await suppressionKey(pool);
  const run = newImportRun();
  const resumedFrom = (await readImportProgress(pool, source.key))?.rowsDone ?? 0;
  await saveImportProgress(pool, source.key, resumedFrom, { totalRows: source.totalRows });
  const total = source.totalRows === null ? null : Math.max(0, source.totalRows - resumedFrom);
  const summary: ImportSummary = {
    resumedFrom,
    rows: 0,
    imported: 0,
    existing: 0,
    suppressed: 0,
    rejected: 0,
    elapsedMs: 0,
    complete: false,
  };
  const started = performance.now();
  const tick = (): ImportTick => ({
    rows: summary.rows,
    total,
    fraction: source.fraction?.() ?? null,
    elapsedMs: performance.now() - started,
  });

  type InFlight = {
    result: Promise<{ created: number; existing: string[] }>;
    batch: SourceBatch;
    prepared: Prepared;
  };
  const inFlight: InFlight[] = [];
  // Batches finish in order here, so the saved progress only ever covers rows that are all written.
  const settleOldest = async () => {
    const { result, batch, prepared } = inFlight.shift()!;
    const { created, existing } = await result;
    summary.rows += batch.rowCount;
    summary.imported += created;
    summary.existing += existing.length + prepared.duplicates;
    summary.suppressed += prepared.suppressed;
    summary.rejected += batch.rejected.length;
    await saveImportProgress(pool, source.key, batch.firstRow + batch.rowCount);
    options.onProgress?.(tick());
  };

  try {
    for await (const batch of source.batches(resumedFrom, batchSize)) {
      for (const row of batch.rejected) options.onRejected?.(row);
      const prepared = await prepareBatch(pool, key, batch.rows, run);
      const result = store.createStreams(prepared.streams);
      result.catch(() => undefined); // awaited in settleOldest; this only silences the early rejection
      inFlight.push({ result, batch, prepared });
      if (inFlight.length >= concurrency) await settleOldest();
      if (signal?.aborted) break;
    }
    while (inFlight.length > 0) await settleOldest();
    summary.complete = !signal?.aborted;
    if (summary.complete) {
      if (summary.imported > 0)
        await completeImportRun(store, run, { source: source.key, imported: summary.imported });
      await saveImportProgress(pool, source.key, resumedFrom + summary.rows, { finished: true });
    }
  } finally {
    // A failed batch: let the others finish so the next run resumes after as much as possible.
    await Promise.allSettled(inFlight.map((f) => f.result));
    summary.elapsedMs = performance.now() - started;
  }
  options.onProgress?.(tick());
  return summary;
}

/** Hashes contacts, drops the suppressed and in-batch duplicates, builds the streams. */
async function prepareBatch(
  pool: pg.Pool,
  key: Buffer,
  rows: readonly CandidateRow[],
  run: { correlationId: string },
): Promise<Prepared> {
  // Phones are stored as E.164 (docs/adr/0022); text that is no number is kept as it came.
  for (const row of rows) {
    row.phone = normalisePhone(cleanValue(row.phone)) ?? row.phone;
    row.directPhone = normalisePhone(cleanValue(row.directPhone)) ?? row.directPhone;
  }
  const hashes = rows.map((row) => {
    // A number's hashes, its E.164 one first (the event's phoneHash), worked out once per row.
    const phoneHashes = phoneHashesOf(key, cleanValue(row.phone) ?? cleanValue(row.directPhone));
    // Both addresses, each as its mailbox and as earlier versions hashed it (docs/adr/0040): a
    // removal listed every address the person's records held. The first address's canonical hash
    // (first of its hashes) is the event's emailHash.
    const personal = emailHashesOf(key, cleanValue(row.personalEmail));
    const work = emailHashesOf(key, cleanValue(row.workEmail));
    return {
      emailHash: personal[0] ?? work[0] ?? null,
      emailHashes: [...personal, ...work],
      phoneHash: phoneHashes[0] ?? null,
      phoneHashes,
    };
  });
  const lookups: ContactHash[] = [];
  for (const h of hashes) {
    for (const hash of h.emailHashes) lookups.push({ kind: 'email', hash });
    // Every hash the number may be suppressed under, the digits-only ones of earlier versions too.
    for (const hash of h.phoneHashes) lookups.push({ kind: 'phone', hash });
  }
  const suppressed = await filterSuppressed(pool, lookups);
  const occurredAt = new Date().toISOString();
  const seen = new Set<string>();
  const streams: NewStream[] = [];
  let refused = 0;
  let duplicates = 0;
  rows.forEach((row, i) => {
    const { emailHash, emailHashes, phoneHash, phoneHashes } = hashes[i]!;
    if (
      emailHashes.some((hash) => suppressed.has(`email:${hash}`)) ||
      phoneHashes.some((hash) => suppressed.has(`phone:${hash}`))
    ) {
      refused++;
      return;
    }
    // Two rows naming one candidate in a batch would collide inside one createStreams call.
    if (seen.has(row.candidateId)) {
      duplicates++;
      return;
    }
    seen.add(row.candidateId);
    streams.push(candidateStreamOf(row, { emailHash, phoneHash }, { ...run, occurredAt }));
  });
  return { streams, suppressed: refused, duplicates };
}
