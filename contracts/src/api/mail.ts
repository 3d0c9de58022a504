import { z } from 'zod';
import { AdminIdFilter, NumericId } from './admin';

/** What a mail is for; the outbox filter and the console's kind column use these. */
export const MAIL_KINDS = [
  'verify-email',
  'reset-password',
  'removal-confirmation',
  'notification',
  'sequence',
] as const;
export const MailKind = z.enum(MAIL_KINDS);
export type MailKind = z.infer<typeof MailKind>;

/** `outbox`: no SMTP configured, the message is only kept for the console; `smtp`: handed to the SMTP server. */
export const MailTransport = z.enum(['outbox', 'smtp']);
export type MailTransport = z.infer<typeof MailTransport>;

/**
 * How this server delivers mail (`GET /api/admin/mail-delivery`): the console's outbox says plainly
 * when no mail server is configured, so "queued" is not read as "about to be sent".
 */
export const MailDelivery = z.object({ transport: MailTransport });
export type MailDelivery = z.infer<typeof MailDelivery>;

/** The outbox's banner when mail has nowhere to go. */
export const MailDeliveryMessages = {
  noMailServer:
    'No mail server is configured (SMTP_URL or SMTP_HOST): mail is kept here and not sent. Set SMTP_URL, or SMTP_HOST and its parts, and restart to send mail.',
} as const;

/**
 * `queued`: in the outbox and not delivered (without SMTP it stays there for admins to read; with
 * SMTP it is being sent, or the process stopped mid-send); `sent`: the SMTP server accepted it;
 * `failed`: the SMTP server could not be reached or refused it, see `error`.
 */
export const MailStatus = z.enum(['queued', 'sent', 'failed']);
export type MailStatus = z.infer<typeof MailStatus>;

/**
 * A row of the console's mail outbox. Mail sent through SMTP is kept with its one-time link tokens
 * blanked out: the recipient has the link, and nobody reading the outbox should be able to use it.
 */
export const MailOutboxRow = z.object({
  id: z.number().int().positive(),
  recipient: z.string(),
  subject: z.string(),
  kind: MailKind,
  text: z.string(),
  status: MailStatus,
  transport: MailTransport,
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  error: z.string().nullable(),
});
export type MailOutboxRow = z.infer<typeof MailOutboxRow>;

/** A mail's id in a path (`/mail-outbox/12`). */
export const MailId = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, 'Must be a mail id.')
  .transform(Number);

/** The outbox list's `filter`: `q` is contained in the recipient or the subject. */
export const MailOutboxFilter = z.object({
  q: z.string().max(320).optional(),
  kind: MailKind.optional(),
  status: MailStatus.optional(),
  /** react-admin's getMany asks for rows by id. */
  id: AdminIdFilter(NumericId).optional(),
});
export type MailOutboxFilter = z.infer<typeof MailOutboxFilter>;
