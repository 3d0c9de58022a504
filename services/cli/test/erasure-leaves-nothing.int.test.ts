import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { DirectorySearch, hashEmail, suppressionKey } from '@healthtal/api';
import { CANDIDATE_PERSONAL_FIELDS, eventDefinitions } from '@healthtal/contracts';
import { csvSource, importCandidates } from '@healthtal/directory-import';
import { EventRegistry, PersonalDataKeys, PostgresEventStore } from '@healthtal/eventstore';
import { candidate } from '@healthtal/testkit/directory-fixture';
import { nextIp, startTestApp, type TestApp, testMetadata } from '@healthtal/testkit/harness';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore } from '../src/event-store';
import { printEvents } from '../src/replay';

/*
 * Issue 32, finding 7: a removal leaves nothing of the person behind. Ysolde is in the directory
 * (a CSV row with every field, and a record an earlier version imported with most fields in the
 * clear), has a resume waiting, was revealed, listed and exported by a
 * recruiter, and asked for removal twice (by her work address, then her personal one, which she
 * confirms). Afterwards none of her values is in any table of the database (every schema, every row
 * as text, bytea as hex), in the search index snapshot (rewritten, and after a restart of search),
 * in `healthtal replay`'s output (every stream, and the CLI on her own), or in the product's log.
 */

const ysolde = {
  Contactfirstname: 'Ysolde',
  Contactmiddlename: 'Ottoline',
  Contactlastname: 'Thackeridge',
  Contacttitle: 'Wound Care Nurse',
  specialty: 'Registered Nurse',
  Companyname: 'Brackwater Clinic',
  Companydomain: 'brackwaterclinic.example',
  Companystartdate: '2011-03-17',
  Contactcity: 'Hood River',
  Contactstate: 'OR',
  Contactofficecity: 'Hood River',
  Contactofficestate: 'OR',
  Contactofficezipcode: '97031',
  Personalemail: 'ysolde.thackeridge@mailbox.example',
  Contactemail: 'ythackeridge@brackwaterclinic.example',
  Contactphone: '(503) 555-0187',
  Directdialphone: '503-555-0142',
  Contactlinkedinurl: 'https://www.linkedin.com/in/ysolde-thackeridge-rn',
  Contactskills: 'Hyperbaric Oxygen Therapy, Lymphedema Bandaging',
  Contacteducation: 'school-name: Ostrander School of Nursing; degrees: BSN',
  Emailverifiedat: '2019-07-23T08:15:42.000Z',
};
const others = ['Omar Haddad', 'Lena Ostrova'].map((name, i) => ({
  ...Object.fromEntries(Object.keys(ysolde).map((column) => [column, ''])),
  Contactfirstname: name.split(' ')[0]!,
  Contactlastname: name.split(' ')[1]!,
  Companyname: 'Mercy General',
  Personalemail: `${name.replace(' ', '.').toLowerCase()}@mail.example`,
  Contactphone: `(916) 555-015${i}`,
}));

/** Her resume, still waiting for an admin: another school and skill, the same address and phone. */
const resume = {
  firstName: 'Ysolde',
  lastName: 'Thackeridge',
  title: 'Wound Care Nurse',
  companyName: 'Brackwater Clinic',
  specialty: 'Registered Nurse',
  email: 'Ysolde.Thackeridge@mailbox.example',
  phone: '(503) 555-0187',
  city: 'Hood River',
  state: 'Oregon',
  linkedinUrl: 'https://www.linkedin.com/in/ysolde-thackeridge-rn',
  education: [{ school: 'Wexcombe Polytechnic', degree: 'ADN' }],
  skills: ['Ostomy Irrigation'],
};

/**
 * What must be gone, over lower-cased text: each value, and the distinctive words of the multi-word
 * ones. Digits are matched as a word of their own (a ZIP is not a hit inside a hex string or a uuid).
 */
const VALUES = [
  'ysolde.thackeridge@mailbox.example',
  'ythackeridge@brackwaterclinic.example',
  'ysolde',
  'ottoline',
  'thackeridge',
  'brackwater',
  'ostrander',
  'wexcombe',
  'hyperbaric',
  'lymphedema',
  'ostomy',
  'ysolde-thackeridge-rn',
  '97031',
  '2011-03-17',
  '2019-07-23',
  '5035550187',
  '555-0187',
  '5035550142',
  '555-0142',
  // Her record imported by an earlier version.
  '1497758544',
  'rn5528831',
];
const escaped = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PATTERNS = VALUES.map((value) => ({
  value,
  pattern: /[g-z]/.test(value)
    ? new RegExp(escaped(value))
    : new RegExp(`(^|[^0-9a-z])${escaped(value)}($|[^0-9a-z])`),
}));
/** Bytes of her values as a bytea column's text shows them (`\x…`). */
const HEX = VALUES.filter((value) => value.length >= 8).map((value) => Buffer.from(value).toString('hex'));

/** Which of her values `text` holds. */
const valuesIn = (text: string): string[] => {
  const lower = text.toLowerCase();
  return [
    ...PATTERNS.filter(({ pattern }) => pattern.test(lower)).map(({ value }) => value),
    ...HEX.filter((hex) => lower.includes(hex)).map((hex) => `hex of ${Buffer.from(hex, 'hex')}`),
  ];
};

let app: TestApp;
let snapshotDir = '';
let registryRecord = '';
const logLines: string[] = [];

const post = (url: string, json: unknown, init: { as?: 'premium'; headers?: Record<string, string> } = {}) =>
  app.request(url, { method: 'POST', json, ip: nextIp(), ...init });

async function importFile(rows: Record<string, string>[]) {
  const dir = await mkdtemp(path.join(tmpdir(), 'healthtal-erasure-csv-'));
  try {
    const file = path.join(dir, 'directory.csv');
    const columns = Object.keys(ysolde);
    const quoted = (value: string) => `"${value.replaceAll('"', '""')}"`;
    const lines = [
      columns.join(','),
      ...rows.map((row) => columns.map((c) => quoted(row[c] ?? '')).join(',')),
    ];
    await writeFile(file, `${lines.join('\n')}\n`);
    await importCandidates({ pool: app.pool, store: app.store, source: await csvSource(file) });
    await app.caughtUp();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Her record with its NPI as an earlier version of HealthTal imported it: only her names, emails,
 * phones and LinkedIn sealed, her NPI, licence, employer and ZIP in the clear.
 */
async function importedByAnEarlierVersion(): Promise<string> {
  const current = eventDefinitions.CandidateImported!;
  const earlier = new PostgresEventStore({
    pool: app.pool,
    registry: new EventRegistry({
      ...eventDefinitions,
      CandidateImported: {
        ...current,
        personalData: { ...current.personalData!, fields: CANDIDATE_PERSONAL_FIELDS.slice(0, 8) },
      },
    }),
    personalData: new PersonalDataKeys(app.pool),
  });
  const record = candidate('ysolde-npi', {
    source: 'nppes',
    sourceRef: 'nppes:1497758544',
    npi: '1497758544',
    licenses: 'OR RN5528831',
    firstName: 'Ysolde',
    lastName: 'Thackeridge',
    companyName: 'Brackwater Clinic',
    officeZip: '97031',
    personalEmail: ysolde.Personalemail,
    workEmail: null,
    phone: null,
    emailHash: hashEmail(await suppressionKey(app.pool), ysolde.Personalemail),
  });
  await earlier.append(`candidate-${record.candidateId}`, [
    { type: 'CandidateImported', data: record, metadata: testMetadata() },
  ]);
  await earlier.close();
  await app.caughtUp();
  return record.candidateId;
}

/** The search of the product's own kind, saving its index snapshot in `snapshotDir`, loaded. */
async function startedSearch() {
  const search = new DirectorySearch(app.pool, pino({ level: 'silent' }), { snapshotDir });
  await search.start();
  for (const deadline = Date.now() + 20_000; !search.ready; ) {
    expect(Date.now()).toBeLessThan(deadline);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return search;
}

/** Her values in each snapshot file, as `file: values`. */
async function valuesInSnapshots(): Promise<string[]> {
  const files = (await readdir(snapshotDir)).filter((file) => file.endsWith('.idx'));
  const found: string[] = [];
  for (const file of files) {
    const values = valuesIn((await readFile(path.join(snapshotDir, file))).toString('latin1'));
    if (values.length > 0) found.push(`snapshot ${file}: ${values.join(', ')}`);
  }
  return found;
}

/** Waits (20 s at most) until the snapshots do or do not hold her. */
async function snapshotsHoldHer(expected: boolean): Promise<string[]> {
  for (const deadline = Date.now() + 20_000; ; ) {
    const found = await valuesInSnapshots();
    if (found.length > 0 === expected || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Her values in every row of every table of every schema, as `schema.table: values`. */
async function valuesInDatabase(): Promise<string[]> {
  const { rows: tables } = await app.pool.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
     where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const { rows } = await app.pool.query<{ row: string }>(`select t::text as row from ${name} t`);
    const values = new Set(rows.flatMap(({ row }) => valuesIn(row)));
    if (values.size > 0) found.push(`table ${name}: ${[...values].join(', ')}`);
  }
  return found;
}

beforeAll(async () => {
  snapshotDir = await mkdtemp(path.join(tmpdir(), 'healthtal-erasure-index-'));
  const log = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  app = await startTestApp({}, { logger: pino({ level: 'debug' }, log) });
  await importFile([ysolde, ...others]);
  registryRecord = await importedByAnEarlierVersion();
}, 60_000);
afterAll(async () => {
  await app?.close();
  if (snapshotDir) await rm(snapshotDir, { recursive: true, force: true });
});

describe('a confirmed removal', () => {
  let candidateId = '';

  it('starts from a person the directory, the log, the outbox and the search snapshot all hold', async () => {
    const { rows } = await app.pool.query<{ candidate_id: string }>(
      'select candidate_id from directory_contacts where personal_email = $1',
      [ysolde.Personalemail],
    );
    candidateId = rows[0]!.candidate_id;
    expect((await post('/api/v1/resume-submissions', resume)).status).toBe(201);
    // A recruiter's API client reveals her (its answer kept for retries), lists and exports her.
    const revealed = await post(`/api/v1/candidates/${candidateId}/reveal`, undefined, {
      as: 'premium',
      headers: { 'idempotency-key': 'reveal-from-a-client' },
    });
    expect(revealed.status).toBe(200);
    expect(
      (await post('/api/v1/lists', { name: 'Wound care', candidateIds: [candidateId] }, { as: 'premium' }))
        .status,
    ).toBe(201);
    expect((await post('/api/v1/exports', { candidateIds: [candidateId] }, { as: 'premium' })).status).toBe(
      200,
    );
    // She asks by her work address, then by her personal one, and confirms the second link.
    expect((await post('/api/v1/removal-requests', { email: ysolde.Contactemail })).status).toBe(202);
    expect((await post('/api/v1/removal-requests', { email: ysolde.Personalemail })).status).toBe(202);
    await app.caughtUp();

    const search = await startedSearch();
    expect(await snapshotsHoldHer(true)).not.toEqual([]);
    await search.stop();
    expect(await valuesInDatabase()).not.toEqual([]);
    const { rows: stored } = await app.pool.query<{ data: string }>(
      'select data::text as data from eventstore.events where stream_id = $1',
      [`candidate-${registryRecord}`],
    );
    expect(valuesIn(stored[0]!.data)).toEqual(expect.arrayContaining(['brackwater', '97031', '1497758544']));
  }, 60_000);

  it('leaves none of her values in any table, snapshot, replay or log line', async () => {
    const search = await startedSearch();
    const token = await app.tokenFromMail(ysolde.Personalemail, 'removal-confirmation');
    const confirmed = await post('/api/v1/removal-requests/confirm', { token });
    expect(confirmed.status).toBe(200);
    await app.caughtUp();

    const found = await snapshotsHoldHer(false);
    await search.stop();
    // A restart of search starts from its snapshot and saves it again: still without her.
    const restarted = await startedSearch();
    await restarted.stop();
    found.push(...(await valuesInSnapshots()));

    found.push(...(await valuesInDatabase()));

    // The auditor's replay of every stream, through a store of its own (as `healthtal replay` makes).
    const replayed: string[] = [];
    await printEvents(
      createEventStore(app.pool),
      { kind: 'events', until: new Date() },
      (line) => void replayed.push(line),
    );
    for (const line of replayed) {
      const values = valuesIn(line);
      if (values.length > 0) found.push(`replay ${line.slice(0, 160)}…: ${values.join(', ')}`);
    }
    // And the command itself, on her candidate stream (the finding's command line).
    const main = path.resolve(import.meta.dirname, '../src/main.ts');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        main,
        'replay',
        '--until',
        new Date().toISOString(),
        '--stream',
        `candidate-${candidateId}`,
      ],
      { env: { ...process.env, DATABASE_URL: app.database.url } },
    );
    expect(stdout).toContain('PersonalDataErased');
    if (valuesIn(stdout).length > 0) found.push(`healthtal replay --stream: ${valuesIn(stdout).join(', ')}`);

    for (const line of logLines.filter((line) => valuesIn(line).length > 0))
      found.push(`log ${line.slice(0, 300)}: ${valuesIn(line).join(', ')}`);

    expect(found).toEqual([]);
  }, 120_000);
});
