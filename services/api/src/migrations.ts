import type { Migration } from '@healthtal/eventstore';
import { billingSimulatorMigrations } from './billing/billing-simulator';
import { revealQuotaMigrations } from './directory/reveal-quota';
import { suppressionMigrations } from './directory/suppression';
import { oneTimeTokenMigrations, sessionMigrations } from './identity/session-tokens';
import { removalRequestJobMigrations } from './intake/removal-request-jobs';
import { resumeFileMigrations } from './intake/resume-files';
import { mailMigrations } from './mail/mailer';
import { sequenceSendMigrations } from './outreach/sequences/step-sender';
import { idempotencyMigrations } from './shared/idempotency';
import { rateLimitMigrations } from './shared/rate-limit';
import { secretsMigrations } from './shared/secrets';
import { siteAssetMigrations } from './site/site-assets';

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
  ...sequenceSendMigrations,
  ...resumeFileMigrations,
];
