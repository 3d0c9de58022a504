import { randomUUID } from 'node:crypto';
import { HOME_SPECIALTIES_MAX, SpecialtyCount, SpecialtyNames } from '@healthtal/contracts';
import { everyone, importCandidates } from '@healthtal/testkit/candidates';
import { candidate } from '@healthtal/testkit/directory-fixture';
import { startTestApp, type TestApp, testMetadata } from '@healthtal/testkit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const counts = async () =>
  z
    .array(SpecialtyCount)
    .parse(await (await app.request('/api/v1/specialty-counts', { as: 'basic' })).json());
const names = async () => SpecialtyNames.parse(await (await app.request('/api/v1/specialties')).json());
const many = (specialty: string, n: number, prefix = specialty) =>
  Array.from({ length: n }, (_, i) => candidate(`${prefix}-${i}`, { specialty }));

describe('specialty counts', () => {
  it('are empty before any candidate arrives', async () => {
    expect(await counts()).toEqual([]);
    expect(await names()).toEqual([]);
  });

  it('merge names case-insensitively and by the taxonomy, keep OBGYN, and sort by count descending', async () => {
    await importCandidates(app, [
      ...everyone,
      ...many('REGISTERED NURSE', 2, 'rn-upper'),
      ...many('Registered nurse', 1, 'rn-mixed'),
      ...many('ob-gyn', 1, 'obgyn-dash'),
      ...many('Cardiology', 1, 'cardio'),
    ]);
    expect(await counts()).toEqual([
      { specialty: 'Nurse', count: 4 },
      { specialty: 'Cardiology', count: 2 },
      { specialty: 'OBGYN', count: 2 },
      { specialty: 'Pharmacist', count: 1 },
      { specialty: 'Physical Therapist', count: 1 },
    ]);
  });

  it('follow candidates as they leave the directory (erased on request)', async () => {
    const leaving = candidate('leaving-pharmacist', { specialty: 'Pharmacist' });
    await importCandidates(app, [leaving]);
    expect((await counts()).find((c) => c.specialty === 'Pharmacist')?.count).toBe(2);
    await app.store.append(`candidate-${leaving.candidateId}`, [
      { type: 'PersonalDataErased', data: { subjectId: leaving.candidateId }, metadata: testMetadata() },
    ]);
    await app.caughtUp();
    expect((await counts()).find((c) => c.specialty === 'Pharmacist')?.count).toBe(1);
  });

  it('are for signed-in users; an anonymous visitor is asked to sign in', async () => {
    expect((await app.request('/api/v1/specialty-counts', { as: 'free' })).status).toBe(200);
    expect((await app.request('/api/v1/specialty-counts')).status).toBe(401);
  });
});

describe('GET /api/v1/specialties (the home page list)', () => {
  it('is public, de-duplicated and alphabetical', async () => {
    const response = await app.request('/api/v1/specialties');
    expect(response.status).toBe(200);
    expect(SpecialtyNames.parse(await response.json())).toEqual([
      'Cardiology',
      'Nurse',
      'OBGYN',
      'Pharmacist',
      'Physical Therapist',
    ]);
  });

  it('shows at most 35: the largest specialties, A to Z', async () => {
    // 40 more specialties: "Specialty 01" … "Specialty 40", the higher the number the more people.
    const extra = Array.from({ length: 40 }, (_, i) => `Specialty ${String(i + 1).padStart(2, '0')}`);
    await importCandidates(
      app,
      extra.flatMap((specialty, i) => many(specialty, i + 3, `${specialty}-${randomUUID()}`)),
    );
    const list = await names();
    expect(list).toHaveLength(HOME_SPECIALTIES_MAX);
    expect(list).toEqual([...list].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    // The 35 largest are Specialty 06 … 40 (8 to 43 people); everything smaller is left out.
    expect(list).toEqual(extra.slice(5));
    expect(list).not.toContain('Nurse');
  });
});
