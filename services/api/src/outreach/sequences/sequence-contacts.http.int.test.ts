import { randomUUID } from 'node:crypto';
import {
  type ContactedCandidates,
  type EnrolmentList,
  type Problem,
  SearchLimits,
} from '@healthtal/contracts';
import { candidate, importCandidates } from '@healthtal/testkit/directory-fixture';
import { type SignedIn, startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { oneStepSequence, recruiterWhoRevealed } from '@healthtal/testkit/sequences';
import { TestClock } from '@healthtal/testkit/test-clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeToken } from './unsubscribe-token';

// Monday 6 January 2031, 9:30 in New York: inside the send window of the Albany nurses below.
const clock = new TestClock(Date.UTC(2031, 0, 6, 14, 30));
let app: TestApp;
beforeAll(async () => {
  // No SMTP server: sequence mail goes to the outbox, and counts as sent all the same.
  app = await startTestApp({ SEQUENCE_POLL_SECONDS: '0.5' }, { clock });
}, 120_000);
afterAll(() => app?.close());

const nurse = (name: string) =>
  candidate(`contacted-${name}-${randomUUID()}`, {
    firstName: name,
    lastName: 'Contacted',
    state: 'NY',
    city: 'Albany',
    personalEmail: `${name.toLowerCase()}.${randomUUID().slice(0, 8)}@clinicians.test`,
  });

/** A one-step sequence of `user`'s with these candidates enrolled, and its step sent to each. */
async function mailedBySequence(user: SignedIn, candidateIds: string[]): Promise<string> {
  const sequenceId = await oneStepSequence(app, user, 'ICU nights');
  const enrolled = await app.request(`/api/v1/sequences/${sequenceId}/enrolments`, {
    method: 'POST',
    as: user,
    json: { candidateIds },
  });
  expect(enrolled.status).toBe(200);
  await app.caughtUp();
  await app.sequenceDelivery!.dispatchDue();
  // In a beforeAll, where expect.poll is not allowed: the queue empties once every step is sent.
  for (const deadline = Date.now() + 30_000; (await app.sequenceDelivery!.pending()) > 0; ) {
    if (Date.now() > deadline) throw new Error('sequence steps still pending after 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await app.caughtUp();
  return sequenceId;
}

const contacted = async (user: SignedIn | undefined, ids: string) => {
  const response = await app.request(`/api/v1/sequences/contacted?candidateIds=${ids}`, {
    ...(user ? { as: user } : {}),
  });
  return { status: response.status, body: (await response.json()) as ContactedCandidates & Problem };
};

describe('GET /api/v1/sequences/contacted', () => {
  let ada: string;
  let ben: string;
  let cy: string;
  let recruiter: SignedIn;
  let other: SignedIn;
  let sentAt: string;
  beforeAll(async () => {
    const nurses = [nurse('Ada'), nurse('Ben'), nurse('Cy')];
    await importCandidates(app, nurses);
    [ada, ben, cy] = nurses.map((n) => n.candidateId) as [string, string, string];
    recruiter = await recruiterWhoRevealed(app, [ada, ben]);
    other = await recruiterWhoRevealed(app, [ada]);
    const sequenceId = await mailedBySequence(recruiter, [ada, ben]);
    const recipients = await app.request(`/api/v1/sequences/${sequenceId}/enrolments`, { as: recruiter });
    const [first] = (await recipients.json()) as EnrolmentList;
    sentAt = first!.history[0]!.sentAt;
  }, 120_000);

  it('answers the caller’s last sequence email per candidate of the page, and leaves out the rest', async () => {
    const { status, body } = await contacted(recruiter, [ada, ben, cy].join(','));
    expect(status).toBe(200);
    expect(body.sort((a, b) => a.candidateId.localeCompare(b.candidateId))).toEqual(
      [ada, ben].sort().map((candidateId) => ({ candidateId, lastContactedAt: sentAt, optedOut: false })),
    );
    expect(new Date(sentAt).getTime()).toBe(clock.now().getTime());
  });

  it('is the caller’s own: another recruiter who never mailed them hears nothing', async () => {
    expect(await contacted(other, [ada, ben].join(','))).toEqual({ status: 200, body: [] });
  });

  it('says a clinician opted out of recruiting email, to every recruiter', async () => {
    const { rows } = await app.pool.query<{ value: Buffer }>(
      `select value from server_secrets where name = 'unsubscribe-key'`,
    );
    const token = encodeURIComponent(unsubscribeToken(rows[0]!.value, ben));
    const unsubscribed = await app.request(`/api/v1/unsubscribe?token=${token}`, { method: 'POST' });
    expect(unsubscribed.status).toBe(200);
    await app.caughtUp();
    const mine = await contacted(recruiter, ben);
    expect(mine.body).toEqual([{ candidateId: ben, lastContactedAt: sentAt, optedOut: true }]);
    const theirs = await contacted(other, `${ben},${ada}`);
    expect(theirs.body).toEqual([{ candidateId: ben, lastContactedAt: null, optedOut: true }]);
  });

  it.each([
    ['no candidateIds', ''],
    ['an id that is not a UUID', 'candidateIds=not-an-id'],
    ['an empty list', 'candidateIds='],
    [
      `more than a page (${SearchLimits.pageSizeMax})`,
      `candidateIds=${Array.from({ length: SearchLimits.pageSizeMax + 1 }, () => randomUUID()).join(',')}`,
    ],
    ['an unknown parameter', `candidateIds=${randomUUID()}&sequenceId=x`],
  ])('refuses %s with a 400 naming the field', async (_label, query) => {
    const response = await app.request(`/api/v1/sequences/contacted?${query}`, { as: recruiter });
    expect(response.status).toBe(400);
    const problem = (await response.json()) as Problem;
    expect(Object.keys(problem.errors ?? {}).some((key) => /candidateIds|sequenceId/.test(key))).toBe(true);
  });

  it('takes a page of ids at once, and asks who is calling', async () => {
    const page = [ada, ...Array.from({ length: SearchLimits.pageSizeMax - 1 }, () => randomUUID())];
    const { status, body } = await contacted(recruiter, page.join(','));
    expect(status).toBe(200);
    expect(body.map((entry) => entry.candidateId)).toEqual([ada]);
    expect((await contacted(undefined, ada)).status).toBe(401);
  });
});
