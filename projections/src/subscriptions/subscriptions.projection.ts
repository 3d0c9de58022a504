import type { BillingEvent, IdentityEvent } from '@healthtal/contracts';
import type { RecordedEvent } from '@healthtal/eventstore';
import type pg from 'pg';
import { forget, forgottenTableSql, isForgotten, type Projection } from '../runtime';

type Recorded = RecordedEvent<string, Record<string, unknown>>;

const FORGOTTEN = 'subscriptions_forgotten';
type Data<T extends BillingEvent['type']> = Extract<BillingEvent, { type: T }>['data'];

/**
 * One row per user: the current subscription's status, plan and period, plus the facts the
 * money-back guarantee needs (first purchase, refunds). Status: active, canceled (paid until the
 * period ends), past_due, expired.
 */
export const subscriptionsProjection: Projection = {
  name: 'subscriptions',
  version: 2,
  tables: ['subscriptions', FORGOTTEN],
  handles: [
    'SubscriptionActivated',
    'SubscriptionRenewed',
    'SubscriptionPlanChanged',
    'SubscriptionCanceled',
    'SubscriptionExpired',
    'PaymentFailed',
    'SubscriptionRefunded',
    'UserDeleted',
  ],
  createSql: `
    create table subscriptions (
      user_id uuid primary key,
      subscription_id text not null,
      customer_id text not null,
      status text not null,
      price_id text not null,
      tier text not null,
      current_period_end timestamptz not null,
      activated_at timestamptz not null,
      first_purchased_at timestamptz not null,
      refunded_at timestamptz,
      simulated boolean not null default false,
      updated_at timestamptz not null
    );
    create index subscriptions_customer on subscriptions (customer_id);
    create index subscriptions_subscription on subscriptions (subscription_id);
    ${forgottenTableSql(FORGOTTEN)}
  `,
  async apply(client, events) {
    for (const event of events as readonly Recorded[]) await applyOne(client, event);
  },
};

async function applyOne(client: pg.PoolClient, { type, data, metadata }: Recorded): Promise<void> {
  const at = metadata.occurredAt;
  const userId = data.userId as string;
  const set = (assignments: string, values: unknown[]) =>
    client.query(`update subscriptions set ${assignments}, updated_at = $2 where user_id = $1`, [
      userId,
      at,
      ...values,
    ]);
  switch (type) {
    case 'SubscriptionActivated': {
      const d = data as Data<'SubscriptionActivated'>;
      // A checkout that completed as its user was deleted subscribes nobody (`forgotten.ts`).
      if (await isForgotten(client, FORGOTTEN, userId)) return;
      await client.query(
        `insert into subscriptions (user_id, subscription_id, customer_id, status, price_id, tier,
           current_period_end, activated_at, first_purchased_at, simulated, updated_at)
         values ($1, $2, $3, 'active', $4, $5, $6, $7, $7, $8, $7)
         on conflict (user_id) do update set subscription_id = excluded.subscription_id,
           customer_id = excluded.customer_id, status = 'active', price_id = excluded.price_id,
           tier = excluded.tier, current_period_end = excluded.current_period_end,
           activated_at = excluded.activated_at, simulated = excluded.simulated, updated_at = excluded.updated_at`,
        [userId, d.subscriptionId, d.customerId, d.priceId, d.tier, d.currentPeriodEnd, at, d.simulated],
      );
      return;
    }
    case 'SubscriptionRenewed':
      await set(`status = 'active', current_period_end = $3`, [
        (data as Data<'SubscriptionRenewed'>).currentPeriodEnd,
      ]);
      return;
    case 'SubscriptionPlanChanged': {
      const d = data as Data<'SubscriptionPlanChanged'>;
      await set('price_id = $3, tier = $4', [d.priceId, d.tier]);
      return;
    }
    case 'SubscriptionCanceled':
      await set(`status = 'canceled', current_period_end = $3`, [
        (data as Data<'SubscriptionCanceled'>).endsAt,
      ]);
      return;
    case 'SubscriptionExpired':
      await set(`status = 'expired'`, []);
      return;
    case 'PaymentFailed':
      await set(`status = 'past_due'`, []);
      return;
    case 'SubscriptionRefunded':
      await set(`status = 'expired', refunded_at = $2`, []);
      return;
    case 'UserDeleted':
      await client.query('delete from subscriptions where user_id = $1', [
        (data as Extract<IdentityEvent, { type: 'UserDeleted' }>['data']).userId,
      ]);
      await forget(client, FORGOTTEN, userId);
      return;
  }
}
