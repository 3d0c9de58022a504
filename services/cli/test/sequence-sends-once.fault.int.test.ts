/**
 * Issue 36, "exactly once": sequence steps sent through SMTP by API processes that are SIGKILLed
 * while they send, and by two API processes sharing one database (ADR 0060).
 *
 * The senders are real processes of the product (support/start-at.ts: `healthtal start` with its
 * clock set inside the send window, projectors elsewhere: WORKERS=none) on the test's database,
 * handing mail to a real SMTP server on loopback. This process imports the candidates, signs the
 * recruiters up, reveals and enrols through the API and projects the events. At the end the mail the
 * SMTP server received (by Message-ID) and the SequenceStepSent events are counted per (enrolment,
 * step), and the counts are printed.
 */
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { importCandidates } from '@healthtal/testkit/directory-fixture';
import { type SignedIn, startTestApp, type TestApp } from '@healthtal/testkit/harness';
import {
  createSequence,
  enrolThrough,
  newYorkNurses,
  recruiterWhoRevealed,
} from '@healthtal/testkit/sequences';
import { startTestSmtpServer, type TestSmtpServer } from '@healthtal/testkit/smtp-server';
import { TestClock } from '@healthtal/testkit/test-clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductProcess } from './chaos/product';

/** Monday 6 January 2031, 11:00 in New York: inside the send window of the New York nurses below. */
const AT = Date.UTC(2031, 0, 6, 16, 0);
const RECIPIENTS = 200;
const KILLS = 3;
/** Each kill comes after this process has received between 1 and this many more of the run's mails. */
const KILL_AFTER_AT_MOST = 25;
/** Sends in flight in a sender with DATABASE_POOL_SIZE 12 (maxSendingFor): a kill cuts off at most these. */
const IN_FLIGHT = 6;
const START_AT = [path.join(import.meta.dirname, 'support/start-at.ts'), new Date(AT).toISOString()];

let smtp: TestSmtpServer;
let app: TestApp;
const senders: ProductProcess[] = [];
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  // This process sends nothing: its mail (sign-up links) stays in the outbox, its scheduler is off.
  app = await startTestApp({ SEQUENCE_SCHEDULER: 'off' }, { clock: new TestClock(AT) });
}, 120_000);
afterAll(async () => {
  for (const sender of senders) await sender.kill('SIGKILL');
  await app?.close();
  await smtp?.stop();
});

/** A sender process of the product on the test's database, mailing through the test's SMTP server. */
async function startSender(): Promise<ProductProcess> {
  const sender = await ProductProcess.start(
    app.databaseUrl,
    {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'HealthTal Outreach <outreach@healthtal.test>',
      WORKERS: 'none',
      SEARCH_WORKERS: '0',
      SEQUENCE_POLL_SECONDS: '0.5',
      LOG_LEVEL: 'error',
    },
    START_AT,
  );
  senders.push(sender);
  return sender;
}

/** A recruiter who revealed `count` new New York nurses, and a one-step sequence of theirs. */
async function recruiterWithNurses(prefix: string, count: number) {
  const nurses = newYorkNurses(prefix, count);
  await importCandidates(app, nurses);
  const candidateIds = nurses.map((n) => n.candidateId);
  const recruiter = await recruiterWhoRevealed(app, candidateIds);
  const sequence = await createSequence(app, recruiter, [0]);
  return { recruiter, sequence, candidateIds };
}

async function enrol(baseUrl: string, user: SignedIn, sequenceId: string, candidateIds: string[]) {
  expect((await enrolThrough(baseUrl, user, sequenceId, candidateIds)).enrolled).toBe(candidateIds.length);
}

/** `<seq.ENROLMENT.STEP@host>` → "ENROLMENT/STEP" (sequence-mail.ts). */
const stepOf = (messageId: string | undefined) => {
  const match = /^<seq\.([0-9a-f-]{36})\.(\d+)@/.exec(messageId ?? '');
  return match ? `${match[1]}/${match[2]}` : null;
};

/** Indexes into smtp.received of the mails of these enrolments' steps, by step. */
function receivedBy(enrolments: ReadonlySet<string>): Map<string, number[]> {
  const byStep = new Map<string, number[]>();
  smtp.received.forEach((mail, index) => {
    const step = stepOf(mail.headers['message-id']);
    if (!step || !enrolments.has(step.split('/')[0]!)) return;
    byStep.set(step, [...(byStep.get(step) ?? []), index]);
  });
  return byStep;
}

/** The SequenceStepSent events of one sequence, as "ENROLMENT/STEP" → how many and their Message-IDs. */
async function recordedSteps(sequenceId: string) {
  const { rows } = await app.pool.query<{ step: string; n: number; message_ids: string[] }>(
    `select data->>'enrolmentId' || '/' || (data->>'step') as step, count(*)::int as n,
            array_agg(data->>'messageId') as message_ids
       from eventstore.events where type = 'SequenceStepSent' and data->>'sequenceId' = $1
      group by 1`,
    [sequenceId],
  );
  return rows;
}

async function enrolmentIdsOf(sequenceId: string): Promise<Set<string>> {
  const { rows } = await app.pool.query<{ id: string }>(
    `select data->>'enrolmentId' as id from eventstore.events
      where type = 'RecipientEnrolled' and data->>'sequenceId' = $1`,
    [sequenceId],
  );
  return new Set(rows.map((row) => row.id));
}

/** Resolves once every enrolment of the sequence has its step recorded sent; bounded. */
async function allRecorded(sequenceId: string, timeoutMs: number) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(100)) {
    const recorded = await recordedSteps(sequenceId);
    if (recorded.length >= RECIPIENTS) return;
  }
}

describe('a sender SIGKILLed while it sends', () => {
  it('sends every step, none skipped, and again only what a kill cut off between SMTP and the record', async () => {
    const { recruiter, sequence, candidateIds } = await recruiterWithNurses('killed', RECIPIENTS);
    await enrol(app.url, recruiter, sequence.id, candidateIds);
    await app.caughtUp();
    const enrolments = await enrolmentIdsOf(sequence.id);
    const seen = () => [...receivedBy(enrolments).values()].reduce((sum, copies) => sum + copies.length, 0);

    const sender = await startSender();
    /** smtp.received.length once each killed process was gone: a duplicate must straddle one. */
    const boundaries: number[] = [];
    const draws: number[] = [];
    const restartsMs: number[] = [];
    for (let kill = 0; kill < KILLS && seen() < RECIPIENTS; kill++) {
      const more = 1 + Math.floor(Math.random() * KILL_AFTER_AT_MOST);
      draws.push(more);
      const target = Math.min(seen() + more, RECIPIENTS);
      for (const deadline = Date.now() + 20_000; seen() < target && Date.now() < deadline; ) await sleep(2);
      await sender.kill('SIGKILL');
      // What the dead process's sockets had delivered is read before the boundary is taken.
      await sleep(100);
      boundaries.push(smtp.received.length);
      const t = Date.now();
      await sender.restart();
      restartsMs.push(Date.now() - t);
    }
    await allRecorded(sequence.id, 40_000);
    await sender.stop();

    const recorded = await recordedSteps(sequence.id);
    const received = receivedBy(enrolments);
    const copies = [...received.values()].reduce((sum, c) => sum + c.length, 0);
    const duplicated = [...received.entries()].filter(([, c]) => c.length > 1);
    console.info(
      `SIGKILL loop: ${RECIPIENTS} steps due, ${boundaries.length} kills (after ${draws.join(', ')} more mails), ` +
        `${copies} messages received, ${received.size} distinct Message-IDs, ` +
        `${copies - received.size} duplicates, ${recorded.length} steps recorded sent ` +
        `(${recorded.reduce((sum, r) => sum + r.n, 0)} SequenceStepSent), ` +
        `${RECIPIENTS - recorded.length} skipped; restarts took ${restartsMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}`,
    );

    // Every step recorded sent exactly once, and every one of them reached the SMTP server.
    expect(recorded).toHaveLength(RECIPIENTS);
    for (const row of recorded) {
      expect(row.n).toBe(1);
      expect(received.has(stepOf(row.message_ids[0])!)).toBe(true);
    }
    // Nothing reached it that was not recorded: no mail of a step that is not in the log.
    expect(received.size).toBe(RECIPIENTS);
    // A second copy only where a kill came between the two (the window ADR 0060 admits), with the
    // same Message-ID by construction (received is keyed by it); at most the sends in flight per kill.
    expect(copies - received.size).toBeLessThanOrEqual(boundaries.length * IN_FLIGHT);
    for (const [step, indexes] of duplicated)
      for (let i = 1; i < indexes.length; i++)
        expect(
          boundaries.some((boundary) => indexes[i - 1]! < boundary && boundary <= indexes[i]!),
          `${step} was received again with no kill in between`,
        ).toBe(true);
  }, 180_000);
});

describe('two API processes on one database', () => {
  it('send each step exactly once', async () => {
    const { recruiter, sequence, candidateIds } = await recruiterWithNurses('shared', RECIPIENTS);
    const [one, two] = await Promise.all([startSender(), startSender()]);
    // Enrolled through the first; the second finds the jobs in the queue they share.
    await enrol(one!.url, recruiter, sequence.id, candidateIds);
    await allRecorded(sequence.id, 40_000);
    await Promise.all([one!.stop(), two!.stop()]);

    const recorded = await recordedSteps(sequence.id);
    const received = receivedBy(await enrolmentIdsOf(sequence.id));
    const copies = [...received.values()].reduce((sum, c) => sum + c.length, 0);
    const splits = [one!, two!].map(
      (sender) =>
        JSON.parse(/sequence steps: (.+)/.exec(sender.recentOutput())?.[1] ?? 'null') as Record<
          string,
          number
        > | null,
    );
    console.info(
      `two processes: ${copies} messages received, ${received.size} distinct Message-IDs, ` +
        `${recorded.length} steps recorded sent; sent ${splits.map((s) => s?.sent).join(' + ')}, ` +
        `found already sent ${splits.map((s) => s?.['already-sent']).join(' + ')}`,
    );
    expect(recorded).toHaveLength(RECIPIENTS);
    for (const row of recorded) expect(row.n).toBe(1);
    expect(received.size).toBe(RECIPIENTS);
    expect(copies).toBe(RECIPIENTS);
    expect(splits.map((s) => s?.sent ?? 0).reduce((a, b) => a + b)).toBe(RECIPIENTS);
  }, 120_000);
});
