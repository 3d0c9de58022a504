import { randomUUID } from 'node:crypto';
import { MailOutboxRow } from '@healthtal/contracts';
import {
  ADMIN_EMAIL,
  nextIp,
  PASSWORD,
  type SignedIn,
  startTestApp,
  type TestApp,
} from '@healthtal/testkit/harness';
import { smtpAccounts } from '@healthtal/testkit/smtp-accounts';
import {
  type ReceivedMail,
  SMTP_USER,
  startTestSmtpServer,
  type TestSmtpServer,
} from '@healthtal/testkit/smtp-server';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailDeliveryError } from './mailer';
import { SmtpMailer } from './smtp-mailer';

const FROM_ADDRESS = 'accounts@healthtal.test';
const MAIL_FROM = `HealthTal Accounts <${FROM_ADDRESS}>`;

let smtp: TestSmtpServer;
let app: TestApp;
let accounts: ReturnType<typeof smtpAccounts>;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  app = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM });
  accounts = smtpAccounts(app, smtp);
});
afterAll(async () => {
  await app?.close();
  await smtp?.stop();
});

const newEmail = () => `smtp-${randomUUID()}@harness.test`;
const post = (path: string, json: unknown, ip = nextIp()) => app.request(path, { method: 'POST', json, ip });
const signUpForm = (email: string) => ({
  email,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  phone: '555-010-2030',
  acceptTerms: true,
});

const mailTo = (to: string) => accounts.mailTo(to);
const linkIn = (mail: ReceivedMail | undefined, path: string) => accounts.linkIn(mail, path);
/** Signs up and in with the link the SMTP server received: the harness reads links from the outbox. */
const signUpThroughSmtp = (email = newEmail()): Promise<SignedIn> => accounts.signUp(email);

let admin: Promise<SignedIn> | undefined;
const outboxOf = async (recipient: string): Promise<MailOutboxRow[]> => {
  admin ??= signUpThroughSmtp(ADMIN_EMAIL);
  const filter = encodeURIComponent(JSON.stringify({ q: recipient }));
  const sort = encodeURIComponent('["createdAt","ASC"]');
  const response = await app.request(`/api/admin/mail-outbox?filter=${filter}&sort=${sort}`, {
    as: await admin,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as unknown[]).map((row) => MailOutboxRow.parse(row));
};

describe('mail through SMTP', () => {
  it('mails the verification link from MAIL_FROM, and the link verifies the account', async () => {
    const email = newEmail();
    const signup = await post('/api/v1/auth/signup', signUpForm(email));
    expect(signup.status).toBe(201);

    const mail = mailTo(email);
    expect(mail).toMatchObject({
      envelope: { from: FROM_ADDRESS, to: [email] },
      user: SMTP_USER,
      headers: { to: email, subject: 'Confirm your HealthTal account' },
    });
    expect(mail!.headers.from).toBe(`HealthTal Accounts <${FROM_ADDRESS}>`);
    expect(mail!.text).toContain('Confirm your email address');
    const link = linkIn(mail, '/verify-email');
    expect(link.url).toBe(`${app.url}/verify-email`);

    const ip = nextIp();
    expect((await post('/api/v1/auth/login', { email, password: PASSWORD }, ip)).status).toBe(403);
    expect((await post('/api/v1/auth/verify-email', { token: link.token }, ip)).status).toBe(200);
    expect((await post('/api/v1/auth/login', { email, password: PASSWORD }, ip)).status).toBe(200);
  });

  it('mails the password reset link, and the link sets a new password', async () => {
    const user = await signUpThroughSmtp();
    expect((await post('/api/v1/auth/forgot-password', { email: user.email })).status).toBe(202);

    const mail = mailTo(user.email);
    expect(mail).toMatchObject({
      envelope: { from: FROM_ADDRESS, to: [user.email] },
      headers: { subject: 'Reset your HealthTal password' },
    });
    const { token } = linkIn(mail, '/reset-password');
    const newPassword = 'a brand new passphrase';
    const reset = await post('/api/v1/auth/reset-password', {
      token,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(reset.status).toBe(200);
    const login = await post('/api/v1/auth/login', { email: user.email, password: newPassword });
    expect(login.status).toBe(200);
  });

  it('lists SMTP mail in the admin outbox as sent through smtp, with the link tokens removed', async () => {
    const user = await signUpThroughSmtp();
    expect((await post('/api/v1/auth/forgot-password', { email: user.email })).status).toBe(202);
    const resetToken = linkIn(mailTo(user.email), '/reset-password').token;

    const rows = await outboxOf(user.email);
    expect(rows.map((row) => [row.kind, row.status, row.transport, row.error])).toEqual([
      ['verify-email', 'sent', 'smtp', null],
      ['reset-password', 'sent', 'smtp', null],
    ]);
    for (const row of rows) {
      expect(row.recipient).toBe(user.email);
      expect(Date.parse(row.sentAt!)).toBeGreaterThanOrEqual(Date.parse(row.createdAt));
      expect(row.text).toContain('?token=[removed]');
    }
    expect(rows[1]!.text).not.toContain(resetToken);
    // The copy is not a way in: the harness's outbox reader finds no usable link in it.
    await expect(app.tokenFromMail(user.email, 'reset-password')).rejects.toThrow(/No reset-password link/);
  });
});

describe('the SMTP mailer on its own', () => {
  const mailer = (url = smtp.url) =>
    new SmtpMailer(app.pool, pino({ level: 'silent' }), {
      connection: { url },
      from: MAIL_FROM,
      retryDelaysMs: [20, 20],
    });
  const message = (to: string) => ({
    to,
    subject: 'About your account',
    text: 'Hello from the test.',
    kind: 'notification' as const,
  });

  it('retries a message the server refuses for now, and delivers it', async () => {
    const to = newEmail();
    const attempts = smtp.dataAttempts;
    smtp.refuseNext(1, 451);
    await mailer().send(message(to));
    expect(smtp.dataAttempts - attempts).toBe(2);
    expect(mailTo(to)?.text).toContain('Hello from the test.');
    expect((await outboxOf(to)).map((row) => row.status)).toEqual(['sent']);
  });

  it('gives up after two retries and keeps the message as failed, with the reason', async () => {
    const to = newEmail();
    const attempts = smtp.dataAttempts;
    smtp.refuseNext(3, 451);
    await expect(mailer().send(message(to))).rejects.toBeInstanceOf(MailDeliveryError);
    expect(smtp.dataAttempts - attempts).toBe(3);
    expect(mailTo(to)).toBeUndefined();
    const [row] = await outboxOf(to);
    expect(row).toMatchObject({ status: 'failed', transport: 'smtp', sentAt: null });
    expect(row!.error).toMatch(/after 3 attempts: .*451/);
  });

  it('does not retry a message the server refuses for good', async () => {
    const to = newEmail();
    const attempts = smtp.dataAttempts;
    smtp.refuseNext(1, 550);
    await expect(mailer().send(message(to))).rejects.toBeInstanceOf(MailDeliveryError);
    expect(smtp.dataAttempts - attempts).toBe(1);
    expect((await outboxOf(to))[0]!.error).toMatch(/after 1 attempt: .*550/);
  });

  it('does not retry with a wrong password', async () => {
    const to = newEmail();
    const failures = smtp.authFailures;
    const wrong = smtp.url.replace(/:[^:@/]+@/, ':not-the-password@');
    await expect(mailer(wrong).send(message(to))).rejects.toBeInstanceOf(MailDeliveryError);
    expect(smtp.authFailures - failures).toBe(1);
    expect((await outboxOf(to))[0]!.error).toMatch(/^EAUTH after 1 attempt/);
  });
});

describe('when the mail server is down', () => {
  it('still signs people up, shows the failure in the outbox, and a resend works once it is back', async () => {
    await outboxOf(ADMIN_EMAIL); // the admin signs in while mail still works
    await smtp.stop();
    const email = newEmail();
    const ip = nextIp();
    const signup = await post('/api/v1/auth/signup', signUpForm(email), ip);
    expect(signup.status).toBe(201);
    expect(mailTo(email)).toBeUndefined();

    const [failed] = await outboxOf(email);
    expect(failed).toMatchObject({
      kind: 'verify-email',
      status: 'failed',
      transport: 'smtp',
      sentAt: null,
    });
    expect(failed!.error).toMatch(/after 3 attempts: .*ECONNREFUSED/);

    await smtp.restart();
    expect((await post('/api/v1/auth/resend-verification', { email }, ip)).status).toBe(202);
    const { token } = linkIn(mailTo(email), '/verify-email');
    expect((await post('/api/v1/auth/verify-email', { token }, ip)).status).toBe(200);
    expect((await outboxOf(email)).map((row) => row.status)).toEqual(['failed', 'sent']);
  });
});
