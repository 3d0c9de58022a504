import { randomUUID } from 'node:crypto';
import type { PriceId, UserId } from '@healthtal/contracts';
import { simulatedPeriodEnd } from '../billing/billing-simulator';
import { changeSubscription } from '../billing/subscription-stream';
import type { CommandContext } from '../shared/command-handler';
import { changeUser, findUserByEmail, signUp } from './accounts';
import type { Identity } from './identity';

export const DEV_ACCOUNTS = [
  { email: 'admin@healthtal.test', role: 'admin' },
  { email: 'premium@healthtal.test', role: 'premium' },
  { email: 'basic@healthtal.test', role: 'basic' },
  { email: 'free@healthtal.test', role: 'free' },
  { email: 'demo@healthtal.test', role: 'demo' },
] as const;

const PLAN_OF: Partial<Record<(typeof DEV_ACCOUNTS)[number]['role'], PriceId>> = {
  premium: 'price_annual',
  basic: 'price_monthly',
};

/**
 * One account per role, verified and ready, so a newcomer can try every role at once. Made through
 * the same commands as real accounts: sign-up, an admin grant event, a simulated subscription. The
 * demo account is demo because it is the designated one (DEMO_ACCOUNT_EMAIL). Does nothing when
 * the accounts exist already; returns the ones it created.
 */
export async function seedDevAccounts(identity: Identity, password: string): Promise<string[]> {
  if (await findUserByEmail(identity, DEV_ACCOUNTS[0].email)) return [];
  const created: string[] = [];
  for (const { email, role } of DEV_ACCOUNTS) {
    if (await findUserByEmail(identity, email)) continue;
    const context: CommandContext = {
      commandId: randomUUID(),
      correlationId: 'dev-accounts',
      userId: 'dev-accounts',
      now: new Date(),
    };
    const { userId } = await signUp(
      identity,
      {
        email,
        password,
        confirmPassword: password,
        phone: '555-010-0000',
        source: 'dev accounts',
        acceptTerms: true,
      },
      context,
      { verified: true },
    );
    if (role === 'admin') {
      await changeUser(
        identity,
        userId,
        { type: 'GrantAdminRole', by: 'dev-accounts' },
        { ...context, commandId: `${context.commandId}/admin` },
      );
    }
    const priceId = PLAN_OF[role];
    if (priceId) await subscribe(identity, userId, priceId, context);
    created.push(email);
  }
  return created;
}

async function subscribe(identity: Identity, userId: UserId, priceId: PriceId, context: CommandContext) {
  const sourceEventId = `sim_dev_${userId}`;
  await changeSubscription(
    identity.store,
    userId,
    {
      type: 'Activate',
      sourceEventId,
      subscriptionId: `sim_sub_${userId}`,
      customerId: `sim_cus_${userId}`,
      priceId,
      currentPeriodEnd: simulatedPeriodEnd(priceId, context.now),
      simulated: true,
    },
    { ...context, commandId: `${sourceEventId}/Activate` },
  );
}
