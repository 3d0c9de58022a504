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
};

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

/** Keeps every message in `mail_outbox` instead of sending it: the default without SMTP settings. */
export class OutboxMailer implements Mailer {
  readonly transport = 'outbox';

  constructor(private readonly pool: pg.Pool) {}

  async send(message: MailMessage): Promise<void> {
    await this.pool.query(
      'insert into mail_outbox (recipient, subject, body_text, body_html, kind) values ($1, $2, $3, $4, $5)',
      [message.to, message.subject, message.text, message.html ?? null, message.kind],
    );
  }
}
