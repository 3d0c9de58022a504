/**
 * Issue 32, finding 11: the console's mail outbox showed every admin the live links of verification,
 * password-reset and removal-confirmation mails, so any admin could take over any account. Admins
 * now read those mails with their links' tokens hidden; the mails still go out whole (the outbox
 * table keeps them for delivery, which is where the tests read their tokens).
 */
import { randomUUID } from 'node:crypto';
import { MailOutboxRow } from '@healthtal/contracts';
import { nextIp, PASSWORD, startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { VALID_RESUME } from '@healthtal/testkit/resumes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const RUN = `secret-${randomUUID().slice(0, 8)}`;
const post = (path: string, json: unknown) => app.request(path, { method: 'POST', json, ip: nextIp() });

describe('the mail outbox in the console', () => {
  it('hides the links of verification, reset and removal mails from admins, and the links still work', async () => {
    // A sign-up not yet verified, an account asking for a reset, a person asking to be removed.
    const newcomer = `newcomer.${RUN}@harness.test`;
    const signup = await post('/api/v1/auth/signup', {
      email: newcomer,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      phone: '555-010-2030',
      acceptTerms: true,
    });
    expect(signup.status).toBe(201);
    const member = await app.signUp(`member.${RUN}@harness.test`);
    expect((await post('/api/v1/auth/forgot-password', { email: member.email })).status).toBe(202);
    const leaving = `leaving.${RUN}@harness.test`;
    expect((await post('/api/v1/resume-submissions', { ...VALID_RESUME, email: leaving })).status).toBe(201);
    await app.caughtUp();
    expect((await post('/api/v1/removal-requests', { email: leaving })).status).toBe(202);

    const tokens = {
      verify: await app.tokenFromMail(newcomer, 'verify-email'),
      reset: await app.tokenFromMail(member.email, 'reset-password'),
      removal: await app.tokenFromMail(leaving, 'removal-confirmation'),
    };
    const filter = encodeURIComponent(JSON.stringify({ q: RUN }));
    const listed = await app.request(`/api/admin/mail-outbox?filter=${filter}`, { as: 'admin' });
    expect(listed.status).toBe(200);
    const rows = ((await listed.json()) as unknown[]).map((row) => MailOutboxRow.parse(row));
    const one = async (id: number) =>
      MailOutboxRow.parse(await (await app.request(`/api/admin/outbox/${id}`, { as: 'admin' })).json());
    const shown = [...rows, ...(await Promise.all(rows.map((row) => one(row.id))))];

    expect(rows.map((row) => row.kind).sort()).toEqual([
      'removal-confirmation',
      'reset-password',
      'verify-email',
      'verify-email',
    ]);
    for (const mail of shown) {
      for (const token of Object.values(tokens)) expect(mail.text).not.toContain(token);
      // The admin still sees what was sent, and that a link was in it.
      expect(mail.text).toMatch(/\/(verify-email|reset-password|confirm-removal)\?token=\[removed\]/);
    }

    // What the recipients got works.
    expect((await post('/api/v1/auth/verify-email', { token: tokens.verify })).status).toBe(200);
    const reset = await post('/api/v1/auth/reset-password', {
      token: tokens.reset,
      password: 'another horse battery',
      confirmPassword: 'another horse battery',
    });
    expect(reset.status).toBe(200);
    expect((await post('/api/v1/removal-requests/confirm', { token: tokens.removal })).status).toBe(200);
  });
});
