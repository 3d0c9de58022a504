import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CandidateProfile, SearchResponse } from '@healthtal/contracts';
import {
  importNppes,
  loadTaxonomy,
  type NppesImportOptions,
  type NppesSummary,
  nppesFile,
  type RejectedRow,
} from '@healthtal/directory-import';
import type { TestApp } from './harness';
import { NUCC_CSV } from './nppes-files';

/** NUCC's taxonomy (the testkit's rows of it) written in `dir` and loaded, as `--taxonomy` does. */
export async function nuccTaxonomy(dir: string): Promise<NonNullable<NppesImportOptions['taxonomy']>> {
  const file = path.join(dir, 'nucc_taxonomy_250.csv');
  await writeFile(file, NUCC_CSV);
  return { key: 'nucc', entries: await loadTaxonomy(file) };
}

/**
 * Imports an NPPES file as `healthtal import --format nppes` does (`date`: its --file-date) and
 * waits for the read models; the rejected rows as the command lists them.
 */
export async function importNppesFile(
  app: TestApp,
  file: string,
  options: Partial<Omit<NppesImportOptions, 'file'>> & { date?: string } = {},
): Promise<{ summary: NppesSummary; rejected: RejectedRow[] }> {
  const { date, ...rest } = options;
  const rejected: RejectedRow[] = [];
  const summary = await importNppes({
    pool: app.pool,
    store: app.store,
    file: await nppesFile(file, date ? { date } : {}),
    onRejected: (row) => rejected.push(row),
    ...rest,
  });
  await app.caughtUp();
  return { summary, rejected };
}

/** What a basic subscriber's search finds: the count and the ids. */
export async function searchAsBasic(app: TestApp, body: Record<string, unknown> = {}) {
  const response = await app.request('/api/v1/search', { method: 'POST', json: body, as: 'basic' });
  const result = (await response.json()) as SearchResponse;
  return {
    count: result.count,
    ids: result.data.map((c) => c.id),
    names: result.data.map((c) => c.lastName),
  };
}

/** A candidate's profile as a basic subscriber reads it. */
export async function profileAsBasic(app: TestApp, id: string) {
  const response = await app.request(`/api/v1/candidates/${id}`, { as: 'basic' });
  return { status: response.status, body: (await response.json()) as CandidateProfile };
}
