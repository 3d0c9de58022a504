import type { CandidateProfile, ContactDetails, DemoGrantRow, SearchResponse } from '@healthtal/contracts';
import { candidate, importCandidates } from '@healthtal/testkit/directory-fixture';
import { startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 32, finding 10: what a demo grant's `maxUses` counts. The spec counts uses of a grant
 * (recruiter-directory §3, §5) and groups a candidate's email, phone and LinkedIn as the contact
 * details a demo account may not simply see (§4, §6); a full_access grant lets it reveal them. So a
 * use is one candidate's contact details — email, phone and LinkedIn URL — handed to a demo user, and
 * the reveal is the only path that hands them out: search cards, profiles and list members carry no
 * LinkedIn URL for a demo user. Real HTTP and PostgreSQL.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const people = [1, 2, 3].map((n) => candidate(`demo-uses-${n}`, { lastName: 'Usecounted' }));

describe("a demo grant's uses count every LinkedIn URL it hands out (finding 10)", () => {
  it('hands a full-access grant of 2 uses the LinkedIn URLs of 2 candidates, however they are asked for', async () => {
    await importCandidates(app, people);
    const user = await app.signUp();
    const granted = await app.request('/api/admin/demo-grants', {
      method: 'POST',
      as: 'admin',
      json: { userId: user.userId, featureType: 'full_access', duration: 'indefinite', maxUses: 2 },
    });
    expect(granted.status).toBe(201);
    const grantId = ((await granted.json()) as DemoGrantRow).id;
    await app.caughtUp();

    const handedOut = new Set<string>();
    const note = (url: string | null | undefined) => url && handedOut.add(url);
    const search = await app.request('/api/v1/search', {
      method: 'POST',
      as: user,
      json: { query: 'Usecounted' },
    });
    expect(search.status).toBe(200);
    const cards = ((await search.json()) as SearchResponse).data;
    expect(cards).toHaveLength(3);
    for (const card of cards) note(card.linkedinUrl);
    for (const person of people) {
      const profile = await app.request(`/api/v1/candidates/${person.candidateId}`, { as: user });
      note(((await profile.json()) as CandidateProfile).linkedinUrl);
    }
    expect([...handedOut], 'search cards and profiles cost no use, so they hand out none').toEqual([]);

    const reveal = (id: string) =>
      app.request(`/api/v1/candidates/${id}/reveal`, { method: 'POST', as: user });
    for (const person of people.slice(0, 2)) {
      const response = await reveal(person.candidateId);
      expect(response.status).toBe(200);
      const details = (await response.json()) as ContactDetails;
      expect(details.linkedinUrl).toBe(person.linkedinUrl);
      note(details.linkedinUrl);
    }
    const third = await reveal(people[2]!.candidateId);
    expect(third.status).toBe(403);
    expect(await third.text()).not.toContain('linkedin.com');

    expect(handedOut.size).toBe(2);
    const uses = (await app.store.readStream(`demo-${user.userId}`)).filter(
      (e) => e.type === 'DemoAccessUsed',
    );
    expect(uses.map((e) => (e.data as { grantId: string }).grantId)).toEqual([grantId, grantId]);
  });
});
