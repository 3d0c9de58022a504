import { setTimeout as sleep } from 'node:timers/promises';
import nodemailer, { type NodemailerError } from 'nodemailer';
import type pg from 'pg';
import type { Logger } from 'pino';
import { MailDeliveryError, type Mailer, type MailMessage, withoutLinkTokens } from './mailer';

/** `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://…:465`, or the parts. */
export type SmtpConnection =
  | { url: string }
  | { host: string; port: number; secure: boolean; user?: string; password?: string };

export type SmtpMailerOptions = {
  connection: SmtpConnection;
  /** The From header, e.g. `HealthTal <no-reply@healthtal.example>`. */
  from: string;
  /** How long to wait before each retry; there is one attempt more than there are waits. */
  retryDelaysMs?: readonly number[];
};

const RETRY_DELAYS_MS = [250, 1_000];

/** nodemailer waits up to minutes by default; a sign-up waiting on mail should not. */
const TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 };

/** Codes of failures that the same message would meet again: bad credentials, settings or addresses. */
const NOT_WORTH_RETRYING = new Set(['EAUTH', 'ENOAUTH', 'ECONFIG', 'EENVELOPE', 'EMESSAGE', 'ETLS']);

/**
 * Sends mail through an SMTP server, and keeps a copy of each message in `mail_outbox` with how its
 * delivery went, so the admin console shows every mail whichever way it left.
 */
export class SmtpMailer implements Mailer {
  readonly transport = 'smtp';
  private readonly transporter;
  private readonly retryDelaysMs: readonly number[];

  constructor(
    private readonly pool: pg.Pool,
    private readonly logger: Logger,
    options: SmtpMailerOptions,
  ) {
    const { connection } = options;
    this.transporter = nodemailer.createTransport(
      'url' in connection
        ? { url: connection.url, ...TIMEOUTS }
        : {
            host: connection.host,
            port: connection.port,
            secure: connection.secure,
            ...(connection.user ? { auth: { user: connection.user, pass: connection.password ?? '' } } : {}),
            ...TIMEOUTS,
          },
      { from: options.from },
    );
    this.retryDelaysMs = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  }

  async send(message: MailMessage): Promise<void> {
    const outboxId = await this.keepCopy(message);
    let attempt = 0;
    for (;;) {
      attempt++;
      const failure = await this.attempt(message);
      if (!failure) break;
      const delay = this.retryDelaysMs[attempt - 1];
      const retrying = delay !== undefined && worthRetrying(failure);
      this.logger.warn(
        {
          outboxId,
          kind: message.kind,
          attempt,
          code: failure.code,
          responseCode: failure.responseCode,
          retrying,
        },
        'mail delivery attempt failed',
      );
      if (!retrying) throw await this.giveUp(outboxId, message, failure, attempt);
      await sleep(delay);
    }
    // Outside the attempts: a database hiccup here must not send the same mail again.
    await this.pool.query(
      `update mail_outbox set status = 'sent', sent_at = now(), error = null where id = $1`,
      [outboxId],
    );
  }

  /** Marks the copy as failed, says so in the log, and returns the error for the caller. */
  private async giveUp(
    outboxId: number,
    message: MailMessage,
    failure: NodemailerError,
    attempts: number,
  ): Promise<MailDeliveryError> {
    const error = `${failure.code ?? 'ERROR'} after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${failure.message}`;
    await this.pool.query(`update mail_outbox set status = 'failed', error = $2 where id = $1`, [
      outboxId,
      error,
    ]);
    this.logger.error({ outboxId, kind: message.kind }, 'mail not delivered; the outbox keeps it as failed');
    return new MailDeliveryError(outboxId, `Mail ${outboxId} not delivered: ${error}`, { cause: failure });
  }

  /** Resolves to the failure, or to null when the server accepted the message. */
  private async attempt(message: MailMessage): Promise<NodemailerError | null> {
    try {
      await this.transporter.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html !== undefined ? { html: message.html } : {}),
        ...(message.messageId ? { messageId: message.messageId } : {}),
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        ...(message.headers ? { headers: { ...message.headers } } : {}),
      });
      return null;
    } catch (error) {
      return error as NodemailerError;
    }
  }

  private async keepCopy(message: MailMessage): Promise<number> {
    const { rows } = await this.pool.query<{ id: string }>(
      `insert into mail_outbox (recipient, subject, body_text, body_html, kind, transport, status)
       values ($1, $2, $3, $4, $5, 'smtp', 'queued') returning id`,
      [
        message.to,
        message.subject,
        withoutLinkTokens(message.text),
        message.html === undefined ? null : withoutLinkTokens(message.html),
        message.kind,
      ],
    );
    return Number(rows[0]!.id);
  }
}

/** An SMTP reply says itself whether it is permanent; without one, it depends on what failed. */
const worthRetrying = (failure: NodemailerError): boolean =>
  typeof failure.permanent === 'boolean'
    ? !failure.permanent
    : // A server that let a timeout run out would likely do it again, and the caller is waiting.
      failure.code !== 'ETIMEDOUT' && !NOT_WORTH_RETRYING.has(failure.code ?? '');
