import type { MailKind } from '@healthtal/contracts';
import type { Migration } from '@healthtal/eventstore';
import type pg from 'pg';

export type { MailKind };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: MailKind;
  /** The Message-ID header, `<id@domain>`: fixed by the sender so a resend of the same mail carries the same one. */
  messageId?: string;
  /** Where replies go (a sequence's recruiter). */
  replyTo?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Readonly<Record<string, string>>;
};

/**
 * A link that works once for whoever holds it (verify an address, reset a password, confirm a
 * removal): its token is the recipient's alone. Built here, so `withoutLinkTokens` knows its shape.
 */
export function secretLink(publicUrl: string, path: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}${path}?token=${encodeURIComponent(token)}`;
}

/**
 * A mail as others than its recipient may read it: the secret links' tokens removed, so no admin (nor
 * anyone reading the database, for mail that went out through SMTP) can verify, reset or remove for
 * someone else. The message itself goes out whole.
 */
export const withoutLinkTokens = (text: string): string =>
  text.replace(/([?&](?:amp;)?token=)[^&\s"'<>]+/g, '$1[removed]');

/** Where mail goes: SMTP when configured, otherwise the outbox the admin console shows. */
export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  /** Throws MailDeliveryError when the message could not be delivered (it is still in the outbox, as failed). */
  send(message: MailMessage): Promise<void>;
}

/** The mail server could not be reached or refused the message; the outbox row says why. */
export class MailDeliveryError extends Error {
  constructor(
    readonly outboxId: number,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'MailDeliveryError';
  }
}

export const mailMigrations: readonly Migration[] = [
  {
    id: '004-mail-outbox',
    sql: `create table mail_outbox (
      id bigint generated always as identity primary key,
      recipient text not null,
      subject text not null,
      body_text text not null,
      body_html text,
      kind text not null,
      created_at timestamptz not null default now()
    );
    create index mail_outbox_recipient on mail_outbox (recipient, created_at desc);`,
  },
  {
    // Rows kept before SMTP existed were outbox-only, hence the defaults.
    id: '011-mail-outbox-delivery',
    sql: `alter table mail_outbox
      add column transport text not null default 'outbox' check (transport in ('outbox', 'smtp')),
      add column status text not null default 'queued' check (status in ('queued', 'sent', 'failed')),
      add column error text,
      add column sent_at timestamptz;
    create index mail_outbox_created on mail_outbox (created_at desc, id);`,
  },
];

/**
 * Keeps every message in `mail_outbox` instead of sending it: the default without SMTP settings.
 * The row is the message whole (it is the only copy there is; the console shows it without its
 * links' tokens). `onKept` also hands it to whoever runs the product locally (`healthtal start`
 * prints it in its terminal in the embedded development mode).
 */
export class OutboxMailer implements Mailer {
  readonly transport = 'outbox';

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: { onKept?: (message: MailMessage) => void } = {},
  ) {}

  async send(message: MailMessage): Promise<void> {
    await this.pool.query(
      'insert into mail_outbox (recipient, subject, body_text, body_html, kind) values ($1, $2, $3, $4, $5)',
      [message.to, message.subject, message.text, message.html ?? null, message.kind],
    );
    this.options.onKept?.(message);
  }
}
