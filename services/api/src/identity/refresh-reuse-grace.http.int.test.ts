/**
 * Issue 32, finding 14: two refreshes with one refresh cookie at once (three tabs opened together)
 * signed the user out everywhere: the loser's request looked like a stolen token coming back, and
 * reuse detection revoked the winner's new tokens too. A request presenting the token that was just
 * rotated, within a few seconds, now gets that rotation answered again; later, a used token still
 * ends the whole sign-in (ADR 0005).
 */
import type { AuthSession } from '@healthtal/contracts';
import { startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const cookieOf = (response: Response) =>
  /ht_refresh=([^;]*)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? '';
const refresh = (cookie: string) =>
  app.request('/api/v1/auth/refresh', { method: 'POST', headers: { cookie: `ht_refresh=${cookie}` } });
const meWith = (session: AuthSession) =>
  app.request('/api/v1/me', { headers: { authorization: `Bearer ${session.accessToken}` } });
/** The moment every used token of the sign-in was used goes back a minute: past the grace. */
const afterTheGrace = () =>
  app.database.pool.query(
    "update refresh_tokens set used_at = used_at - interval '1 minute' where used_at is not null",
  );

describe('refreshing one sign-in from several tabs at once', () => {
  it('keeps all three tabs signed in, with one new refresh cookie between them', async () => {
    const user = await app.signUp();
    const answers = await Promise.all([1, 2, 3].map(() => refresh(user.refreshCookie)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const cookies = new Set(answers.map(cookieOf));
    expect(cookies.size).toBe(1);
    const [next] = cookies;
    expect(next).not.toBe(user.refreshCookie);
    const sessions = await Promise.all(answers.map((answer) => answer.json() as Promise<AuthSession>));
    for (const session of sessions) expect((await meWith(session)).status).toBe(200);
    // The sign-in goes on: the shared new cookie refreshes, and the tabs' access tokens still work.
    const later = await refresh(next!);
    expect(later.status).toBe(200);
    expect((await meWith(sessions[0]!)).status).toBe(200);
  });

  it("answers a late tab with the sign-in's newest cookie when another rotated again meanwhile", async () => {
    const user = await app.signUp();
    const first = await refresh(user.refreshCookie);
    const second = await refresh(cookieOf(first));
    const newest = cookieOf(second);
    const late = await refresh(user.refreshCookie);
    expect(late.status).toBe(200);
    expect(cookieOf(late)).toBe(newest);
    expect((await meWith((await late.json()) as AuthSession)).status).toBe(200);
    expect((await refresh(newest)).status).toBe(200);
  });

  it('still ends the whole sign-in when a used token comes back after the grace', async () => {
    const user = await app.signUp();
    const rotated = await refresh(user.refreshCookie);
    expect(rotated.status).toBe(200);
    const session = (await rotated.json()) as AuthSession;
    await afterTheGrace();
    const reuse = await refresh(user.refreshCookie);
    expect(reuse.status).toBe(401);
    expect(reuse.headers.get('set-cookie')).toMatch(/ht_refresh=;/);
    expect((await refresh(cookieOf(rotated))).status).toBe(401);
    expect((await meWith(session)).status).toBe(401);
  });

  it('answers nothing again for a sign-in that was signed out', async () => {
    const user = await app.signUp();
    const rotated = await refresh(user.refreshCookie);
    const logout = await app.request('/api/v1/auth/logout', {
      method: 'POST',
      headers: { cookie: `ht_refresh=${cookieOf(rotated)}` },
    });
    expect(logout.status).toBe(204);
    expect((await refresh(user.refreshCookie)).status).toBe(401);
  });
});
