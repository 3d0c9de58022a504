import { randomUUID } from 'node:crypto';
import {
  type EnrolmentList,
  type EnrolResult,
  SequenceMessages,
  type SequenceView,
} from '@healthtal/contracts';
import { importCandidates } from '@healthtal/testkit/directory-fixture';
import { type SignedIn, startAnotherInstance, startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { newYorkNurses, recruiterWhoRevealed as revealedBy } from '@healthtal/testkit/sequences';
import { smtpAccounts } from '@healthtal/testkit/smtp-accounts';
import {
  parsedMail,
  type ReceivedMail,
  startTestSmtpServer,
  type TestSmtpServer,
} from '@healthtal/testkit/smtp-server';
import { TestClock } from '@healthtal/testkit/test-clock';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SequenceDelivery } from './sequence-delivery';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const POSTAL_ADDRESS = 'HealthTal Inc., 500 Test Avenue, Suite 9, Austin, TX 78701';
// Monday 6 January 2031, 9:30 in New York: inside the send window of the New York nurses below.
const clock = new TestClock(Date.UTC(2031, 0, 6, 14, 30));
const env = {
  MAIL_FROM: 'HealthTal Outreach <outreach@healthtal.test>',
  SEQUENCE_POLL_SECONDS: '0.5',
  SEQUENCE_CONTACT_CAP: '2',
  SENDER_POSTAL_ADDRESS: POSTAL_ADDRESS,
};

let smtp: TestSmtpServer;
let app: TestApp;
let second: Awaited<ReturnType<typeof startAnotherInstance>>;
let accounts: ReturnType<typeof smtpAccounts>;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  app = await startTestApp({ ...env, SMTP_URL: smtp.url }, { clock });
  second = await startAnotherInstance(app, { ...env, SMTP_URL: smtp.url }, { clock });
  accounts = smtpAccounts(app, smtp);
}, 120_000);
afterAll(async () => {
  await second?.stop();
  await app?.close();
  await smtp?.stop();
});

const deliveries = (): SequenceDelivery[] => [app.sequenceDelivery!, second.sequenceDelivery!];

/** Every due step handed to the queue by both processes, and sent, before this resolves. */
async function deliverDue() {
  await app.caughtUp();
  await Promise.all(deliveries().map((delivery) => delivery.dispatchDue()));
  await expect
    .poll(async () => (await Promise.all(deliveries().map((d) => d.pending()))).reduce((a, b) => a + b), {
      timeout: 30_000,
      interval: 100,
    })
    .toBe(0);
  await app.caughtUp();
}

/** New York nurses (their time zone is the send window's), with personal emails. */
const nurses = newYorkNurses;

/** A subscriber (basic) who revealed these candidates, as Send Email needs; its mail through SMTP. */
const recruiterWhoRevealed = (candidateIds: readonly string[]): Promise<SignedIn> =>
  revealedBy(app, candidateIds, () => accounts.signUp());

const steps = (...waits: number[]) =>
  waits.map((waitBusinessDays, i) => ({
    subject: `Step ${i + 1} for {{first_name}}`,
    body: `Hello {{first_name}}, step ${i + 1} about an ICU role in {{location}}.`,
    waitBusinessDays,
  }));

async function createSequence(user: SignedIn, waits: number[]): Promise<SequenceView> {
  const response = await app.request('/api/v1/sequences', {
    method: 'POST',
    as: user,
    json: { name: `Sequence ${randomUUID().slice(0, 6)}`, steps: steps(...waits) },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as SequenceView;
}

async function enrol(user: SignedIn, sequenceId: string, candidateIds: string[]): Promise<EnrolResult> {
  const response = await app.request(`/api/v1/sequences/${sequenceId}/enrolments`, {
    method: 'POST',
    as: user,
    json: { candidateIds },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as EnrolResult;
}

async function enrolmentsOf(user: SignedIn, sequenceId: string): Promise<EnrolmentList> {
  const fresh = await accounts.signIn(user.email);
  const response = await app.request(`/api/v1/sequences/${sequenceId}/enrolments`, { as: fresh });
  expect(response.status).toBe(200);
  return (await response.json()) as EnrolmentList;
}

/** A header as it was written (mailparser folds the List-* headers into one structured value). */
const headerOf = (mail: ParsedMail, key: string) =>
  mail.headerLines.find((line) => line.key === key)?.line.replace(/^[^:]+:\s*/, '');

const mailsTo = (address: string): ReceivedMail[] =>
  smtp.received.filter((mail) => mail.envelope.to.includes(address));

describe('a 3-step sequence through SMTP', () => {
  it('sends each step at its time as the clock moves, not before, and each once', async () => {
    const [nurse] = nurses('three', 1);
    await importCandidates(app, [nurse!]);
    const recruiter = await recruiterWhoRevealed([nurse!.candidateId]);
    const sequence = await createSequence(recruiter, [0, 2, 3]);
    expect(await enrol(recruiter, sequence.id, [nurse!.candidateId])).toMatchObject({ enrolled: 1 });
    const to = nurse!.personalEmail!;

    await deliverDue();
    expect(mailsTo(to)).toHaveLength(1);
    const first = await parsedMail(mailsTo(to)[0]!);
    expect(first.subject).toBe('Step 1 for Nurse0');
    expect(first.text).toContain('Hello Nurse0, step 1 about an ICU role in Albany, NY.');
    expect(first.text).toContain(POSTAL_ADDRESS);
    expect(first.replyTo?.value[0]?.address).toBe(recruiter.email);
    expect(first.messageId).toMatch(/^<seq\.[0-9a-f-]{36}\.0@127\.0\.0\.1>$/);
    expect(headerOf(first, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(headerOf(first, 'list-unsubscribe')).toMatch(
      /^<http:\/\/127\.0\.0\.1:\d+\/api\/v1\/unsubscribe\?token=[^>]+>$/,
    );

    // Step 2 waits 2 business days: not on Tuesday, on Wednesday at the same time.
    clock.advance(DAY);
    await deliverDue();
    expect(mailsTo(to)).toHaveLength(1);
    clock.advance(DAY);
    await deliverDue();
    expect(mailsTo(to)).toHaveLength(2);

    // Step 3 waits 3 business days from Wednesday: Thursday, Friday, (weekend), Monday.
    clock.advance(2 * DAY);
    await deliverDue();
    expect(mailsTo(to)).toHaveLength(2);
    clock.advance(3 * DAY);
    await deliverDue();
    expect(mailsTo(to)).toHaveLength(3);

    clock.advance(7 * DAY);
    await deliverDue();
    const subjects = (await Promise.all(mailsTo(to).map(parsedMail))).map((m) => m.subject);
    expect(subjects).toEqual(['Step 1 for Nurse0', 'Step 2 for Nurse0', 'Step 3 for Nurse0']);
    const [recipient] = await enrolmentsOf(recruiter, sequence.id);
    expect(recipient).toMatchObject({ status: 'completed', stepsSent: 3, nextStep: null });
    expect(recipient!.history.map((sent) => sent.step)).toEqual([0, 1, 2]);
    // The candidate's history with this recruiter, across their sequences.
    const history = await app.request(`/api/v1/candidates/${nurse!.candidateId}/sequences`, {
      as: await accounts.signIn(recruiter.email),
    });
    expect(((await history.json()) as EnrolmentList).map((e) => [e.sequenceId, e.history.length])).toEqual([
      [sequence.id, 3],
    ]);
  }, 120_000);
});

describe('two API processes on one database', () => {
  it('send each step once, even when both try the same step at the same moment', async () => {
    const group = nurses('pair', 10);
    await importCandidates(app, group);
    const ids = group.map((n) => n.candidateId);
    const recruiter = await recruiterWhoRevealed(ids);
    const sequence = await createSequence(recruiter, [0, 1]);
    const before = deliveries().map((d) => ({ ...d.counts }));
    await enrol(recruiter, sequence.id, ids);
    await app.caughtUp();
    const enrolments = await enrolmentsOf(recruiter, sequence.id);
    // Both processes send every step by hand as well as through the queue: the claim lets one through.
    await Promise.all(
      enrolments.flatMap((e) => deliveries().map((delivery) => delivery.sendNow(e.enrolmentId, 0))),
    );
    await deliverDue();
    clock.advance(DAY);
    await Promise.all(
      enrolments.flatMap((e) => deliveries().map((delivery) => delivery.sendNow(e.enrolmentId, 1))),
    );
    await deliverDue();

    for (const nurse of group) expect(mailsTo(nurse.personalEmail!)).toHaveLength(2);
    const ids2 = group.flatMap((n) => mailsTo(n.personalEmail!).map((m) => m.headers['message-id']));
    expect(new Set(ids2).size).toBe(20);
    const sent = deliveries().map((d, i) => d.counts.sent - before[i]!.sent);
    const already = deliveries().map((d, i) => d.counts['already-sent'] - before[i]!['already-sent']);
    expect(sent[0]! + sent[1]!).toBe(20);
    console.info(`two processes: sent ${sent.join(' + ')}; found already sent ${already.join(' + ')}`);
  }, 120_000);
});

describe('the fair-contact cap', () => {
  it('never lets two recruiters together exceed it, and says until when a step waits', async () => {
    const group = nurses('capped', 3);
    await importCandidates(app, group);
    const ids = group.map((n) => n.candidateId);
    const [ada, bo] = await Promise.all([recruiterWhoRevealed(ids), recruiterWhoRevealed(ids)]);
    const sequences = await Promise.all([ada!, ada!, bo!, bo!].map((user) => createSequence(user, [0])));
    await Promise.all(sequences.map((s, i) => enrol(i < 2 ? ada! : bo!, s.id, ids)));
    await deliverDue();

    for (const nurse of group) expect(mailsTo(nurse.personalEmail!)).toHaveLength(2);
    const all = (await Promise.all(sequences.map((s, i) => enrolmentsOf(i < 2 ? ada! : bo!, s.id)))).flat();
    const waiting = all.filter((e) => e.waiting !== null);
    expect(waiting).toHaveLength(6);
    for (const e of waiting) expect(e.waiting).toMatch(/^waiting on the contact cap until 2031-/);
    // Each sequence's progress counts those waiting and says when the first of them may go.
    const progress = await Promise.all(
      sequences.map(async (s, i) => {
        const response = await app.request(`/api/v1/sequences/${s.id}`, {
          as: await accounts.signIn((i < 2 ? ada! : bo!).email),
        });
        return ((await response.json()) as SequenceView).progress;
      }),
    );
    expect(progress.reduce((sum, p) => sum + p.waitingOnCap, 0)).toBe(6);
    for (const [i, s] of sequences.entries()) {
      const until = waiting.filter((e) => e.sequenceId === s.id).map((e) => e.nextDueAt!);
      expect(progress[i]!.waitingOnCapUntil).toBe(until.length > 0 ? until.sort()[0] : null);
    }

    // A week on, the waiting steps go out, two more per clinician.
    clock.advance(7 * DAY);
    await deliverDue();
    for (const nurse of group) expect(mailsTo(nurse.personalEmail!)).toHaveLength(4);
  }, 120_000);
});

describe('one-click unsubscribe', () => {
  it('stops every customer’s sequences to that clinician', async () => {
    const [nurse] = nurses('leaving', 1);
    await importCandidates(app, [nurse!]);
    const [ada, bo] = await Promise.all([
      recruiterWhoRevealed([nurse!.candidateId]),
      recruiterWhoRevealed([nurse!.candidateId]),
    ]);
    const [adaSequence, boSequence] = await Promise.all([
      createSequence(ada!, [0, 1]),
      createSequence(bo!, [0, 1]),
    ]);
    await enrol(ada!, adaSequence!.id, [nurse!.candidateId]);
    await enrol(bo!, boSequence!.id, [nurse!.candidateId]);
    await deliverDue();
    const to = nurse!.personalEmail!;
    expect(mailsTo(to)).toHaveLength(2);

    // As a mail client does it (RFC 8058): POST the List-Unsubscribe URL with the one-click body.
    const parsed = await parsedMail(mailsTo(to)[0]!);
    const url = /^<(.+)>$/.exec(headerOf(parsed, 'list-unsubscribe') ?? '')![1]!;
    const click = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(click.status).toBe(200);
    await app.caughtUp();

    clock.advance(2 * DAY);
    await deliverDue();
    expect(mailsTo(to)).toHaveLength(2);
    for (const [user, sequence] of [
      [ada!, adaSequence!],
      [bo!, boSequence!],
    ] as const) {
      const [recipient] = await enrolmentsOf(user, sequence.id);
      expect(recipient).toMatchObject({
        status: 'opted-out',
        optOut: SequenceMessages.optedOut,
        stepsSent: 1,
      });
    }
    const forged = await fetch(url.replace(/token=[^&]+/, `token=${nurse!.candidateId}.forged`), {
      method: 'POST',
    });
    expect(forged.status).toBe(400);
  }, 120_000);
});

describe('pausing, resuming and removing', () => {
  it('sends nothing while paused, what came due once resumed, and nothing more to a removed recipient', async () => {
    const pair = nurses('paused', 2);
    await importCandidates(app, pair);
    const recruiter = await recruiterWhoRevealed(pair.map((n) => n.candidateId));
    const sequence = await createSequence(recruiter, [0, 1]);
    const command = async (path: string, init: { method: string; json?: unknown }) => {
      const response = await app.request(path, { ...init, as: await accounts.signIn(recruiter.email) });
      expect(response.status).toBe(200);
      return response.json();
    };
    await command(`/api/v1/sequences/${sequence.id}/pause`, { method: 'POST' });
    const paused = await app.request(`/api/v1/sequences/${sequence.id}/enrolments`, {
      method: 'POST',
      as: await accounts.signIn(recruiter.email),
      json: { candidateIds: pair.map((n) => n.candidateId) },
    });
    expect(paused.status).toBe(409);
    await command(`/api/v1/sequences/${sequence.id}/resume`, { method: 'POST' });
    await enrol(
      await accounts.signIn(recruiter.email),
      sequence.id,
      pair.map((n) => n.candidateId),
    );
    // The first step is due: it goes out once the enrolment has answered.
    await deliverDue();
    for (const nurse of pair) expect(mailsTo(nurse.personalEmail!)).toHaveLength(1);

    // Paused, the second step comes due and waits; a removed recipient gets nothing more.
    await command(`/api/v1/sequences/${sequence.id}/pause`, { method: 'POST' });
    clock.advance(DAY);
    await deliverDue();
    for (const nurse of pair) expect(mailsTo(nurse.personalEmail!)).toHaveLength(1);
    expect(
      await command(`/api/v1/sequences/${sequence.id}/enrolments`, {
        method: 'DELETE',
        json: { candidateIds: [pair[0]!.candidateId] },
      }),
    ).toEqual({ removed: 1, notEnrolled: 0 });
    await command(`/api/v1/sequences/${sequence.id}/resume`, { method: 'POST' });
    await deliverDue();
    expect(mailsTo(pair[0]!.personalEmail!)).toHaveLength(1);
    expect(mailsTo(pair[1]!.personalEmail!)).toHaveLength(2);
  }, 120_000);
});

describe('bad input', () => {
  it('answers 400 with field errors and stores nothing', async () => {
    const user = await recruiterWhoRevealed([]);
    const events = await app.eventCount();
    const bad = async (path: string, json: unknown) => {
      const response = await app.request(path, { method: 'POST', as: user, json });
      expect(response.status).toBe(400);
      return ((await response.json()) as { errors: Record<string, string> }).errors;
    };
    expect(await bad('/api/v1/sequences', { name: ' ', steps: [] })).toMatchObject({
      name: 'Name is required.',
      steps: SequenceMessages.stepsRequired,
    });
    expect(await bad('/api/v1/sequences', { name: 'Late start', steps: steps(2) })).toMatchObject({
      steps: SequenceMessages.firstStepWaits,
    });
    expect(
      await bad('/api/v1/sequences', { name: 'Too many', steps: steps(0, 1, 1, 1, 1, 1) }),
    ).toMatchObject({
      steps: SequenceMessages.stepsRequired,
    });
    expect(
      await bad('/api/v1/sequences', { name: 'Negative', steps: [{ ...steps(0)[0], waitBusinessDays: -1 }] }),
    ).toMatchObject({ 'steps.0.waitBusinessDays': 'Wait cannot be negative.' });
    const sequence = await createSequence(user, [0]);
    const both = { listId: randomUUID(), candidateIds: [randomUUID()] };
    expect(await bad(`/api/v1/sequences/${sequence.id}/enrolments`, both)).toMatchObject({
      listId: SequenceMessages.enrolTarget,
    });
    expect(await bad(`/api/v1/sequences/${sequence.id}/enrolments`, { candidateIds: ['x'] })).toMatchObject({
      'candidateIds.0': 'Each candidate id must be a UUID.',
    });
    expect(await app.eventCount()).toBe(events + 1);
  }, 60_000);
});
