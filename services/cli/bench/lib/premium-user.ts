import type { AuthSession } from '@healthtal/contracts';
import type { HealthTal } from '../../src/start';

/**
 * Signs up, verifies and signs in a new user with an active Annual (premium) subscription, the way
 * the product's routes do it (the subscription event is the billing simulator's); returns its access
 * token (valid 15 minutes).
 */
export async function premiumUser(app: HealthTal): Promise<string> {
  // The bench databases are kept between runs: earlier runs' sign-ups and logins from this address
  // would otherwise reach the per-address limits (10 sign-ups an hour).
  await app.pool.query(`delete from rate_limits where bucket like 'signup:%' or bucket like 'login:%'`);
  const email = `bench-${Date.now()}@bench.test`;
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
  const mail = await app.pool.query<{ body_text: string }>(
    'select body_text from mail_outbox where recipient = $1 order by id desc limit 1',
    [email],
  );
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail.rows[0]!.body_text)![1];
  await post('/api/v1/auth/verify-email', { token });
  const { user } = (await (await post('/api/v1/auth/login', { email, password })).json()) as AuthSession;
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
        eventId: crypto.randomUUID(),
        occurredAt: new Date().toISOString(),
        correlationId: 'bench',
        causationId: 'bench',
        schemaVersion: 1,
      },
    },
  ]);
  for (const projector of app.projectors) await projector.caughtUp();
  return ((await (await post('/api/v1/auth/login', { email, password })).json()) as AuthSession).accessToken;
}
