import { randomUUID } from 'node:crypto';
import {
  type CandidateProfile,
  type EnrolmentList,
  type EnrolResult,
  type MeResponse,
  RemovalMessages,
  type RepliesPage,
  type SequenceView,
} from '@healthtal/contracts';
import { candidate, importCandidates } from '@healthtal/testkit/directory-fixture';
import { startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { gmailBounce, postfixBounce, sendToInbound } from '@healthtal/testkit/inbound-mail';
import { smtpAccounts } from '@healthtal/testkit/smtp-accounts';
import { parsedMail, startTestSmtpServer, type TestSmtpServer } from '@healthtal/testkit/smtp-server';
import { TestClock } from '@healthtal/testkit/test-clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const DAY = 24 * 3_600_000;
// Monday 6 January 2031, 9:30 in New York: inside the send window of the New York nurses below. The
// clock moves by whole weeks, so every test starts on a Monday morning there.
const clock = new TestClock(Date.UTC(2031, 0, 6, 14, 30));

let smtp: TestSmtpServer;
let app: TestApp;
let accounts: ReturnType<typeof smtpAccounts>;
let inboundPort: number;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  app = await startTestApp(
    {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'HealthTal Outreach <outreach@healthtal.test>',
      SEQUENCE_POLL_SECONDS: '0.5',
      INBOUND_SMTP_PORT: '0',
    },
    { clock },
  );
  accounts = smtpAccounts(app, smtp);
  inboundPort = app.inboundMail!.port;
}, 120_000);
afterAll(async () => {
  await app?.close();
  await smtp?.stop();
});

/** Every due step handed to the queue and sent before this resolves. */
async function deliverDue() {
  const delivery = app.sequenceDelivery!;
  await app.caughtUp();
  await delivery.dispatchDue();
  await expect.poll(() => delivery.pending(), { timeout: 30_000, interval: 100 }).toBe(0);
  await app.caughtUp();
}

const nurse = (name: string) =>
  candidate(`inbound-${name}-${randomUUID()}`, {
    firstName: name,
    lastName: 'Inbound',
    state: 'NY',
    city: 'Albany',
    personalEmail: `${name.toLowerCase()}.${randomUUID().slice(0, 8)}@clinicians.test`,
  });

/** A Monthly (basic) subscriber who revealed these candidates; signed in afresh for each call. */
async function recruiter(candidateIds: readonly string[]) {
  const user = await accounts.signUp();
  await app.subscribe(user, 'price_monthly');
  await app.caughtUp();
  for (const id of candidateIds)
    expect((await app.request(`/api/v1/candidates/${id}/reveal`, { method: 'POST', as: user })).status).toBe(
      200,
    );
  await app.caughtUp();
  return {
    user,
    call: async <T>(path: string, init: { method?: string; json?: unknown } = {}): Promise<T> => {
      const response = await app.request(path, { ...init, as: await accounts.signIn(user.email) });
      expect(response.status, `${init.method ?? 'GET'} ${path}`).toBeLessThan(300);
      return (await response.json()) as T;
    },
  };
}
type Recruiter = Awaited<ReturnType<typeof recruiter>>;

/** A sequence of steps waiting these business days, with these candidates enrolled. */
async function sequenceFor(owner: Recruiter, waits: number[], candidateIds: string[]) {
  const steps = waits.map((waitBusinessDays, i) => ({
    subject: `Step ${i + 1} for {{first_name}}`,
    body: `Hello {{first_name}}, step ${i + 1}.`,
    waitBusinessDays,
  }));
  const name = `Inbound ${randomUUID().slice(0, 6)}`;
  const sequence = await owner.call<SequenceView>('/api/v1/sequences', {
    method: 'POST',
    json: { name, steps },
  });
  const enrolled = await owner.call<EnrolResult>(`/api/v1/sequences/${sequence.id}/enrolments`, {
    method: 'POST',
    json: { candidateIds },
  });
  expect(enrolled.enrolled).toBe(candidateIds.length);
  return sequence;
}

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.envelope.to.includes(address));
const eventsOf = async (type: string, candidateId: string) => {
  const { rows } = await app.pool.query<{ n: number }>(
    `select count(*)::int as n from eventstore.events where type = $1 and data->>'candidateId' = $2`,
    [type, candidateId],
  );
  return rows[0]!.n;
};

describe('a reply', () => {
  it('sent by a real SMTP client stops the sequence, once however often it comes, and shows in the inbox', async () => {
    const rosa = nurse('Rosa');
    await importCandidates(app, [rosa]);
    const owner = await recruiter([rosa.candidateId]);
    const sequence = await sequenceFor(owner, [0, 1, 1], [rosa.candidateId]);
    await deliverDue();
    const [first] = await Promise.all(mailsTo(rosa.personalEmail!).map(parsedMail));
    // Replies go to the recruiter and to HealthTal's tagged address.
    const [enrolment] = await owner.call<EnrolmentList>(`/api/v1/sequences/${sequence.id}/enrolments`);
    expect(first!.replyTo?.value.map((a) => a.address)).toEqual([
      owner.user.email,
      `reply+${enrolment!.enrolmentId}@127.0.0.1`,
    ]);

    const reply = {
      from: `Rosa Inbound <${rosa.personalEmail}>`,
      to: `reply+${enrolment!.enrolmentId}@127.0.0.1`,
      subject: `Re: ${first!.subject}`,
      text: `Yes, call me on Tuesday.\n\nOn Mon, Jan 6, 2031 at 9:30 AM ${owner.user.email} wrote:\n> Hello Rosa, step 1.\n`,
      messageId: `<${randomUUID()}@mail.clinicians.test>`,
      inReplyTo: first!.messageId!,
      references: first!.messageId!,
    };
    expect(await sendToInbound(inboundPort, reply)).toMatchObject({ accepted: true, responseCode: 250 });
    // The same message again (a sender's retry, or it came through two MX hosts).
    expect(await sendToInbound(inboundPort, reply)).toMatchObject({ accepted: true });
    await app.caughtUp();
    expect(await eventsOf('SequenceReplyReceived', rosa.candidateId)).toBe(1);

    clock.advance(7 * DAY);
    await deliverDue();
    expect(mailsTo(rosa.personalEmail!)).toHaveLength(1);
    const [after] = await owner.call<EnrolmentList>(`/api/v1/sequences/${sequence.id}/enrolments`);
    expect(after).toMatchObject({ status: 'replied', stepsSent: 1, nextStep: null });
    expect((await owner.call<SequenceView>(`/api/v1/sequences/${sequence.id}`)).progress).toMatchObject({
      replied: 1,
      bounced: 0,
    });

    const inbox = await owner.call<RepliesPage>('/api/v1/sequences/replies');
    expect(inbox).toMatchObject({ count: 1, page: 1, totalPages: 1 });
    expect(inbox.data[0]).toMatchObject({
      enrolmentId: enrolment!.enrolmentId,
      sequenceId: sequence.id,
      sequenceName: sequence.name,
      candidateId: rosa.candidateId,
      candidateName: 'Rosa Inbound',
      step: 0,
      from: `"Rosa Inbound" <${rosa.personalEmail}>`,
      subject: 'Re: Step 1 for Rosa',
      snippet: 'Yes, call me on Tuesday.',
    });
    // Someone else's inbox has none of it.
    const other = await recruiter([]);
    expect((await other.call<RepliesPage>('/api/v1/sequences/replies')).count).toBe(0);
  }, 120_000);

  it('is matched by the tagged address alone when the client kept no In-Reply-To', async () => {
    const omar = nurse('Omar');
    await importCandidates(app, [omar]);
    const owner = await recruiter([omar.candidateId]);
    const sequence = await sequenceFor(owner, [0, 1], [omar.candidateId]);
    await deliverDue();
    const [enrolment] = await owner.call<EnrolmentList>(`/api/v1/sequences/${sequence.id}/enrolments`);
    const answer = await sendToInbound(inboundPort, {
      from: omar.personalEmail!,
      to: `reply+${enrolment!.enrolmentId}@127.0.0.1`,
      text: 'Not interested, thanks.',
    });
    expect(answer.accepted).toBe(true);
    await app.caughtUp();
    clock.advance(7 * DAY);
    await deliverDue();
    expect(mailsTo(omar.personalEmail!)).toHaveLength(1);
    const [after] = await owner.call<EnrolmentList>(`/api/v1/sequences/${sequence.id}/enrolments`);
    expect(after!.status).toBe('replied');
  }, 120_000);
});

describe('a delivery report (DSN)', () => {
  it('marks the email invalid for every customer, stops the sequence and credits the reveal back', async () => {
    const sam = nurse('Sam');
    await importCandidates(app, [sam]);
    const [ada, bo] = [await recruiter([sam.candidateId]), await recruiter([sam.candidateId])];
    const sequence = await sequenceFor(ada, [0, 1], [sam.candidateId]);
    await deliverDue();
    const original = mailsTo(sam.personalEmail!)[0]!.raw;
    expect((await ada.call<MeResponse>('/api/v1/me')).revealQuota).toMatchObject({ used: 1, remaining: 99 });

    const report = postfixBounce({ original, recipient: sam.personalEmail!, status: '5.1.1' });
    expect(
      await sendToInbound(inboundPort, {
        from: 'MAILER-DAEMON@mx.clinicians.test',
        to: 'outreach@healthtal.test',
        raw: report,
      }),
    ).toMatchObject({ accepted: true });
    // Reported twice (the same report redelivered): recorded once, credited once.
    await sendToInbound(inboundPort, { to: 'outreach@healthtal.test', raw: report });
    await app.caughtUp();
    for (const type of ['SequenceEmailBounced', 'CandidateUpdated', 'RevealCredited'])
      expect(await eventsOf(type, sam.candidateId), type).toBe(1);

    // Bo, another customer, sees the email invalid and cannot enrol the address.
    const card = await bo.call<CandidateProfile>(`/api/v1/candidates/${sam.candidateId}`);
    expect(card.emailStatus).toBe('invalid');
    const bos = await bo.call<SequenceView>('/api/v1/sequences', {
      method: 'POST',
      json: { name: 'Bo', steps: [{ subject: 'Hi', body: 'Hello', waitBusinessDays: 0 }] },
    });
    expect(
      await bo.call<EnrolResult>(`/api/v1/sequences/${bos.id}/enrolments`, {
        method: 'POST',
        json: { candidateIds: [sam.candidateId] },
      }),
    ).toMatchObject({ enrolled: 0, noEmail: 1 });

    // Ada's reveal is back, and her sequence stopped.
    expect((await ada.call<MeResponse>('/api/v1/me')).revealQuota).toMatchObject({
      used: 1,
      credited: 1,
      remaining: 100,
    });
    clock.advance(7 * DAY);
    await deliverDue();
    expect(mailsTo(sam.personalEmail!)).toHaveLength(1);
    const [enrolment] = await ada.call<EnrolmentList>(`/api/v1/sequences/${sequence.id}/enrolments`);
    expect(enrolment!.status).toBe('bounced');
    expect((await ada.call<SequenceView>(`/api/v1/sequences/${sequence.id}`)).progress.bounced).toBe(1);
  }, 120_000);

  it('of a policy refusal (Gmail, 5.7.1) stops the sequence but leaves the address and the reveal', async () => {
    const lee = nurse('Lee');
    await importCandidates(app, [lee]);
    const owner = await recruiter([lee.candidateId]);
    const sequence = await sequenceFor(owner, [0, 1], [lee.candidateId]);
    await deliverDue();
    const report = gmailBounce({
      original: mailsTo(lee.personalEmail!)[0]!.raw,
      recipient: lee.personalEmail!,
      status: '5.7.1',
      diagnostic:
        '550-5.7.1 This message was blocked because its content presents a potential security issue.',
    });
    expect((await sendToInbound(inboundPort, { to: 'outreach@healthtal.test', raw: report })).accepted).toBe(
      true,
    );
    await app.caughtUp();
    const [enrolment] = await owner.call<EnrolmentList>(`/api/v1/sequences/${sequence.id}/enrolments`);
    expect(enrolment!.status).toBe('bounced');
    expect(
      (await owner.call<CandidateProfile>(`/api/v1/candidates/${lee.candidateId}`)).emailStatus,
    ).not.toBe('invalid');
    expect(await eventsOf('RevealCredited', lee.candidateId)).toBe(0);
  }, 120_000);
});

describe('the removal page', () => {
  it('opts the clinician out of every customer’s sequences without erasing them', async () => {
    const kim = nurse('Kim');
    await importCandidates(app, [kim]);
    const [ada, bo] = [await recruiter([kim.candidateId]), await recruiter([kim.candidateId])];
    const sequences = [
      await sequenceFor(ada, [0, 1], [kim.candidateId]),
      await sequenceFor(bo, [0, 1], [kim.candidateId]),
    ];
    await deliverDue();
    expect(mailsTo(kim.personalEmail!)).toHaveLength(2);

    const asked = await app.request('/api/v1/removal-requests', {
      method: 'POST',
      json: { email: kim.personalEmail },
    });
    expect(asked.status).toBe(202);
    await expect.poll(() => mailsTo(kim.personalEmail!).length, { timeout: 15_000 }).toBe(3);
    const token = /confirm-removal\?token=([a-z0-9]+)/.exec(mailsTo(kim.personalEmail!)[2]!.text)![1]!;
    const bad = await app.request('/api/v1/removal-requests/opt-out', {
      method: 'POST',
      json: { token: 'nope' },
    });
    expect(bad.status).toBe(400);
    const optOut = await app.request('/api/v1/removal-requests/opt-out', { method: 'POST', json: { token } });
    expect(optOut.status).toBe(200);
    expect(await optOut.json()).toEqual({ optedOut: true, message: RemovalMessages.optedOut });
    await app.caughtUp();

    clock.advance(7 * DAY);
    await deliverDue();
    expect(mailsTo(kim.personalEmail!)).toHaveLength(3);
    for (const [owner, sequence] of [
      [ada, sequences[0]!],
      [bo, sequences[1]!],
    ] as const) {
      const [enrolment] = await owner.call<EnrolmentList>(`/api/v1/sequences/${sequence.id}/enrolments`);
      expect(enrolment).toMatchObject({ status: 'opted-out', stepsSent: 1 });
    }
    // Nothing erased: the profile is still there.
    expect((await ada.call<CandidateProfile>(`/api/v1/candidates/${kim.candidateId}`)).id).toBe(
      kim.candidateId,
    );
  }, 120_000);
});

describe('bad inbound mail', () => {
  it('is dropped or refused cleanly: no match, automatic answers, delays, garbage, oversize', async () => {
    const eve = nurse('Eve');
    await importCandidates(app, [eve]);
    const owner = await recruiter([eve.candidateId]);
    const sequence = await sequenceFor(owner, [0, 1], [eve.candidateId]);
    await deliverDue();
    const original = mailsTo(eve.personalEmail!)[0]!.raw;
    const firstId = (await parsedMail(mailsTo(eve.personalEmail!)[0]!)).messageId!;
    const events = await app.eventCount();
    const before = { ...app.inboundMail!.counts };

    const dropped = [
      { to: 'someone@127.0.0.1', inReplyTo: `<seq.${randomUUID()}.0@127.0.0.1>` },
      { to: 'someone@127.0.0.1', inReplyTo: firstId.replace('127.0.0.1', 'elsewhere.test') },
      { to: 'someone@127.0.0.1', text: 'No reference at all.' },
      { to: 'someone@127.0.0.1', inReplyTo: firstId, headers: { 'Auto-Submitted': 'auto-replied' } },
      {
        to: 'outreach@healthtal.test',
        raw: postfixBounce({ original, recipient: eve.personalEmail!, action: 'delayed' }),
      },
      { to: 'outreach@healthtal.test', raw: postfixBounce({ original, recipient: 'other@clinicians.test' }) },
    ];
    for (const mail of dropped)
      expect(await sendToInbound(inboundPort, mail), JSON.stringify(mail)).toMatchObject({ accepted: true });
    const garbage = await sendToInbound(inboundPort, {
      to: 'x@127.0.0.1',
      raw: Buffer.from([0, 159, 146, 150, 10, 13]),
    });
    expect(garbage).toMatchObject({ accepted: false, responseCode: 550 });
    const huge = await sendToInbound(inboundPort, {
      to: 'x@127.0.0.1',
      raw: `Subject: big\r\nIn-Reply-To: ${firstId}\r\n\r\n${'x'.repeat(10 * 1024 * 1024 + 10)}\r\n`,
    });
    expect(huge).toMatchObject({ accepted: false, responseCode: 552 });

    expect(app.inboundMail!.counts).toMatchObject({
      dropped: before.dropped + dropped.length,
      refused: before.refused + 2,
      reply: before.reply,
      bounce: before.bounce,
    });
    expect(await app.eventCount()).toBe(events);
    const [enrolment] = await owner.call<EnrolmentList>(`/api/v1/sequences/${sequence.id}/enrolments`);
    expect(enrolment!.status).toBe('active');
    // The endpoint still takes mail after all that.
    expect(
      (await sendToInbound(inboundPort, { to: 'x@127.0.0.1', inReplyTo: firstId, text: 'Call me.' }))
        .accepted,
    ).toBe(true);
    await app.caughtUp();
    expect((await owner.call<EnrolmentList>(`/api/v1/sequences/${sequence.id}/enrolments`))[0]!.status).toBe(
      'replied',
    );
  }, 120_000);
});
