/**
 * How sequence delivery moves (ADR 0060, amended): a recruiter's sends do not wait on each other's
 * SMTP, the daily limit still holds across processes, an enrolment goes out without waiting for the
 * minute's dispatch, and one dispatch queues every due step however many there are.
 */
import { type EnrolmentList, SequenceDefaults } from '@healthtal/contracts';
import { importCandidates } from '@healthtal/testkit/directory-fixture';
import { type SignedIn, startAnotherInstance, startTestApp, type TestApp } from '@healthtal/testkit/harness';
import {
  createSequence,
  enrolThrough,
  newYorkNurses,
  recruiterWhoRevealed,
} from '@healthtal/testkit/sequences';
import { smtpAccounts } from '@healthtal/testkit/smtp-accounts';
import { startTestSmtpServer, type TestSmtpServer } from '@healthtal/testkit/smtp-server';
import { TestClock } from '@healthtal/testkit/test-clock';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpMailer } from '../../mail/smtp-mailer';
import { SequenceDelivery } from './sequence-delivery';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DAILY_LIMIT = 5;
// Monday 6 January 2031, 11:00 in New York: inside the New York nurses' send window.
const clock = new TestClock(Date.UTC(2031, 0, 6, 16, 0));
const env = {
  MAIL_FROM: 'HealthTal Outreach <outreach@healthtal.test>',
  SEQUENCE_POLL_SECONDS: '0.5',
  SEQUENCE_DAILY_LIMIT: String(DAILY_LIMIT),
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
const mailsTo = (addresses: readonly string[]) =>
  smtp.received.filter((mail) => mail.envelope.to.some((to) => addresses.includes(to)));

/** Nurses imported and revealed by a new recruiter (signed up through the SMTP server's mail), and their sequence. */
async function recruiterOf(prefix: string, count: number, waits = [0]) {
  const nurses = newYorkNurses(prefix, count);
  await importCandidates(app, nurses);
  const candidateIds = nurses.map((n) => n.candidateId);
  const recruiter = await recruiterWhoRevealed(app, candidateIds, () => accounts.signUp());
  const sequence = await createSequence(app, recruiter, waits);
  return { recruiter, sequence, candidateIds, addresses: nurses.map((n) => n.personalEmail!) };
}

async function enrolmentsOf(user: SignedIn, sequenceId: string): Promise<EnrolmentList> {
  const response = await app.request(`/api/v1/sequences/${sequenceId}/enrolments`, {
    as: await accounts.signIn(user.email),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as EnrolmentList;
}

/** Every due step queued by both processes and sent before this resolves. */
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

describe('an enrolment', () => {
  it('goes out without waiting for the next minute’s dispatch', async () => {
    const { recruiter, sequence, candidateIds, addresses } = await recruiterOf('prompt', 3);
    await enrolThrough(app.url, recruiter, sequence.id, candidateIds);
    // The enrolment's own dispatch, once its answer (and so the read model) is there: not the cron's.
    await expect.poll(() => mailsTo(addresses).length, { timeout: 10_000, interval: 50 }).toBe(3);
  }, 60_000);
});

describe('one recruiter’s sends', () => {
  it('do not wait for each other’s SMTP', async () => {
    const { recruiter, sequence, candidateIds, addresses } = await recruiterOf('slow', 3);
    // The mail server holds the first of the recruiter's messages; the other two go out meanwhile.
    const hold = smtp.holdNext();
    await enrolThrough(app.url, recruiter, sequence.id, candidateIds);
    await hold.arrived;
    await expect.poll(() => mailsTo(addresses).length, { timeout: 10_000, interval: 50 }).toBe(2);
    hold.release();
    await expect.poll(() => mailsTo(addresses).length, { timeout: 10_000, interval: 50 }).toBe(3);
  }, 60_000);

  it('stop at the daily limit across two processes, and the rest go out on the next days', async () => {
    const { recruiter, sequence, candidateIds, addresses } = await recruiterOf('daily', 12);
    // Enrolled after hours (17:30 in New York): due at 09:00 the next morning, Tuesday.
    clock.advance(Date.UTC(2031, 0, 6, 22, 30) - clock.now().getTime());
    await enrolThrough(app.url, await accounts.signIn(recruiter.email), sequence.id, candidateIds);
    await app.caughtUp();
    const enrolments = await enrolmentsOf(recruiter, sequence.id);
    clock.advance(16 * HOUR); // Tuesday 09:30 in New York

    // Both processes try every step at once, besides the queue: the day's limit goes out, no more.
    await Promise.all(
      enrolments.flatMap((e) => deliveries().map((delivery) => delivery.sendNow(e.enrolmentId, 0))),
    );
    await deliverDue();
    expect(mailsTo(addresses)).toHaveLength(DAILY_LIMIT);
    const waiting = (await enrolmentsOf(recruiter, sequence.id)).filter((e) => e.waiting !== null);
    expect(waiting).toHaveLength(12 - DAILY_LIMIT);
    // The next UTC day's window in New York: Wednesday 09:00.
    for (const e of waiting)
      expect(e.waiting).toBe('waiting on your daily sending limit until 2031-01-08T14:00:00.000Z');

    clock.advance(DAY);
    await deliverDue();
    expect(mailsTo(addresses)).toHaveLength(2 * DAILY_LIMIT);
    clock.advance(DAY);
    await deliverDue();
    expect(mailsTo(addresses)).toHaveLength(12);
    expect(new Set(mailsTo(addresses).map((m) => m.headers['message-id'])).size).toBe(12);
  }, 120_000);
});

describe('a dispatch', () => {
  it('queues every due step, a batch at a time', async () => {
    const { recruiter, sequence, candidateIds, addresses } = await recruiterOf('many', DAILY_LIMIT);
    // Enrolled after hours (Thursday 17:30 in New York), due at 09:00 on Friday.
    clock.advance(Date.UTC(2031, 0, 9, 22, 30) - clock.now().getTime());
    await enrolThrough(app.url, await accounts.signIn(recruiter.email), sequence.id, candidateIds);
    await app.caughtUp();
    // A third sender whose dispatch reads 2 at a time.
    const logger = pino({ level: 'silent' });
    const third = new SequenceDelivery(
      {
        pool: app.pool,
        store: app.store,
        logger,
        clock,
        mailer: new SmtpMailer(app.pool, logger, {
          connection: { url: smtp.url },
          from: env.MAIL_FROM,
        }),
        settings: { ...SequenceDefaults, publicUrl: app.url, replyDomain: null },
      },
      { pollingIntervalSeconds: 0.5, cron: false, dispatchBatch: 2 },
    );
    await third.start();
    try {
      clock.advance(16 * HOUR); // Friday 09:30 in New York
      expect(await third.dispatchDue()).toBe(DAILY_LIMIT);
      await expect.poll(() => mailsTo(addresses).length, { timeout: 20_000, interval: 50 }).toBe(DAILY_LIMIT);
    } finally {
      await third.stop();
    }
  }, 60_000);
});
