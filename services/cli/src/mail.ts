import { type Mailer, type MailMessage, OutboxMailer, type SmtpConnection, SmtpMailer } from '@healthtal/api';
import type pg from 'pg';
import type { Logger } from 'pino';
import { type Config, ConfigError } from './config';

export const DEFAULT_MAIL_FROM = 'HealthTal <no-reply@healthtal.test>';

/** How mail leaves: through an SMTP server, or nowhere (kept in the outbox for the admin console). */
export type MailSettings = { from: string; smtp: SmtpConnection | null };

const PARTS = ['SMTP_PORT', 'SMTP_USER', 'SMTP_PASSWORD', 'SMTP_SECURE'] as const;

/**
 * Reads the SMTP settings, which must not contradict each other: either SMTP_URL or SMTP_HOST with
 * its parts, and a user always with a password. Throws ConfigError naming the variables.
 */
export function mailSettings(config: Config): MailSettings {
  const from = config.MAIL_FROM ?? DEFAULT_MAIL_FROM;
  const partsSet = PARTS.filter((name) => config[name] !== undefined);
  const refuse = (reason: string) => {
    throw new ConfigError(`HealthTal cannot start: fix these settings:\n  ${reason}`);
  };

  if (config.SMTP_URL) {
    const extra = [...(config.SMTP_HOST ? ['SMTP_HOST'] : []), ...partsSet];
    if (extra.length > 0) refuse(`SMTP_URL is set, so leave out ${extra.join(', ')}: the URL says it all.`);
    return { from, smtp: { url: config.SMTP_URL } };
  }
  if (!config.SMTP_HOST) {
    if (partsSet.length > 0) refuse(`${partsSet.join(', ')} need SMTP_HOST (or use SMTP_URL).`);
    return { from, smtp: null };
  }
  if (Boolean(config.SMTP_USER) !== Boolean(config.SMTP_PASSWORD))
    refuse('SMTP_USER and SMTP_PASSWORD go together: set both, or neither for a server without sign-in.');
  const secure = config.SMTP_SECURE ?? false;
  return {
    from,
    smtp: {
      host: config.SMTP_HOST,
      port: config.SMTP_PORT ?? (secure ? 465 : 587),
      secure,
      ...(config.SMTP_USER ? { user: config.SMTP_USER, password: config.SMTP_PASSWORD! } : {}),
    },
  };
}

/**
 * The mailer the API sends through, and a log line saying which it is (never the credentials).
 * `inTerminal` (the embedded development mode): mail kept in the outbox is also printed on standard
 * output, links and all, for the developer at the keyboard; the console's outbox hides the links'
 * tokens from admins, and a locked-out developer cannot sign in to read it anyway.
 */
export function createMailer(
  settings: MailSettings,
  pool: pg.Pool,
  logger: Logger,
  { inTerminal = false }: { inTerminal?: boolean } = {},
): Mailer {
  const { smtp, from } = settings;
  if (!smtp) {
    logger.info(
      `no SMTP settings: mail is kept in the outbox (admin console, Mail outbox${inTerminal ? '; and printed here' : ''})`,
    );
    return new OutboxMailer(pool, inTerminal ? { onKept: printMail } : {});
  }
  logger.info({ smtp: describe(smtp), from }, 'mail goes through SMTP');
  return new SmtpMailer(pool, logger.child({ component: 'mail' }), { connection: smtp, from });
}

/** Straight to standard output: the log redacts links and addresses, and this line is for the developer. */
function printMail({ to, subject, text }: MailMessage): void {
  const body = text.replace(/^/gm, '    ');
  process.stdout.write(`\n  Mail to ${to} (kept in the outbox): ${subject}\n\n${body}\n\n`);
}

const describe = (smtp: SmtpConnection) => {
  if ('host' in smtp) return `${smtp.secure ? 'smtps' : 'smtp'}://${smtp.host}:${smtp.port}`;
  const url = new URL(smtp.url);
  return `${url.protocol}//${url.host}`;
};
