import type { Problem, SearchResponse } from '@healthtal/contracts';
import { candidate, importCandidates } from '@healthtal/testkit/directory-fixture';
import { startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let app: TestApp;
const people = [
  candidate('ana', {
    firstName: 'Ana',
    lastName: 'García',
    specialty: 'registered nurse',
    title: 'ICU Nurse',
    city: 'San José',
    state: 'CA',
    companyName: 'Kaiser Permanente',
    skills: '"Telemetry","BLS","null"',
    emailVerifiedAt: '2026-11-01T00:00:00.000Z',
  }),
  candidate('ben', {
    firstName: 'Ben',
    lastName: 'Adams',
    specialty: 'Physician',
    title: 'Hospitalist',
    city: 'Austin',
    state: 'TX',
    companyName: 'St. David Medical Center',
    skills: 'Internal Medicine, EPIC',
    education: 'school-name: Johns Hopkins University; degrees: MD',
    emailVerifiedAt: '2025-01-01T00:00:00.000Z',
  }),
  candidate('cy', {
    firstName: 'Cy',
    lastName: 'Okafor',
    specialty: 'OB/GYN',
    title: 'Attending Physician',
    city: 'New York',
    state: 'NY',
    companyName: 'Mount Sinai',
    companyEmployees: '5000+',
    companyRevenueRange: '$1B+',
    companyIndustry: 'Hospitals & Physicians Clinics',
    emailVerifiedAt: null,
  }),
  candidate('dee', {
    firstName: 'Dee',
    lastName: 'Brown',
    specialty: 'Registered Nurse',
    title: 'Night Charge Nurse',
    city: 'Austin',
    state: 'TX',
    companyName: 'Kaiser Permanente',
    companyEmployees: '1 to 19',
    skills: 'BLS, Pediatrics',
    emailVerifiedAt: '2026-06-01T00:00:00.000Z',
  }),
  candidate('eli', {
    firstName: 'Éli',
    lastName: 'Zimmer',
    specialty: 'Pharmacist',
    title: 'Clinical Pharmacist',
    city: 'Miami',
    state: 'FL',
    companyName: 'null',
    skills: 'null',
    education: 'NULL',
    location: 'null, null',
    emailVerifiedAt: '2024-03-01T00:00:00.000Z',
  }),
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

const search = async (body: Record<string, unknown>, as: 'basic' | 'premium' | 'free' | 'demo' = 'basic') => {
  const response = await app.request('/api/v1/search', { method: 'POST', json: body, as });
  return { status: response.status, body: (await response.json()) as SearchResponse & Problem };
};
const names = (response: { body: SearchResponse }) => response.body.data.map((c) => c.firstName);

describe.each([0, 2])('with %i search workers', (workers) => {
  setUp(workers);

  describe('POST /api/v1/search', () => {
    it('answers in the optimized-search shape with exact counts', async () => {
      const { status, body } = await search({});
      expect(status).toBe(200);
      expect(body).toMatchObject({
        success: true,
        count: 5,
        countIsEstimate: false,
        totalPages: 1,
        page: 1,
        limit: 25,
        message: null,
      });
      expect(body.complexity).toBe('simple');
      expect(body.tookMs).toBeGreaterThanOrEqual(0);
    });

    it('finds free text in names, titles, specialties, organizations, skills and education, ignoring accents and case', async () => {
      expect(names(await search({ query: 'garcia' }))).toEqual(['Ana']);
      expect(names(await search({ query: 'HOSPITALIST' }))).toEqual(['Ben']);
      expect(names(await search({ query: 'hopkins' }))).toEqual(['Ben']);
      expect(names(await search({ query: 'telemetry' }))).toEqual(['Ana']);
      expect(names(await search({ query: 'eli' }))).toEqual(['Éli']);
      expect(names(await search({ query: 'kaiser nurse', sortKey: 'name' }))).toEqual(['Dee', 'Ana']);
      expect((await search({ query: 'nobody-has-this-word' })).body.count).toBe(0);
    });

    it('applies tags any-of, lists any-of, and different filters together', async () => {
      expect(names(await search({ city: ['san jose', 'MIAMI'], sortKey: 'name' }))).toEqual(['Ana', 'Éli']);
      expect(names(await search({ city: 'Austin', title: 'charge nurse' }))).toEqual(['Dee']);
      expect(names(await search({ organization: ['kaiser'], state: 'tx' }))).toEqual(['Dee']);
      expect(names(await search({ specialty: ['Registered Nurse'], sortKey: 'name' }))).toEqual([
        'Dee',
        'Ana',
      ]);
      expect(names(await search({ specialty: 'OBGYN' }))).toEqual(['Cy']);
      expect(names(await search({ skills: ['bls'], sortKey: 'name' }))).toEqual(['Dee', 'Ana', 'Cy']);
      expect(names(await search({ education: ['MD'] }))).toEqual(['Ben']);
      expect(
        names(
          await search({
            companySize: ['5000+'],
            companyRevenue: '$1B+',
            companyIndustry: ['Hospitals & Physicians Clinics'],
          }),
        ),
      ).toEqual(['Cy']);
    });

    it('sorts by name, specialty, location and most recently verified, both ways', async () => {
      expect(names(await search({ sortKey: 'name' }))).toEqual(['Ben', 'Dee', 'Ana', 'Cy', 'Éli']);
      expect(names(await search({ sortKey: 'name', sortDirection: 'desc' }))).toEqual([
        'Éli',
        'Cy',
        'Ana',
        'Dee',
        'Ben',
      ]);
      expect(names(await search({ sortKey: 'specialty' }))).toEqual(['Dee', 'Ana', 'Cy', 'Éli', 'Ben']);
      expect(names(await search({ sortKey: 'location' }))).toEqual(['Ana', 'Éli', 'Cy', 'Ben', 'Dee']);
      expect(names(await search({ sortKey: 'verified' }))).toEqual(['Ana', 'Dee', 'Ben', 'Éli', 'Cy']);
    });

    it('shows cards as the spec reads them: "null" texts hidden, skills and education parsed', async () => {
      const [ana] = (await search({ query: 'garcia' })).body.data;
      expect(ana).toMatchObject({
        specialty: 'Nurse',
        skills: ['Telemetry', 'BLS'],
        location: 'San José, CA',
        hasEmail: true,
      });
      const [eli] = (await search({ query: 'zimmer' })).body.data;
      expect(eli).toMatchObject({ organization: null, skills: [], education: [], location: 'Miami, FL' });
      const [ben] = (await search({ query: 'adams' })).body.data;
      expect(ben!.education).toEqual([{ school: 'Johns Hopkins University', degree: 'MD' }]);
      expect(ben).not.toHaveProperty('email');
    });

    it('pages: limit, page beyond the last, and the edges refused', async () => {
      const first = await search({ sortKey: 'name', limit: 2, page: 1 });
      expect(names(first)).toEqual(['Ben', 'Dee']);
      expect(first.body.totalPages).toBe(3);
      expect(names(await search({ sortKey: 'name', limit: 2, page: 3 }))).toEqual(['Cy', 'Éli'].slice(1));
      const beyond = await search({ limit: 2, page: 50 });
      expect(beyond.status).toBe(200);
      expect(beyond.body.data).toEqual([]);
      expect(beyond.body.count).toBe(5);
      for (const body of [{ limit: 0 }, { limit: 101 }, { page: 0 }, { page: -1 }]) {
        const refused = await search(body);
        expect(refused.status, JSON.stringify(body)).toBe(400);
      }
    });

    it('refuses bad input clearly and never errors', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ query: 'x'.repeat(10_000) }, 'query'],
        [{ state: 'Narnia' }, 'state.0'],
        [{ companySize: ['huge'] }, 'companySize.0'],
        [{ city: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'city'],
        [{ sortKey: 'salary' }, 'sortKey'],
        [{ hack: true }, 'hack'],
      ];
      for (const [body, field] of cases) {
        const refused = await search(body);
        expect(refused.status, JSON.stringify(body).slice(0, 60)).toBe(400);
        expect(Object.keys(refused.body.errors ?? {}), JSON.stringify(body).slice(0, 60)).toContain(field);
      }
      for (const query of ["'; drop table directory_candidates; --", '%_%', '\\\\']) {
        expect((await search({ query })).status).toBe(200);
      }
      // A bracket is boolean syntax now (ADR 0053): refused with the position, still never an error.
      const bracket = await search({ query: '.*[(' });
      expect(bracket.status).toBe(400);
      expect(bracket.body.errors?.query).toMatch(/ at position 0: /);
      expect((await search({ query: 'nurse' })).body.count).toBe(2);
    });

    it('takes boolean Keywords as LinkedIn Recruiter does: AND, OR, NOT, "phrases", brackets', async () => {
      const byName = (query: string) => search({ query, sortKey: 'name' }).then(names);
      expect(await byName('nurse AND kaiser NOT icu')).toEqual(['Dee']);
      expect(await byName('(icu OR hospitalist) OR pharmacist')).toEqual(['Ben', 'Ana', 'Éli']);
      // AND before OR: "icu nurse" OR (physician AND sinai); left to right would find Cy alone.
      expect(await byName('"icu nurse" OR physician AND sinai')).toEqual(['Ana', 'Cy']);
      expect(await byName('("icu nurse" OR physician) AND sinai')).toEqual(['Cy']);
      // A phrase's words in one field: "kaiser" is an organization, "nurse" a title.
      expect(await byName('"charge nurse"')).toEqual(['Dee']);
      expect(await byName('"kaiser nurse"')).toEqual([]);
      expect(await byName('kaiser nurse')).toEqual(['Dee', 'Ana']);
      // Lower-case operators are words, searched as they always were.
      expect((await search({ query: 'nurse and kaiser' })).body.count).toBe(0);
      const { body } = await search({ query: 'NOT nurse' });
      expect(body.count).toBe(3);
    });

    it('refuses a boolean syntax error with a 400 naming its position in the Keywords field', async () => {
      const cases: [string, string][] = [
        ['nurse AND (icu', 'Unclosed ( at position 10.'],
        ['"charge nurse', 'Unclosed quote at position 0.'],
        ['icu OR', 'Expected a word after OR at position 4.'],
        ['icu)', 'Unmatched ) at position 3.'],
      ];
      for (const [query, message] of cases) {
        const refused = await search({ query });
        expect(refused.status, query).toBe(400);
        expect(refused.body.errors, query).toEqual({ query: message });
      }
    });

    it('keeps non-subscribers behind the paywall and lets demo users search', async () => {
      const free = await search({}, 'free');
      expect(free.status).toBe(200);
      expect(free.body).toMatchObject({ data: [], count: 5, message: 'Subscription required' });
      const demo = await search({}, 'demo');
      expect(demo.body.data).toHaveLength(5);
      expect((await app.request('/api/v1/search', { method: 'POST', json: {} })).status).toBe(401);
    });

    it('selects all matching ids for premium users only', async () => {
      const all = await search({ selectAll: true, sortKey: 'name' }, 'premium');
      expect(all.body.ids).toEqual(
        ['ben', 'dee', 'ana', 'cy', 'eli'].map(
          (key) => people.find((p) => p.sourceRef === `test:${key}`)!.candidateId,
        ),
      );
      expect(all.body.capped).toBe(false);
      expect((await search({ selectAll: true }, 'basic')).status).toBe(403);
      expect((await search({ selectAll: true }, 'demo')).status).toBe(403);
    });

    it('finds a candidate imported after start at once', async () => {
      await importCandidates(app, [
        candidate('fay', { firstName: 'Fay', lastName: 'Quinn', specialty: 'Midwife' }),
      ]);
      expect(names(await search({ specialty: 'midwife' }))).toEqual(['Fay']);
      expect((await search({})).body.count).toBe(6);
    });

    it('takes several states, "none of" a state, specialty, organization or credential, and reachable-only filters (issue 35)', async () => {
      expect(names(await search({ state: ['CA', 'ny'], sortKey: 'name' }))).toEqual(['Ana', 'Cy']);
      expect(
        names(
          await search({ state: 'TX,FL', notSpecialty: ['Registered Nurse', 'Midwife'], sortKey: 'name' }),
        ),
      ).toEqual(['Ben', 'Éli']);
      expect(names(await search({ notState: ['tx', 'CA'], sortKey: 'name' }))).toEqual(['Cy', 'Éli']);
      expect(names(await search({ specialty: ['Registered Nurse'], notOrganization: ['kaiser'] }))).toEqual(
        [],
      );
      // Why each matched: which of the states, and where the keyword was found.
      const why = await search({ state: ['CA', 'TX'], query: 'charge', sortKey: 'name' });
      expect(why.body.data.map((card) => [card.firstName, card.matched])).toEqual([
        [
          'Dee',
          [
            { field: 'state', label: 'State', values: ['TX'] },
            { field: 'query', label: 'charge', values: ['title'] },
          ],
        ],
      ]);
      expect(
        names(await search({ query: 'nurse', notOrganization: ['general hospital'], sortKey: 'name' })),
      ).toEqual(['Dee', 'Ana']);
      await importCandidates(app, [
        candidate('gus', {
          firstName: 'Gus',
          specialty: 'Dietitian',
          title: 'RN, BSN',
          personalEmail: null,
          emailStatus: 'unknown',
        }),
        candidate('hal', {
          firstName: 'Hal',
          specialty: 'Dietitian',
          title: 'LPN',
          phone: null,
          emailStatus: 'invalid',
        }),
      ]);
      const dietitians = (body: Record<string, unknown>) =>
        search({ specialty: ['Dietitian'], sortKey: 'name', ...body });
      expect(names(await dietitians({}))).toEqual(['Gus', 'Hal']);
      expect(names(await dietitians({ hasEmail: true }))).toEqual(['Hal']);
      expect(names(await dietitians({ hasPhone: 'true' }))).toEqual(['Gus']);
      expect(names(await dietitians({ emailStatus: ['valid'] }))).toEqual([]);
      expect(names(await dietitians({ emailStatus: ['invalid', 'unknown'] }))).toEqual(['Gus', 'Hal']);
      expect(names(await dietitians({ notCredential: ['LPN'] }))).toEqual(['Gus']);
      expect((await search({ hasEmail: true, emailStatus: 'valid' })).body.count).toBe(6);
      for (const [body, field] of [
        [{ notState: ['Narnia'] }, 'notState.0'],
        [{ notCredential: ['Wizard'] }, 'notCredential.0'],
        [{ emailStatus: ['bouncy'] }, 'emailStatus.0'],
        [{ notCity: ['Austin'] }, 'notCity'],
      ] as const) {
        const refused = await search(body);
        expect(refused.status, JSON.stringify(body)).toBe(400);
        expect(Object.keys(refused.body.errors ?? {}), JSON.stringify(body)).toContain(field);
      }
    });
  });
});
