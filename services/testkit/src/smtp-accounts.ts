import { randomUUID } from 'node:crypto';
import type { AuthSession } from '@healthtal/contracts';
import { nextIp, PASSWORD, type SignedIn, type TestApp } from './harness';
import type { ReceivedMail, TestSmtpServer } from './smtp-server';

/**
 * Accounts of a test app whose mail goes through SMTP: the harness reads its links from the outbox,
 * where SMTP mail keeps no tokens, so these read them from what the SMTP server received.
 */
export function smtpAccounts(app: TestApp, smtp: TestSmtpServer) {
  const post = (path: string, json: unknown, ip: string) => app.request(path, { method: 'POST', json, ip });
  /** The newest mail the SMTP server received for this address. */
  const mailTo = (to: string): ReceivedMail | undefined =>
    smtp.received.findLast((mail) => mail.envelope.to.includes(to));
  const linkIn = (mail: ReceivedMail | undefined, path: string) => {
    const match = new RegExp(`(https?://[^\\s]+${path})\\?token=([A-Za-z0-9_-]+)`).exec(mail?.text ?? '');
    if (!match) throw new Error(`No ${path} link in ${JSON.stringify(mail?.text)}`);
    return { url: match[1]!, token: match[2]! };
  };
  /** Signs in again (a test clock moved past the access token's life). */
  const signIn = async (email: string, ip = nextIp()): Promise<SignedIn> => {
    const login = await post('/api/v1/auth/login', { email, password: PASSWORD }, ip);
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const session = (await login.json()) as AuthSession;
    return { userId: session.user.id, email, accessToken: session.accessToken, refreshCookie: '' };
  };
  /** Signs up and in with the link the SMTP server received. */
  const signUp = async (email = `smtp-${randomUUID()}@harness.test`): Promise<SignedIn> => {
    const ip = nextIp();
    const form = {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      phone: '555-010-2030',
      acceptTerms: true,
    };
    const signup = await post('/api/v1/auth/signup', form, ip);
    if (signup.status !== 201) throw new Error(`sign-up failed: ${signup.status} ${await signup.text()}`);
    const { token } = linkIn(mailTo(email), '/verify-email');
    const verified = await post('/api/v1/auth/verify-email', { token }, ip);
    if (verified.status !== 200) throw new Error(`verification failed: ${verified.status}`);
    return signIn(email, ip);
  };
  return { mailTo, linkIn, signIn, signUp };
}
