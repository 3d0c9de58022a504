import type { FilterSuggestions, Problem, SearchResponse } from '@healthtal/contracts';
import { candidate, importCandidates } from '@healthtal/testkit/directory-fixture';
import { startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let app: TestApp;
const person = (key: string, fields: Record<string, string>) =>
  candidate(key, {
    skills: '',
    education: '',
    city: 'Denver',
    title: 'Nurse',
    companyName: 'Mayo Clinic',
    ...fields,
  });
const people = [
  person('ana', { skills: 'ACLS, BLS', city: 'San José', title: 'ICU Nurse' }),
  person('ben', { skills: 'acls, Acute Care', city: 'San Jose', title: 'ICU Nurse' }),
  person('cy', { skills: 'ACLS', city: 'Austin', title: 'Charge Nurse' }),
  person('dee', { skills: 'Telemetry', education: 'school-name: University of Texas; degrees: BSN' }),
  person('eli', { education: 'school-name: NYU; degrees: BSN, MSN' }),
];

/** The same answers with search on the API thread and split across two worker threads. */
const setUp = (workers: number) => {
  beforeAll(async () => {
    app = await startTestApp({ SEARCH_WORKERS: String(workers) });
    await importCandidates(app, people);
    while ((await app.request('/readyz')).status !== 200)
      await new Promise((resolve) => setTimeout(resolve, 50));
  });
  afterAll(() => app?.close());
};

const suggestions = async (query: string, as: 'free' | 'basic' | 'anonymous' = 'free') => {
  const response = await app.request(`/api/v1/search/suggestions?${query}`, as === 'anonymous' ? {} : { as });
  return { status: response.status, body: (await response.json()) as FilterSuggestions & Problem };
};
const countOf = async (filter: Record<string, unknown>) => {
  const response = await app.request('/api/v1/search', { method: 'POST', json: filter, as: 'basic' });
  return ((await response.json()) as SearchResponse).count;
};

describe.each([0, 2])('with %i search workers', (workers) => {
  setUp(workers);

  describe('GET /api/v1/search/suggestions', () => {
    it('suggests skills starting with the typed text, most holders first, each count what its filter finds', async () => {
      const { status, body } = await suggestions('field=skills&prefix=ac');
      expect(status).toBe(200);
      expect(body).toEqual([
        { value: 'ACLS', count: 3 },
        { value: 'Acute Care', count: 1 },
      ]);
      for (const { value, count } of body) expect(await countOf({ skills: [value] })).toBe(count);
    });

    it('matches the prefix without regard to case or accents, and honours the limit', async () => {
      expect((await suggestions('field=skills&prefix=AC&limit=1')).body).toEqual([
        { value: 'ACLS', count: 3 },
      ]);
      expect((await suggestions('field=city&prefix=SAN%20JOS')).body).toEqual([
        { value: 'San José', count: 2 },
      ]);
      expect(await countOf({ city: ['San José'] })).toBe(2);
    });

    it('suggests education from schools and degrees, and whole titles and organizations', async () => {
      expect((await suggestions('field=education&prefix=bs')).body).toEqual([{ value: 'BSN', count: 2 }]);
      expect(await countOf({ education: ['BSN'] })).toBe(2);
      expect((await suggestions('field=title&prefix=icu')).body).toEqual([{ value: 'ICU Nurse', count: 2 }]);
      expect((await suggestions('field=organization&prefix=MAYO')).body).toEqual([
        { value: 'Mayo Clinic', count: 5 },
      ]);
      expect((await suggestions('field=organization&prefix=zzz')).body).toEqual([]);
    });

    it('refuses a field that is not a typed filter, a bad limit and repeated parameters with field errors', async () => {
      const badField = await suggestions('field=specialty&prefix=nu');
      expect(badField.status).toBe(400);
      expect(JSON.stringify(badField.body)).toContain('field');
      for (const query of [
        'prefix=ac',
        'field=skills&limit=0',
        'field=skills&limit=abc',
        'field=skills&field=city',
        'field=skills&prefix=a&prefix=b',
        'field=skills&extra=1',
      ]) {
        expect((await suggestions(query)).status, query).toBe(400);
      }
    });

    it('needs a sign-in, as search does', async () => {
      expect((await suggestions('field=skills&prefix=ac', 'anonymous')).status).toBe(401);
      expect((await suggestions('field=skills&prefix=ac', 'basic')).status).toBe(200);
    });
  });
});
