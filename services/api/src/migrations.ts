import type { Migration } from '@healthtal/eventstore';
import { siteAssetMigrations } from './admin/site-assets';
import { billingSimulatorMigrations } from './billing/billing-simulator';
import { revealQuotaMigrations } from './directory/reveal-quota';
import { suppressionMigrations } from './directory/suppression';
import { oneTimeTokenMigrations, sessionMigrations } from './identity/session-tokens';
import { removalRequestJobMigrations } from './intake/removal-request-jobs';
import { idempotencyMigrations } from './shared/idempotency';
import { mailMigrations } from './shared/mailer';
import { rateLimitMigrations } from './shared/rate-limit';
import { secretsMigrations } from './shared/secrets';

/** Operational tables the API owns (not read models: those belong to projections). */
export const apiMigrations: readonly Migration[] = [
  ...idempotencyMigrations,
  ...secretsMigrations,
  ...sessionMigrations,
  ...oneTimeTokenMigrations,
  ...mailMigrations,
  ...rateLimitMigrations,
  ...billingSimulatorMigrations,
  ...suppressionMigrations,
  ...revealQuotaMigrations,
  ...removalRequestJobMigrations,
  ...siteAssetMigrations,
];
