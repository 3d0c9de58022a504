import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { phoneContactHashes, suppress, suppressionKey } from '@healthtal/api';
import type { CandidateProfile, SearchResponse } from '@healthtal/contracts';
import { startTestApp, type TestApp } from '@healthtal/testkit/harness';
import {
  ana,
  anaRow,
  ben,
  benRow,
  clinic,
  ENDPOINT_HEADER,
  endpointRow,
  NUCC_CSV,
  npiOf,
  nppesHeader,
  writeNppesFile,
} from '@healthtal/testkit/nppes-files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEndpoints } from './endpoints';
import { npiCandidateId } from './npi-ids';
import { importNppes, type NppesImportOptions } from './nppes-import';
import { nppesFile } from './nppes-source';
import { loadTaxonomy } from './taxonomy';

let app: TestApp;
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'healthtal-nppes-'));
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

const dee = npiOf('100000004');

const id = (npi: string) => npiCandidateId(npi);
const events = (npi: string) => app.store.readStream(`candidate-${id(npi)}`);
const profile = async (npi: string) => {
  const response = await app.request(`/api/v1/candidates/${id(npi)}`, { as: 'basic' });
  return { status: response.status, body: (await response.json()) as CandidateProfile };
};
const search = async (body: Record<string, unknown> = {}) => {
  const response = await app.request('/api/v1/search', { method: 'POST', json: body, as: 'basic' });
  const result = (await response.json()) as SearchResponse;
  return { count: result.count, ids: result.data.map((c) => c.id) };
};
const specialtyCounts = async () =>
  (await app.pool.query('select specialty, count from specialty_counts order by specialty')).rows;

async function runImport(file: string, options: Partial<NppesImportOptions> = {}) {
  const rejected: { line: number; reason: string }[] = [];
  const summary = await importNppes({
    pool: app.pool,
    store: app.store,
    file: await nppesFile(file),
    onRejected: (row) => rejected.push(row),
    ...options,
  });
  await app.caughtUp();
  return { summary, rejected };
}

describe('healthtal import --format nppes', () => {
  const monthly = () => path.join(dir, 'npidata_pfile_20050523-20240211.csv');
  let taxonomy: NppesImportOptions['taxonomy'];
  let endpoints: NppesImportOptions['endpoints'];

  it('imports individuals with specialty, title, location, E.164 phone, licenses and endpoint email; reports bad rows by line', async () => {
    const header = nppesHeader('Provider Sex Code', ['Provider Future Column (2031)']);
    await writeNppesFile(monthly(), header, [
      anaRow, // line 2
      benRow, // line 3
      { npi: clinic, entity: '2', organization: 'SUNSET CLINIC LLC', city: 'LOS ANGELES', state: 'CA' }, // line 4
      { ...benRow, npi: '1234567890' }, // line 5: the check digit is wrong
      '"1999999999","1","ONLY","THREE"', // line 6: too few fields
      { ...benRow, npi: npiOf('100000009'), updated: '13/45/2023' }, // line 7: no such date
    ]);
    const nucc = path.join(dir, 'nucc_taxonomy_240.csv');
    await writeFile(nucc, NUCC_CSV);
    taxonomy = { key: 'nucc', entries: await loadTaxonomy(nucc) };
    const endpointsFile = path.join(dir, 'endpoint_pfile_20050523-20240211.csv');
    await writeFile(
      endpointsFile,
      [
        ENDPOINT_HEADER.map((h) => `"${h}"`).join(','),
        endpointRow(ana, 'FHIR', 'https://fhir.example.org/r4'),
        endpointRow(ben, 'OTHERS', 'mailto:ben.oneil@clinic.example'),
        endpointRow(ben, 'DIRECT', 'ben.oneil@direct.austinhealth.example'),
      ].join('\n'),
    );
    const loaded = await loadEndpoints(app.pool, endpointsFile);
    expect(loaded.emails).toBe(1);
    endpoints = loaded;

    const { summary, rejected } = await runImport(monthly(), { taxonomy, endpoints });
    expect(summary).toMatchObject({
      read: 6,
      imported: 2,
      updated: 0,
      skipped: 1,
      rejected: 3,
      suppressed: 0,
      complete: true,
    });
    expect(rejected.map((r) => r.line)).toEqual([5, 6, 7]);
    expect(rejected[0]!.reason).toMatch(/not a valid NPI/);
    expect(rejected[2]!.reason).toMatch(/lastUpdate "13\/45\/2023" is not a date/);

    const [imported] = await events(ana);
    expect(imported!.data).toMatchObject({
      sourceRef: `nppes:${ana}`,
      source: 'NPI registry',
      npi: ana,
      firstName: 'Ana',
      middleName: 'Maria',
      lastName: 'Garcia-Lopez',
      title: 'M.D.',
      specialty: 'Internal Medicine',
      taxonomyCode: '207R00000X',
      licenses: 'CA A12345; TX Q1234',
      city: 'Los Angeles',
      state: 'CA',
      officeZip: '90012',
      location: 'Los Angeles, CA',
      phone: '+12135550147',
      workEmail: null,
      gender: 'Female',
      sourceDate: '2024-02-11',
      sourceUpdatedOn: '2024-01-15',
    });
    const { status, body } = await profile(ana);
    expect(status).toBe(200);
    expect(body.registry).toEqual({
      npi: ana,
      url: `https://npiregistry.cms.hhs.gov/provider-view/${ana}`,
      taxonomyCode: '207R00000X',
      licenses: 'CA A12345; TX Q1234',
      sourceDate: '2024-02-11',
      sourceFile: 'npidata_pfile_20050523-20240211.csv',
      fieldUpdatedOn: expect.objectContaining({ lastName: '2024-01-15', city: '2024-01-15' }),
      deactivatedOn: null,
    });
    // The endpoint file's Direct address is Ben's contact email (the other email endpoint loses to it).
    const contacts = await app.pool.query(
      'select candidate_id, work_email, phone from directory_contacts order by phone',
    );
    expect(contacts.rows).toEqual([
      { candidate_id: id(ana), work_email: null, phone: '+12135550147' },
      { candidate_id: id(ben), work_email: 'ben.oneil@direct.austinhealth.example', phone: '+15125550100' },
    ]);
    // Done with the endpoint file: its addresses live on only inside the events, encrypted.
    expect((await app.pool.query('select * from nppes_endpoints')).rowCount).toBe(0);
    expect(await search()).toMatchObject({ count: 2 });
    expect(await specialtyCounts()).toEqual([
      { specialty: 'Internal Medicine', count: 1 },
      { specialty: 'Nurse', count: 1 },
    ]);
  });

  it('appends nothing when the same file is imported again, under any name', async () => {
    const before = await app.eventCount();
    const again = await runImport(monthly(), { taxonomy, endpoints });
    expect(again.summary).toMatchObject({ read: 0, imported: 0, complete: true });
    const copy = path.join(dir, 'npidata_pfile_20050523-20240211 (copy).csv');
    await copyFile(monthly(), copy);
    const { summary } = await runImport(copy, { taxonomy });
    expect(summary).toMatchObject({
      read: 6,
      imported: 0,
      updated: 0,
      unchanged: 2,
      skipped: 1,
      rejected: 3,
    });
    expect(await app.eventCount()).toBe(before);
  });

  it('appends the changed fields of a record with a newer Last Update Date (weekly file, older header spelling)', async () => {
    const weekly = path.join(dir, 'npidata_pfile_20240212-20240218.csv');
    const header = nppesHeader('Provider Gender Code', ['Some Other New Column']);
    await writeNppesFile(weekly, header, [
      { ...anaRow, city: 'PASADENA', zip: '91101', phone: '(626) 555-0170', updated: '02/15/2024' },
      benRow,
    ]);
    // Without --taxonomy and --endpoints this run cannot know specialties or emails: it keeps them.
    const { summary } = await runImport(weekly);
    expect(summary).toMatchObject({ read: 2, imported: 0, updated: 1, unchanged: 1 });
    const stream = await events(ana);
    expect(stream.map((e) => e.type)).toEqual(['CandidateImported', 'CandidateUpdated']);
    const { candidateId, emailHash, phoneHash, ...update } = stream[1]!.data as Record<string, unknown>;
    expect(phoneHash).toEqual(expect.any(String));
    expect(update).toEqual({
      source: 'NPI registry',
      sourceDate: '2024-02-18',
      sourceFile: 'npidata_pfile_20240212-20240218.csv',
      sourceUpdatedOn: '2024-02-15',
      city: 'Pasadena',
      officeCity: 'Pasadena',
      officeZip: '91101',
      location: 'Pasadena, CA',
      phone: '+16265550170',
    });
    const { body } = await profile(ana);
    expect(body).toMatchObject({ city: 'Pasadena', specialty: 'Internal Medicine' });
    expect(body.registry?.fieldUpdatedOn).toMatchObject({ city: '2024-02-15', lastName: '2024-01-15' });
    expect(body.registry?.sourceDate).toBe('2024-02-18');
    expect(await search({ city: ['Pasadena'] })).toEqual({ count: 1, ids: [id(ana)] });
    expect(await search({ city: ['Los Angeles'] })).toMatchObject({ count: 0 });
    expect(await search()).toMatchObject({ count: 2 });
    const contacts = await app.pool.query(
      'select work_email from directory_contacts where candidate_id = $1',
      [id(ben)],
    );
    expect(contacts.rows[0].work_email).toBe('ben.oneil@direct.austinhealth.example');
  });

  it('takes a deactivated NPI out of search and counts, and brings it back when reactivated', async () => {
    // The deactivation report, saved as CSV.
    const report = path.join(dir, 'NPPES Deactivated NPI Report 20240311.csv');
    await writeFile(
      report,
      `NPI,NPPES Deactivation Date\n${ben},03/08/2024\n${npiOf('100000077')},03/08/2024\n`,
    );
    const deactivation = await runImport(report);
    expect(deactivation.summary).toMatchObject({ read: 2, deactivated: 1, skipped: 1 });
    expect(await search()).toEqual({ count: 1, ids: [id(ana)] });
    expect(await search({ city: ['Austin'] })).toMatchObject({ count: 0 });
    expect(await specialtyCounts()).toEqual([{ specialty: 'Internal Medicine', count: 1 }]);
    const { status, body } = await profile(ben);
    expect(status).toBe(200);
    expect(body.registry?.deactivatedOn).toBe('2024-03-08');

    // An older file that still lists him as active does not bring him back.
    const header = nppesHeader('Provider Sex Code');
    const stale = path.join(dir, 'npidata_pfile_20240205-20240211.csv');
    await writeNppesFile(stale, header, [benRow]);
    expect((await runImport(stale, { taxonomy })).summary).toMatchObject({
      read: 1,
      unchanged: 1,
      reactivated: 0,
    });
    expect(await search({ city: ['Austin'] })).toMatchObject({ count: 0 });

    // The monthly file lists a deactivated NPI with its dates alone; then a reactivation.
    const april = path.join(dir, 'npidata_pfile_20050523-20240407.csv');
    await writeNppesFile(april, header, [{ npi: ben, deactivated: '03/08/2024' }]);
    expect((await runImport(april)).summary).toMatchObject({ read: 1, unchanged: 1 });
    const may = path.join(dir, 'npidata_pfile_20050523-20240512.csv');
    await writeNppesFile(may, header, [
      { ...benRow, deactivated: '03/08/2024', reactivated: '05/01/2024', updated: '05/01/2024' },
    ]);
    const reactivation = await runImport(may, { taxonomy });
    expect(reactivation.summary).toMatchObject({ read: 1, reactivated: 1, updated: 0 });
    expect((await events(ben)).map((e) => e.type)).toEqual([
      'CandidateImported',
      'CandidateDeactivated',
      'CandidateReactivated',
    ]);
    expect((await search()).count).toBe(2);
    expect(await search({ city: ['Austin'] })).toEqual({ count: 1, ids: [id(ben)] });
    expect(await specialtyCounts()).toEqual([
      { specialty: 'Internal Medicine', count: 1 },
      { specialty: 'Nurse', count: 1 },
    ]);
    expect((await profile(ben)).body.registry?.deactivatedOn).toBeNull();
  });

  it('never brings back anyone on the suppression list or removed at their request', async () => {
    const key = await suppressionKey(app.pool);
    await suppress(app.pool, phoneContactHashes(key, '310.555.0199'));
    // Ben asks to be removed, by the address the endpoint file gave him.
    const email = 'ben.oneil@direct.austinhealth.example';
    expect((await app.request('/api/v1/removal-requests', { method: 'POST', json: { email } })).status).toBe(
      202,
    );
    const token = await app.tokenFromMail(email, 'removal-confirmation');
    const confirmed = await app.request('/api/v1/removal-requests/confirm', {
      method: 'POST',
      json: { token },
    });
    expect(confirmed.status).toBe(200);
    await app.caughtUp();
    expect((await profile(ben)).status).toBe(404);
    const benEvents = (await events(ben)).length;

    const june = path.join(dir, 'npidata_pfile_20050523-20240609.csv');
    await writeNppesFile(june, nppesHeader('Provider Sex Code'), [
      { ...benRow, city: 'DALLAS', updated: '06/01/2024' },
      { ...anaRow, npi: dee, first: 'DEE', last: 'SHAH', phone: '3105550199' },
    ]);
    const { summary } = await runImport(june, { taxonomy });
    expect(summary).toMatchObject({ read: 2, imported: 0, updated: 0, suppressed: 2 });
    expect((await events(ben)).length).toBe(benEvents);
    expect(await events(dee)).toEqual([]);
    expect((await profile(ben)).status).toBe(404);
    expect((await search()).count).toBe(1);
  });

  it('resumes an interrupted import where it stopped, appending no one twice', async () => {
    const header = nppesHeader('Provider Sex Code');
    const people = Array.from({ length: 9 }, (_, i) => ({
      ...anaRow,
      npi: npiOf(`20000000${i}`),
      first: `PERSON${i}`,
      phone: `41555501${10 + i}`,
    }));
    const file = await writeNppesFile(path.join(dir, 'npidata_pfile_20240610-20240616.csv'), header, people);
    const stop = new AbortController();
    const first = await runImport(file, {
      batchSize: 2,
      concurrency: 1,
      signal: stop.signal,
      onProgress: ({ rows }) => {
        if (rows >= 4) stop.abort();
      },
    });
    expect(first.summary).toMatchObject({ complete: false, imported: 4 });
    const second = await runImport(file, { batchSize: 2 });
    expect(second.summary).toMatchObject({ complete: true, resumedFrom: 4, read: 5, imported: 5 });
    const { rows } = await app.pool.query(
      `select count(*)::int as n from directory_candidates where npi like '20000000%'`,
    );
    expect(rows[0].n).toBe(9);
  });
});
