import { randomUUID } from 'node:crypto';
import {
  type ActivityPage,
  ADDED_SINCE_FORMAT,
  type CreateListResponse,
  ListLimits,
  type ListMembersChanged,
  type ListMembersPage,
  type ListSummary,
  type Problem,
  type SavedSearchView,
  type SearchResponse,
  WorkspaceMessages,
} from '@healthtal/contracts';
import { activityProjection, rebuildProjection, workspaceProjection } from '@healthtal/projections';
import { candidate, importCandidates } from '@healthtal/testkit/directory-fixture';
import {
  type Role,
  type SignedIn,
  startTestApp,
  type TestApp,
  testMetadata,
} from '@healthtal/testkit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let app: TestApp;
let owner: SignedIn;
let stranger: SignedIn;

const nurses = ['ana', 'ben', 'cleo', 'dev'].map((key, i) =>
  candidate(`ws-nurse-${key}`, {
    firstName: key[0]!.toUpperCase() + key.slice(1),
    lastName: `Nurse${i}`,
    title: i === 0 ? 'ICU Charge Nurse' : 'Registered Nurse',
    city: i === 0 ? 'Houston' : 'Austin',
  }),
);
const [ana, ben, cleo, dev] = nurses.map((n) => n.candidateId) as [string, string, string, string];

beforeAll(async () => {
  app = await startTestApp();
  owner = await app.signUp();
  stranger = await app.signUp();
  await subscribe(owner, 'price_annual');
  await subscribe(stranger, 'price_monthly');
  await importCandidates(app, nurses);
  // Roles are signed up on first use; do it now, so that no test counts their sign-up events.
  await Promise.all((['free', 'demo', 'admin'] as const).map((role) => app.as(role)));
}, 60_000);
afterAll(() => app?.close());

async function subscribe(user: SignedIn, priceId: 'price_monthly' | 'price_annual') {
  await app.store.append(`subscription-${user.userId}`, [
    {
      type: 'SubscriptionActivated',
      data: {
        userId: user.userId,
        subscriptionId: `sub_${randomUUID()}`,
        sourceEventId: `evt_${randomUUID()}`,
        customerId: `cus_${randomUUID()}`,
        priceId,
        tier: priceId === 'price_annual' ? 'premium' : 'basic',
        currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        simulated: true,
      },
      metadata: testMetadata(),
    },
  ]);
  await app.caughtUp();
}

type Caller = Role | SignedIn;
const call = async <T = unknown>(
  method: string,
  path: string,
  as: Caller = owner,
  json?: unknown,
): Promise<{ status: number; body: T }> => {
  const response = await app.request(path, { method, as, ...(json === undefined ? {} : { json }) });
  const type = response.headers.get('content-type') ?? '';
  const body = type.includes('json') ? await response.json() : await response.text();
  return { status: response.status, body: body as T };
};
type FieldProblem = Problem & { errors: Record<string, string> };

async function createList(json: unknown, as: Caller = owner) {
  const { status, body } = await call<CreateListResponse>('POST', '/api/v1/lists', as, json);
  expect(status).toBe(201);
  await app.caughtUp();
  return body;
}
const members = async (listId: string, query = '', as: Caller = owner) =>
  call<ListMembersPage>('GET', `/api/v1/lists/${listId}/members${query}`, as);

/** The event count before and after: a refused request must leave nothing behind. */
async function writesNothing(request: () => Promise<unknown>) {
  const before = await app.eventCount();
  await request();
  expect(await app.eventCount()).toBe(before);
}
const erase = async (candidateId: string) => {
  await app.store.append(`candidate-${candidateId}`, [
    { type: 'PersonalDataErased', data: { subjectId: candidateId }, metadata: testMetadata() },
  ]);
  await app.caughtUp();
};
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('lists', () => {
  it('creates a list and adds the chosen candidates in one request (Add to List, new list)', async () => {
    const created = await createList({
      name: '  ICU nurses, Texas ',
      description: 'Night shift',
      candidateIds: [ana, ben, ana],
    });
    expect(created).toMatchObject({
      list: { name: 'ICU nurses, Texas', description: 'Night shift', memberCount: 2 },
      added: 2,
      notInDirectory: 0,
    });
    const { status, body } = await members(created.list.id);
    expect(status).toBe(200);
    expect(body.count).toBe(2);
    expect(body.data.map((card) => card.id).sort()).toEqual([ana, ben].sort());
    expect(body.data[0]).toMatchObject({ title: expect.any(String), skills: ['BLS', 'ACLS'] });
    expect(body.list).toMatchObject({ id: created.list.id, memberCount: 2 });
  });

  it('lists the owner’s lists newest first with their candidate counts', async () => {
    const user = await app.signUp();
    await subscribe(user, 'price_monthly');
    const first = await createList({ name: 'First' }, user);
    await pause();
    const second = await createList({ name: 'Second', candidateIds: [cleo] }, user);
    const { body } = await call<ListSummary[]>('GET', '/api/v1/lists', user);
    expect(body.map((l) => [l.id, l.name, l.memberCount, l.description])).toEqual([
      [second.list.id, 'Second', 1, null],
      [first.list.id, 'First', 0, null],
    ]);
  });

  it('adds to an existing list, skipping candidates already on it or not in the directory', async () => {
    const { list } = await createList({ name: 'Existing', candidateIds: [ana] });
    const missing = randomUUID();
    const { status, body } = await call<ListMembersChanged>(
      'POST',
      `/api/v1/lists/${list.id}/members`,
      owner,
      {
        candidateIds: [ana, ben, cleo, missing],
      },
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      listId: list.id,
      memberCount: 3,
      added: 2,
      removed: 0,
      alreadyOnList: 1,
      notInDirectory: 1,
    });
    await app.caughtUp();
    expect((await members(list.id)).body.count).toBe(3);
  });

  it('removes candidates, renames and deletes a list, with the spec’s toast', async () => {
    const { list } = await createList({ name: 'Shortlist', candidateIds: [ana, ben, cleo] });
    const removed = await call<ListMembersChanged>('DELETE', `/api/v1/lists/${list.id}/members`, owner, {
      candidateIds: [ben],
    });
    expect(removed.body).toMatchObject({ removed: 1, memberCount: 2 });
    const renamed = await call('PATCH', `/api/v1/lists/${list.id}`, owner, { name: 'Final round' });
    expect(renamed).toEqual({
      status: 200,
      body: { id: list.id, name: 'Final round', description: null },
    });
    await app.caughtUp();
    const page = await members(list.id);
    expect(page.body.list.name).toBe('Final round');
    expect(page.body.data.map((c) => c.id).sort()).toEqual([ana, cleo].sort());

    const deleted = await call('DELETE', `/api/v1/lists/${list.id}`);
    expect(deleted).toEqual({ status: 200, body: { id: list.id, message: WorkspaceMessages.listDeleted } });
    await app.caughtUp();
    expect((await call('GET', `/api/v1/lists/${list.id}`)).status).toBe(404);
    const mine = await call<ListSummary[]>('GET', '/api/v1/lists');
    expect(mine.body.map((l) => l.id)).not.toContain(list.id);
  });

  it('searches within a list, pages through it and selects all matches', async () => {
    const { list } = await createList({ name: 'Texas', candidateIds: nurses.map((n) => n.candidateId) });
    const houston = await members(list.id, '?q=houston%20icu');
    expect(houston.body.data.map((c) => c.id)).toEqual([ana]);
    expect(houston.body.count).toBe(1);

    const pageTwo = await members(list.id, '?limit=3&page=2');
    expect(pageTwo.body).toMatchObject({ count: 4, page: 2, limit: 3, totalPages: 2 });
    expect(pageTwo.body.data.map((c) => c.id)).toEqual([dev]);

    const all = await members(list.id, '?q=austin&selectAll=true');
    expect(all.body.ids).toEqual([ben, cleo, dev]);
    expect(all.body.data).toEqual([]);

    const bad = await members(list.id, '?limit=500');
    expect(bad.status).toBe(400);
    expect((bad.body as unknown as FieldProblem).errors).toEqual({ limit: 'At most 100 rows per page.' });
  });

  it('exports a list through the directory’s export (premium), and logs it as a list export', async () => {
    const { list } = await createList({ name: 'Export me', candidateIds: [ana, ben] });
    const response = await app.request(`/api/v1/lists/${list.id}/export`, {
      method: 'POST',
      as: owner,
      json: { format: 'csv' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Export me.csv"');
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).join('\n')).toContain(nurses[0]!.personalEmail!);

    const basic = await call('POST', `/api/v1/lists/${list.id}/export`, stranger, {});
    expect(basic.status).toBe(403);
    await app.caughtUp();
    const exports = await call<{ scope: string; exportCount: number }[]>('GET', '/api/v1/me/exports');
    expect(exports.body[0]).toMatchObject({ scope: 'list', exportCount: 2 });
  });

  it('drops a candidate erased on request from list detail, counts and exports', async () => {
    const leaving = candidate('ws-leaving', { firstName: 'Leah', lastName: 'Leaving' });
    await importCandidates(app, [leaving]);
    const { list } = await createList({ name: 'With Leah', candidateIds: [leaving.candidateId, dev] });
    expect((await members(list.id)).body.count).toBe(2);
    await erase(leaving.candidateId);
    const after = await members(list.id);
    expect(after.body.data.map((c) => c.id)).toEqual([dev]);
    expect(after.body.list.memberCount).toBe(1);
    const all = await members(list.id, '?selectAll=true');
    expect(all.body.ids).toEqual([dev]);
  });
});

describe('lists: who may do what', () => {
  it("answers another user's list as not found (404, not 403) on every route, and writes nothing", async () => {
    const { list } = await createList({ name: 'Private', candidateIds: [ana] });
    const path = `/api/v1/lists/${list.id}`;
    await writesNothing(async () => {
      const answers = await Promise.all([
        call('GET', path, stranger),
        call('PATCH', path, stranger, { name: 'Mine now' }),
        call('DELETE', path, stranger),
        call('GET', `${path}/members`, stranger),
        call('POST', `${path}/members`, stranger, { candidateIds: [ben] }),
        call('DELETE', `${path}/members`, stranger, { candidateIds: [ana] }),
        call('POST', `${path}/export`, 'admin', {}),
      ]);
      for (const answer of answers) {
        expect(answer.status).toBe(404);
        expect((answer.body as Problem).title).toBe(WorkspaceMessages.listNotFound);
      }
    });
    await app.caughtUp();
    expect((await members(list.id)).body.count).toBe(1);
    const theirs = await call<ListSummary[]>('GET', '/api/v1/lists', stranger);
    expect(theirs.body.map((l) => l.id)).not.toContain(list.id);
  });

  it('needs a subscription to make lists; demo accounts may not; a free account sees its (empty) lists', async () => {
    for (const role of ['free', 'demo'] as const) {
      await writesNothing(async () => {
        const { status } = await call('POST', '/api/v1/lists', role, { name: 'Nope', candidateIds: [ana] });
        expect(status).toBe(403);
      });
    }
    expect(await call('GET', '/api/v1/lists', 'free')).toEqual({ status: 200, body: [] });
    expect((await app.request('/api/v1/lists')).status).toBe(401);
  });
});

describe('lists: validation and caps', () => {
  it.each([
    ['a blank name', { name: '   ' }, { name: WorkspaceMessages.listNameRequired }],
    ['no name', {}, { name: WorkspaceMessages.listNameRequired }],
    ['a long name', { name: 'x'.repeat(121) }, { name: WorkspaceMessages.listNameTooLong }],
    [
      'a long description',
      { name: 'ok', description: 'x'.repeat(501) },
      { description: WorkspaceMessages.descriptionTooLong },
    ],
    [
      'an empty selection',
      { name: 'ok', candidateIds: [] },
      { candidateIds: WorkspaceMessages.noCandidatesSelected },
    ],
    [
      'an id that is not one',
      { name: 'ok', candidateIds: ['nope'] },
      { 'candidateIds.0': WorkspaceMessages.invalidCandidateId },
    ],
    ['an unknown field', { name: 'ok', userId: randomUUID() }, { userId: 'Unknown field.' }],
  ])('refuses a list with %s, with the message as a field error', async (_case, json, errors) => {
    await writesNothing(async () => {
      const { status, body } = await call<FieldProblem>('POST', '/api/v1/lists', owner, json);
      expect(status).toBe(400);
      expect(body.errors).toEqual(errors);
    });
  });

  it('refuses an add without candidates with the spec’s message', async () => {
    const { list } = await createList({ name: 'Empty add' });
    const { status, body } = await call<FieldProblem>('POST', `/api/v1/lists/${list.id}/members`, owner, {
      candidateIds: [],
    });
    expect(status).toBe(400);
    expect(body.errors).toEqual({ candidateIds: 'Please select at least one candidate to add to the list.' });
  });

  it('refuses 20,000 ids in one request, says the cap, and writes nothing', async () => {
    const { list } = await createList({ name: 'Huge' });
    const ids = Array.from({ length: 20_000 }, () => randomUUID());
    await writesNothing(async () => {
      for (const [path, json] of [
        [`/api/v1/lists/${list.id}/members`, { candidateIds: ids }],
        ['/api/v1/lists', { name: 'Huge too', candidateIds: ids }],
      ] as const) {
        const { status, body } = await call<FieldProblem>('POST', path, owner, json);
        expect(status).toBe(400);
        expect(body.errors).toEqual({ candidateIds: 'You can add at most 10,000 candidates at a time.' });
      }
    });
    await app.caughtUp();
    expect((await members(list.id)).body.count).toBe(0);
  });

  it('refuses to fill a list past its cap, says how much room is left, and adds none', async () => {
    const { list } = await createList({ name: 'Nearly full' });
    // Fill the list's stream to one below the cap directly: the cap is the list's, not the directory's.
    const filler = Array.from({ length: ListLimits.membersMax - 1 }, () => randomUUID());
    await app.store.append(`list-${list.id}`, [
      {
        type: 'CandidatesAddedToList',
        data: { listId: list.id, candidateIds: filler },
        metadata: testMetadata(),
      },
    ]);
    await writesNothing(async () => {
      const { status, body } = await call<FieldProblem>('POST', `/api/v1/lists/${list.id}/members`, owner, {
        candidateIds: [ana, ben],
      });
      expect(status).toBe(400);
      expect(body.errors).toEqual({
        candidateIds: 'A list holds at most 10,000 candidates; this list has room for 1 more.',
      });
    });
    const one = await call<ListMembersChanged>('POST', `/api/v1/lists/${list.id}/members`, owner, {
      candidateIds: [ana],
    });
    expect(one.body).toMatchObject({ added: 1, memberCount: ListLimits.membersMax });
  });
});

describe('saved searches', () => {
  const cardiologyInOhio = { specialty: ['Cardiology'], state: ['oh'] };
  const cardiologist = (key: string, state = 'OH') =>
    candidate(`ws-cardio-${key}`, {
      specialty: 'Cardiology',
      title: 'Cardiologist',
      state,
      city: 'Columbus',
    });
  const save = async (json: unknown, as: Caller = owner) => {
    const { status, body } = await call<SavedSearchView>('POST', '/api/v1/saved-searches', as, json);
    expect(status).toBe(201);
    await app.caughtUp();
    return body;
  };
  const sheet = async (as: Caller = owner) =>
    (await call<SavedSearchView[]>('GET', '/api/v1/saved-searches', as)).body;
  const alertOf = async (id: string) => (await sheet()).find((s) => s.id === id)!;

  it('saves a search with its name and params, and lists saved searches newest first', async () => {
    const user = await app.signUp();
    await subscribe(user, 'price_monthly');
    const first = await save(
      { name: 'Houston ICU', searchParams: { query: 'icu', city: ['Houston'] } },
      user,
    );
    await pause();
    const second = await save({ name: ' Ohio cardiology ', searchParams: cardiologyInOhio }, user);
    expect(second).toMatchObject({
      name: 'Ohio cardiology',
      searchParams: { specialty: ['Cardiology'], state: ['OH'] },
    });
    const all = await sheet(user);
    expect(all.map((s) => s.name)).toEqual(['Ohio cardiology', 'Houston ICU']);
    expect(all[1]).toMatchObject({
      id: first.id,
      searchParams: { query: 'icu', city: ['Houston'] },
      newCount: 0,
    });
    const one = await call<SavedSearchView>('GET', `/api/v1/saved-searches/${second.id}`, user);
    expect(one.body).toMatchObject({ id: second.id, name: 'Ohio cardiology' });
  });

  it.each([
    [
      'a blank name',
      { name: ' ', searchParams: { query: 'icu' } },
      { name: WorkspaceMessages.searchNameRequired },
    ],
    ['no name', { searchParams: { query: 'icu' } }, { name: 'Please enter a name for your search.' }],
    ['an empty search', { name: 'All', searchParams: {} }, { searchParams: WorkspaceMessages.emptySearch }],
    [
      'an unknown state',
      { name: 'Bad', searchParams: { state: ['ZZ'] } },
      { 'searchParams.state.0': 'Unknown state: use a two-letter code (50 states and DC).' },
    ],
    [
      'an unknown filter',
      { name: 'Bad', searchParams: { planet: 'Mars' } },
      { 'searchParams.planet': 'Unknown field.' },
    ],
    [
      'an "added since" boundary (its alert counts from its last opening)',
      { name: 'Bad', searchParams: { state: ['OH'], addedSince: '2026-11-03T00:00:00Z' } },
      { 'searchParams.addedSince': 'Unknown field.' },
    ],
    [
      'a boolean Keywords syntax error',
      { name: 'Bad', searchParams: { query: 'icu AND (er' } },
      { 'searchParams.query': 'Unclosed ( at position 8.' },
    ],
  ])('refuses a saved search with %s, with the message as a field error', async (_case, json, errors) => {
    await writesNothing(async () => {
      const { status, body } = await call<FieldProblem>('POST', '/api/v1/saved-searches', owner, json);
      expect(status).toBe(400);
      expect(body.errors).toEqual(errors);
    });
  });

  it('counts the candidates that match and arrived since it was last opened', async () => {
    const saved = await save({ name: 'Ohio cardiology', searchParams: cardiologyInOhio });
    expect(saved.newCount).toBe(0);
    await pause();
    await importCandidates(app, [cardiologist('a'), cardiologist('b'), cardiologist('tx', 'TX')]);
    const afterImport = await alertOf(saved.id);
    expect(afterImport).toMatchObject({ newCount: 2, since: saved.since });
    // Issue 37: the badge opens as a search, its filters plus `addedSince`: the same two.
    const newOnes = await call<SearchResponse>('POST', '/api/v1/search', owner, {
      ...cardiologyInOhio,
      addedSince: afterImport.since,
    });
    expect(newOnes.body.count).toBe(2);
    expect(newOnes.body.data.map((card) => card.id).sort()).toEqual(
      [cardiologist('a'), cardiologist('b')].map((c) => c.candidateId).sort(),
    );
    const refused = await call<FieldProblem>('POST', '/api/v1/search', owner, { addedSince: 'last week' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ addedSince: ADDED_SINCE_FORMAT });

    const opened = await call<{ openedAt: string }>('POST', `/api/v1/saved-searches/${saved.id}/opened`);
    expect(opened.status).toBe(200);
    await app.caughtUp();
    const afterOpening = await alertOf(saved.id);
    expect(afterOpening).toMatchObject({ newCount: 0, since: opened.body.openedAt });
    expect(Date.parse(afterOpening.since)).toBeGreaterThan(Date.parse(saved.since));

    await pause();
    const later = cardiologist('c');
    await importCandidates(app, [later, cardiologist('d', 'TX')]);
    expect((await alertOf(saved.id)).newCount).toBe(1);
    await erase(later.candidateId);
    expect((await alertOf(saved.id)).newCount).toBe(0);
  });

  it('keeps a "within N miles of" search, and its alert counts only arrivals within the radius (issue 35)', async () => {
    const near = { near: { place: '78701', miles: 25 }, sortKey: 'distance' };
    const saved = await save({ name: 'Near downtown Austin', searchParams: near });
    expect(saved.searchParams).toMatchObject(near);
    await pause();
    await importCandidates(app, [
      candidate('ws-near-austin', { officeZip: '78701' }),
      candidate('ws-near-columbus', { officeZip: '43215', officeCity: 'Columbus', officeState: 'OH' }),
    ]);
    expect((await alertOf(saved.id)).newCount).toBe(1);
  });

  it('renames and deletes a saved search, with the spec’s toast', async () => {
    const saved = await save({ name: 'Temp', searchParams: { query: 'nurse' } });
    const renamed = await call('PATCH', `/api/v1/saved-searches/${saved.id}`, owner, { name: 'Nurses' });
    expect(renamed).toEqual({ status: 200, body: { id: saved.id, name: 'Nurses' } });
    const deleted = await call('DELETE', `/api/v1/saved-searches/${saved.id}`);
    expect(deleted).toEqual({
      status: 200,
      body: { id: saved.id, message: WorkspaceMessages.searchDeleted },
    });
    await app.caughtUp();
    expect((await sheet()).map((s) => s.id)).not.toContain(saved.id);
    expect((await call('GET', `/api/v1/saved-searches/${saved.id}`)).status).toBe(404);
  });

  it("answers another user's saved search as not found, and writes nothing", async () => {
    const saved = await save({ name: 'Mine', searchParams: { query: 'icu' } });
    const path = `/api/v1/saved-searches/${saved.id}`;
    await writesNothing(async () => {
      for (const [method, suffix, json] of [
        ['GET', '', undefined],
        ['POST', '/opened', undefined],
        ['PATCH', '', { name: 'Theirs' }],
        ['DELETE', '', undefined],
      ] as const) {
        const { status, body } = await call<Problem>(method, `${path}${suffix}`, stranger, json);
        expect(status).toBe(404);
        expect(body.title).toBe(WorkspaceMessages.savedSearchNotFound);
      }
    });
    expect((await sheet(stranger)).map((s) => s.id)).not.toContain(saved.id);
  });

  it('needs a subscription (demo accounts pass, like the search screen)', async () => {
    expect(
      (await call('POST', '/api/v1/saved-searches', 'free', { name: 'x', searchParams: { query: 'x' } }))
        .status,
    ).toBe(403);
    expect((await call('GET', '/api/v1/saved-searches', 'demo')).status).toBe(200);
  });
});

describe('GET /api/v1/me/activity', () => {
  it("shows the user's own reveals and exports, newest first, paged", async () => {
    const user = await app.signUp();
    await subscribe(user, 'price_annual');
    const reveal = async (id: string) =>
      expect((await call('POST', `/api/v1/candidates/${id}/reveal`, user)).status).toBe(200);
    await reveal(ana);
    await pause();
    const exported = await app.request('/api/v1/exports', {
      method: 'POST',
      as: user,
      json: { candidateIds: [ben, cleo] },
    });
    expect(exported.status).toBe(200);
    await exported.text();
    await pause();
    await reveal(dev);
    await app.caughtUp();

    const { status, body } = await call<ActivityPage>('GET', '/api/v1/me/activity', user);
    expect(status).toBe(200);
    expect(body.count).toBe(3);
    expect(body.data).toEqual([
      expect.objectContaining({
        kind: 'reveal',
        candidateId: dev,
        candidateName: 'Dev Nurse3',
        viaDemoGrant: false,
      }),
      expect.objectContaining({ kind: 'export', count: 2, format: 'csv', scope: 'selection' }),
      expect.objectContaining({ kind: 'reveal', candidateId: ana, candidateName: 'Ana Nurse0' }),
    ]);
    const at = body.data.map((entry) => Date.parse(entry.at));
    expect(at).toEqual([...at].sort((a, b) => b - a));

    const pageTwo = await call<ActivityPage>('GET', '/api/v1/me/activity?limit=2&page=2', user);
    expect(pageTwo.body).toMatchObject({ count: 3, totalPages: 2 });
    expect(pageTwo.body.data.map((e) => e.kind)).toEqual(['reveal']);
    const exportsOnly = await call<ActivityPage>('GET', '/api/v1/me/activity?kind=export', user);
    expect(exportsOnly.body.data.map((e) => e.kind)).toEqual(['export']);

    const theirs = await call<ActivityPage>('GET', '/api/v1/me/activity', stranger);
    expect(theirs.body).toMatchObject({ count: 0, data: [] });
    expect((await app.request('/api/v1/me/activity')).status).toBe(401);
  });
});

describe('the workspace read models', () => {
  it('come back the same when rebuilt from the events', async () => {
    const { list } = await createList({ name: 'Rebuilt', candidateIds: [ana, cleo] });
    await call('DELETE', `/api/v1/lists/${list.id}/members`, owner, { candidateIds: [cleo] });
    await app.caughtUp();
    const views = () =>
      Promise.all([
        call('GET', '/api/v1/lists'),
        call('GET', `/api/v1/lists/${list.id}/members`),
        call('GET', '/api/v1/saved-searches'),
        call('GET', '/api/v1/me/activity'),
      ]);
    const before = await views();
    expect(before[1].body).toMatchObject({ count: 1 });
    for (const projection of [workspaceProjection, activityProjection])
      await rebuildProjection(app.pool, app.store, projection);
    expect(await views()).toEqual(before);
  });
});
