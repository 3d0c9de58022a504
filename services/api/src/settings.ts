import { SequenceDefaults } from '@healthtal/contracts';
import type { ClamdSettings } from './intake/resume-scanner';
import type { OpenAiSettings } from './outreach/openai-chat';
import type { S3Settings } from './site/s3-site-assets';

/** What the API needs to know about its deployment; services/cli builds it from the environment. */
export type ApiSettings = {
  /** Where people reach the web app; links in emails and Stripe return URLs start here. */
  publicUrl: string;
  /** Lower-cased addresses that are admins by configuration. */
  adminEmails: readonly string[];
  /** The designated demo account (lower-cased), if any. */
  demoAccountEmail: string | null;
  /** Send the refresh cookie only over HTTPS (true unless publicUrl is http). */
  secureCookies: boolean;
  /** Token signing key; generated and kept in the database when not configured. */
  jwtSecret?: string;
  /** Stripe billing; without it checkout and the portal run on the local billing simulator. */
  stripe?: StripeSettings;
  /** The AI email generator's model; without it a built-in template writer answers (and says so). */
  openai?: OpenAiSettings;
  /** Resume files are virus-scanned by this ClamAV daemon (CLAMD_URL); without it every file is taken. */
  clamd?: ClamdSettings;
  /** Uploaded site images go to this bucket; without it, to a PostgreSQL table. */
  s3?: S3Settings;
  /**
   * Which proxies may say who the client is (X-Forwarded-For), as Express's `trust proxy`: none
   * (false, the default), a hop count, or addresses/CIDRs/`loopback`. Per-IP rate limits key on it.
   */
  trustProxy?: boolean | number | string[];
  /**
   * Without Stripe, checkout and the portal run on the local billing simulator only when this is on
   * (embedded development, or BILLING_SIMULATOR=on); otherwise they answer 503.
   */
  billingSimulator?: boolean;
  /** A scraper's bearer token for GET /metrics (admins may read it with their own token). */
  metricsToken?: string;
  /** Contact reveals per user per UTC day, by plan tier (REVEAL_QUOTA_BASIC / _PREMIUM; 100 and 500). */
  revealQuotas?: { basic: number; premium: number };
  /** Outreach sequences' delivery (SEQUENCE_* settings); SequenceDefaults where not given. */
  sequences?: Partial<SequenceSettings>;
  /**
   * The inbound SMTP endpoint for replies and bounces (INBOUND_SMTP_PORT, on the API's HOST; ADR
   * 0068); off without it. Port 0 takes a free one (tests).
   */
  inboundSmtp?: { port: number; host: string };
};

export type SequenceSettings = {
  /** Sequence emails one clinician receives from all customers in any 7 days (SEQUENCE_CONTACT_CAP). */
  contactCapPerWeek: number;
  /** Sequence emails one recruiter sends per UTC day (SEQUENCE_DAILY_LIMIT). */
  dailySendsPerRecruiter: number;
  /** The sender's postal address in every sequence email's footer (CAN-SPAM; SENDER_POSTAL_ADDRESS). */
  postalAddress: string;
  /** Run the scheduler in this process (SEQUENCE_SCHEDULER=off for an API that only answers). */
  scheduler: boolean;
  /** How often an idle worker asks the queue for due steps. */
  pollingIntervalSeconds: number;
};

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  /** Stripe price ids (price_1…) of our plans. */
  prices: { price_monthly: string; price_annual: string };
  /** Talk to this Stripe API instead of api.stripe.com (tests point it at a local fake). */
  apiBase?: string;
};

export const defaultSettings = (overrides: Partial<ApiSettings> = {}): ApiSettings => ({
  publicUrl: 'http://127.0.0.1:3000',
  adminEmails: [],
  demoAccountEmail: null,
  secureCookies: false,
  ...overrides,
});

/** The sequence settings in force: the configured ones over the defaults. */
export const sequenceSettingsOf = (settings: ApiSettings): SequenceSettings => ({
  contactCapPerWeek: SequenceDefaults.contactCapPerWeek,
  dailySendsPerRecruiter: SequenceDefaults.dailySendsPerRecruiter,
  postalAddress: SequenceDefaults.postalAddress,
  scheduler: true,
  pollingIntervalSeconds: 2,
  ...settings.sequences,
});
