import type { HealthTal } from '@healthtal/cli';
import type { AuthSession } from '@healthtal/contracts';

/** A signed-in subscriber: the access token (15 minutes) and the refresh cookie a browser holds. */
export type PremiumSession = { accessToken: string; refreshCookie: string };

/**
 * Signs up, verifies and signs in a new user with an active Annual (premium) subscription, the way
 * the product's routes do it (the subscription event is the billing simulator's).
 */
export async function premiumSession(app: HealthTal): Promise<PremiumSession> {
  // The bench databases are kept between runs: earlier runs' sign-ups and logins from this address
  // would otherwise reach the per-address limits (10 sign-ups an hour).
  await app.pool.query(`delete from rate_limits where bucket like 'signup:%' or bucket like 'login:%'`);
  const email = `bench-${crypto.randomUUID()}@bench.test`;
  const password = 'bench-password-1';
  const post = (p: string, body: unknown) =>
    fetch(`${app.url}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const signup = await post('/api/v1/auth/signup', {
    email,
    password,
    confirmPassword: password,
    phone: '555-010-0000',
    acceptTerms: true,
  });
  if (signup.status !== 201) throw new Error(`bench sign-up failed: ${signup.status}`);
  const token = await verificationToken(app, email);
  if ((await post('/api/v1/auth/verify-email', { token })).status !== 200)
    throw new Error('bench verification failed');
  const first = await post('/api/v1/auth/login', { email, password });
  if (first.status !== 200) throw new Error(`bench login failed: ${first.status}`);
  const { user } = (await first.json()) as AuthSession;
  const eventId = crypto.randomUUID();
  await app.store.append(`subscription-${user.id}`, [
    {
      type: 'SubscriptionActivated',
      data: {
        userId: user.id,
        subscriptionId: `sim_bench_${user.id}`,
        sourceEventId: `sim_bench_${user.id}`,
        customerId: `sim_bench_${user.id}`,
        priceId: 'price_annual',
        tier: 'premium',
        currentPeriodEnd: new Date(Date.now() + 365 * 86_400_000).toISOString(),
        simulated: true,
      },
      metadata: {
        eventId,
        occurredAt: new Date().toISOString(),
        correlationId: eventId,
        causationId: eventId,
      },
    },
  ]);
  for (const projector of app.projectors) await projector.caughtUp();
  // Signed in again once the plan is projected: the session then carries it.
  const login = await post('/api/v1/auth/login', { email, password });
  const refreshCookie = /ht_refresh=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1] ?? '';
  return { accessToken: ((await login.json()) as AuthSession).accessToken, refreshCookie };
}

/** The access token of a new premium subscriber (see premiumSession). */
export async function premiumUser(app: HealthTal): Promise<string> {
  return (await premiumSession(app)).accessToken;
}

/** The verification link's token from the outbox; the mail is written by the sign-up's projector. */
async function verificationToken(app: HealthTal, email: string): Promise<string> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const { rows } = await app.pool.query<{ body_text: string }>(
      `select body_text from mail_outbox where recipient = $1 and kind = 'verify-email' order by id desc limit 1`,
      [email],
    );
    const token = /token=([A-Za-z0-9_-]+)/.exec(rows[0]?.body_text ?? '')?.[1];
    if (token) return token;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no verification mail for ${email}`);
}
