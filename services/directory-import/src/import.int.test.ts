import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hashEmail, hashPhone, suppress, suppressionKey } from '@healthtal/api';
import { cleanValue, normalizeSpecialty } from '@healthtal/contracts';
import { freshDirectory } from '@healthtal/testkit/directory-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateIdFor } from './candidate-ids';
import { csvSource } from './csv-source';
import { importCandidates, syntheticSource } from './import';
import { syntheticCandidate } from './synthetic';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'healthtal-import-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const HEADER =
  'id,Contactfirstname,Contactmiddlename,Contactlastname,Contacttitle,Contacttitlelevel,Contactjobfunctions,specialty,' +
  'Companyname,Companyemployees,Company industry,Companyrevenuerange,Companydomain,Companystartdate,Contactcity,' +
  'Contactstate,Contactofficecity,Contactofficestate,Contactofficezipcode,location,Personalemail,Contactemail,' +
  'Contactphone,Directdialphone,Contactlinkedinurl,Contact Connections,Contactgender,Contactskills,Contacteducation,' +
  'source,email_status,email_verified_at,phone_verified_at';
const row = (fields: string[]) =>
  fields.map((f) => (/[",\n]/.test(f) ? `"${f.replaceAll('"', '""')}"` : f)).join(',');
const base = (
  id: string,
  first: string,
  last: string,
  email: string,
  phone: string,
  specialty = 'Registered Nurse',
) => [
  id,
  first,
  '',
  last,
  'ICU Nurse',
  'Non-Manager',
  'Nursing',
  specialty,
  'Tulsa General Hospital',
  '500 to 999',
  'Hospital & Health Care',
  '$100M to <$1B',
  'tulsageneralhospital.org',
  '2019-06-01',
  'Tulsa',
  'OK',
  'Tulsa',
  'OK',
  '74101',
  'Tulsa, OK',
  email,
  '',
  phone,
  '',
  '',
  '500+',
  'Female',
  '"BLS","ACLS","null"',
  'school-name: University of Oklahoma; degrees: BSN',
  'vendor-a',
  'Valid',
  '2026-03-01T10:00:00Z',
  'null',
];

describe('healthtal import', () => {
  it('imports a CSV export, reporting bad rows by line and keeping "null" texts as the source gave them', async () => {
    const db = await freshDirectory();
    try {
      const file = path.join(dir, 'export.csv');
      await writeFile(
        file,
        [
          HEADER,
          row(base('a-1', 'Dana', 'Whitfield', 'dana.whitfield@example.com', '(918) 555-0101')),
          row(base('a-2', 'Luis', 'Moreno', 'null', '918-555-0102', 'registered nurse')),
          'a-3,Only,Three,Fields', // line 4: wrong number of fields
          row(base('a-4', 'null', '', 'nobody@example.com', '918-555-0104')), // line 5: no name
          row(base('', 'Priya', 'Shah', 'priya.shah@example.net', '918-555-0105', 'OB/GYN')),
          row(base('a-1', 'Dana', 'Whitfield', 'dana.whitfield@example.com', '(918) 555-0101')), // the same id again
        ].join('\n'),
      );
      const rejected: { line: number; reason: string }[] = [];
      const summary = await importCandidates({
        pool: db.pool,
        store: db.store,
        source: await csvSource(file),
        onRejected: (r) => rejected.push(r),
      });
      expect(summary).toMatchObject({
        rows: 6,
        imported: 3,
        existing: 1,
        rejected: 2,
        suppressed: 0,
        complete: true,
      });
      expect(rejected.map((r) => r.line)).toEqual([4, 5]);
      expect(rejected[0]!.reason).toMatch(/Record Length/);
      expect(rejected[1]!.reason).toBe('no first or last name');

      const [dana] = await db.store.readStream(`candidate-${candidateIdFor('csv:a-1')}`);
      expect(dana!.data).toMatchObject({
        sourceRef: 'csv:a-1',
        source: 'vendor-a',
        firstName: 'Dana',
        middleName: null,
        companyIndustry: 'Hospital & Health Care',
        connections: 500,
        skills: '"BLS","ACLS","null"',
        emailStatus: 'valid',
        emailVerifiedAt: '2026-03-01T10:00:00.000Z',
        phoneVerifiedAt: null,
      });
      const key = await suppressionKey(db.pool);
      expect((dana!.data as { emailHash: string }).emailHash).toBe(
        hashEmail(key, 'Dana.Whitfield@example.com '),
      );
      expect((dana!.data as { phoneHash: string }).phoneHash).toBe(hashPhone(key, '918.555.0101'));
      const [luis] = await db.store.readStream(`candidate-${candidateIdFor('csv:a-2')}`);
      expect(luis!.data).toMatchObject({
        personalEmail: 'null',
        emailHash: null,
        specialty: 'registered nurse',
      });
      // At rest everything about the person is ciphertext, decrypted only through the store (ADR
      // 0044), and the other fields are values by position, without their names (ADR 0031): the
      // id, then the source (its ref is sealed).
      const stored = await db.pool.query(
        `select data::text as text, data->>'_pd' as sealed, data ? 'firstName' as has_first,
                data->'_p'->>1 as source, data ? 'specialty' as has_specialty
           from eventstore.events where stream_id = $1`,
        [`candidate-${candidateIdFor('csv:a-1')}`],
      );
      expect(stored.rows[0]).toMatchObject({
        sealed: expect.stringMatching(/^pd2:/),
        has_first: false,
        source: 'vendor-a',
        has_specialty: false,
      });
      expect(stored.rows[0].text.toLowerCase()).not.toMatch(/dana|hospital|csv:a-1|nurse/);

      await db.projector.caughtUp();
      expect(await db.scalar('select count(*) from directory_candidates')).toBe(3);
      const counts = await db.pool.query('select specialty, count from specialty_counts order by specialty');
      expect(counts.rows).toEqual([
        { specialty: 'Nurse', count: 2 },
        { specialty: 'OBGYN', count: 1 },
      ]);
    } finally {
      await db.close();
    }
  });

  it('resumes after a crash without writing anyone twice', async () => {
    const db = await freshDirectory();
    try {
      // The crashed run got 1,500 rows in before it died…
      const first = await importCandidates({
        pool: db.pool,
        store: db.store,
        source: syntheticSource(1500, 7),
        batchSize: 400,
      });
      expect(first).toMatchObject({ rows: 1500, imported: 1500, complete: true });
      // …and, worst case, before it could record how far it got.
      await db.pool.query('delete from import_progress');
      const again = await importCandidates({
        pool: db.pool,
        store: db.store,
        source: syntheticSource(3000, 7),
        batchSize: 400,
      });
      expect(again).toMatchObject({
        resumedFrom: 0,
        rows: 3000,
        imported: 1500,
        existing: 1500,
        complete: true,
      });
      expect(await db.candidateStreams()).toBe(3000);
      expect(await db.importEvents()).toBe(3000);
      expect(await db.distinctEventIds()).toBe(3000);

      // Stopped halfway (Ctrl-C), the next run starts from the saved progress.
      const stop = new AbortController();
      const stopped = await importCandidates({
        pool: db.pool,
        store: db.store,
        source: syntheticSource(6000, 7),
        batchSize: 500,
        signal: stop.signal,
        onProgress: (tick) => (tick.rows >= 1000 ? stop.abort() : undefined),
      });
      expect(stopped.complete).toBe(false);
      expect(stopped.resumedFrom).toBe(3000);
      const resumed = await importCandidates({
        pool: db.pool,
        store: db.store,
        source: syntheticSource(6000, 7),
      });
      expect(resumed.resumedFrom).toBe(3000 + stopped.rows);
      expect(resumed.rows).toBe(6000 - resumed.resumedFrom);
      expect(await db.importEvents()).toBe(6000);
      expect(await db.distinctEventIds()).toBe(6000);

      await db.projector.caughtUp();
      expect(await db.scalar('select count(*) from directory_candidates')).toBe(6000);
      const expected = new Map<string, number>();
      for (let i = 0; i < 6000; i++) {
        const specialty = cleanValue(syntheticCandidate(7, i).specialty);
        if (specialty)
          expected.set(normalizeSpecialty(specialty), (expected.get(normalizeSpecialty(specialty)) ?? 0) + 1);
      }
      const counts = await db.pool.query<{ specialty: string; count: number }>(
        'select specialty, count from specialty_counts',
      );
      expect(new Map(counts.rows.map((r) => [r.specialty, r.count]))).toEqual(expected);
      expect(expected.get('Nurse')! / 6000).toBeGreaterThan(0.45);
    } finally {
      await db.close();
    }
  });

  it('never imports someone on the suppression list', async () => {
    const db = await freshDirectory();
    try {
      const key = await suppressionKey(db.pool);
      const removed = [10, 20, 30].map((i) => syntheticCandidate(3, i)).filter((c) => c.personalEmail);
      await suppress(
        db.pool,
        removed.map((c) => ({
          kind: 'email' as const,
          hash: hashEmail(key, c.personalEmail!.toUpperCase())!,
        })),
      );
      const summary = await importCandidates({
        pool: db.pool,
        store: db.store,
        source: syntheticSource(100, 3),
      });
      expect(summary.suppressed).toBe(removed.length);
      expect(summary.imported).toBe(100 - removed.length);
      for (const candidate of removed) {
        expect(await db.store.readStream(`candidate-${candidate.candidateId}`)).toEqual([]);
      }
    } finally {
      await db.close();
    }
  });
});
