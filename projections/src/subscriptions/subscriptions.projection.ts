import type { PriceId, Tier } from '@healthtal/contracts';
import type pg from 'pg';
import { defineProjection, forget, forgottenTableSql, isForgotten } from '../runtime';

const FORGOTTEN = 'subscriptions_forgotten';

/** Sets these columns of the user's row, and when it changed. */
const set = (
  client: pg.PoolClient,
  userId: string,
  at: string,
  assignments: string,
  values: unknown[] = [],
) =>
  client.query(`update subscriptions set ${assignments}, updated_at = $2 where user_id = $1`, [
    userId,
    at,
    ...values,
  ]);

/** A `subscriptions` row as node-postgres returns it. Status: active, canceled, past_due, expired. */
export type SubscriptionsTable = {
  user_id: string;
  subscription_id: string;
  customer_id: string;
  status: string;
  price_id: PriceId;
  tier: Tier;
  current_period_end: Date;
  activated_at: Date;
  first_purchased_at: Date;
  refunded_at: Date | null;
  simulated: boolean;
  updated_at: Date;
};

/**
 * One row per user: the current subscription's status, plan and period, plus the facts the
 * money-back guarantee needs (first purchase, refunds). Status: active, canceled (paid until the
 * period ends), past_due, expired.
 */
export const subscriptionsProjection = defineProjection({
  name: 'subscriptions',
  version: 2,
  tables: ['subscriptions', FORGOTTEN],
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
  on: {
    async SubscriptionActivated(client, { data: d, metadata }) {
      const at = metadata.occurredAt;
      // A checkout that completed as its user was deleted subscribes nobody (`forgotten.ts`).
      if (await isForgotten(client, FORGOTTEN, d.userId)) return;
      await client.query(
        `insert into subscriptions (user_id, subscription_id, customer_id, status, price_id, tier,
           current_period_end, activated_at, first_purchased_at, simulated, updated_at)
         values ($1, $2, $3, 'active', $4, $5, $6, $7, $7, $8, $7)
         on conflict (user_id) do update set subscription_id = excluded.subscription_id,
           customer_id = excluded.customer_id, status = 'active', price_id = excluded.price_id,
           tier = excluded.tier, current_period_end = excluded.current_period_end,
           activated_at = excluded.activated_at, simulated = excluded.simulated, updated_at = excluded.updated_at`,
        [d.userId, d.subscriptionId, d.customerId, d.priceId, d.tier, d.currentPeriodEnd, at, d.simulated],
      );
    },
    async SubscriptionRenewed(client, { data, metadata }) {
      await set(client, data.userId, metadata.occurredAt, `status = 'active', current_period_end = $3`, [
        data.currentPeriodEnd,
      ]);
    },
    async SubscriptionPlanChanged(client, { data, metadata }) {
      // A change that started the new plan's period says so; one that did not keeps the period.
      await set(
        client,
        data.userId,
        metadata.occurredAt,
        'price_id = $3, tier = $4, current_period_end = coalesce($5, current_period_end)',
        [data.priceId, data.tier, data.currentPeriodEnd ?? null],
      );
    },
    async SubscriptionCanceled(client, { data, metadata }) {
      await set(client, data.userId, metadata.occurredAt, `status = 'canceled', current_period_end = $3`, [
        data.endsAt,
      ]);
    },
    async SubscriptionExpired(client, { data, metadata }) {
      await set(client, data.userId, metadata.occurredAt, `status = 'expired'`);
    },
    async PaymentFailed(client, { data, metadata }) {
      await set(client, data.userId, metadata.occurredAt, `status = 'past_due'`);
    },
    async SubscriptionRefunded(client, { data, metadata }) {
      await set(client, data.userId, metadata.occurredAt, `status = 'expired', refunded_at = $2`);
    },
    async UserDeleted(client, { data }) {
      await client.query('delete from subscriptions where user_id = $1', [data.userId]);
      await forget(client, FORGOTTEN, data.userId);
    },
  },
});
