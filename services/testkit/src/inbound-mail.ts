import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';

/** What a mail server answered a message sent to the inbound endpoint. */
export type SmtpAnswer = { accepted: boolean; responseCode: number; response: string };

type Outgoing = {
  from?: string;
  to: string;
  subject?: string;
  text?: string;
  messageId?: string;
  inReplyTo?: string;
  references?: string;
  headers?: Record<string, string>;
  /** The whole message as bytes (a delivery report, garbage): sent as it is. */
  raw?: string | Buffer;
};

/**
 * Sends one message to the product's inbound SMTP endpoint with a real SMTP client (nodemailer), as a
 * clinician's mail server or an MX would, and says what the server answered (refusals included).
 */
export async function sendToInbound(port: number, mail: Outgoing): Promise<SmtpAnswer> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  const from = mail.from ?? 'Nurse <nurse@clinicians.test>';
  try {
    const info = await transport.sendMail(
      mail.raw !== undefined
        ? { envelope: { from: addressIn(from), to: [mail.to] }, raw: mail.raw }
        : {
            from,
            to: mail.to,
            subject: mail.subject ?? 'Re: your message',
            text: mail.text ?? 'Thanks, I am interested.',
            ...(mail.messageId ? { messageId: mail.messageId } : {}),
            ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo } : {}),
            ...(mail.references ? { references: mail.references } : {}),
            ...(mail.headers ? { headers: mail.headers } : {}),
          },
    );
    return { accepted: true, responseCode: 250, response: info.response };
  } catch (error) {
    const failed = error as { responseCode?: number; response?: string; message: string };
    return {
      accepted: false,
      responseCode: failed.responseCode ?? 0,
      response: failed.response ?? failed.message,
    };
  } finally {
    transport.close();
  }
}

const addressIn = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from;

/** The header block of a message (up to its first blank line), CRLF line ends. */
export const headersOf = (raw: string): string =>
  raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n/g, '\r\n');

type Bounce = {
  /** The message that bounced, as the sending server got it (its headers are returned). */
  original: string;
  /** The address that failed. */
  recipient: string;
  /** The enhanced status code, 5.1.1 for "no such user". */
  status?: string;
  /** The SMTP reply the receiving server gave. */
  diagnostic?: string;
  /** The report's own Message-ID (a redelivery of one report keeps it). */
  messageId?: string;
  /** Action: failed (the default) or delayed. */
  action?: 'failed' | 'delayed';
  /** Who the report goes to: the original's envelope sender. */
  to?: string;
};

/**
 * A delivery status notification as Postfix writes one (RFC 3464: multipart/report with a human
 * part, a message/delivery-status part and the original's headers as text/rfc822-headers).
 */
export function postfixBounce(bounce: Bounce): string {
  const boundary = `${randomUUID().slice(0, 10).toUpperCase()}.1609951502/mx.clinicians.test`;
  const status = bounce.status ?? '5.1.1';
  const diagnostic =
    bounce.diagnostic ??
    `smtp; 550 ${status} <${bounce.recipient}>: Recipient address rejected: User unknown in virtual mailbox table`;
  return [
    'Return-Path: <>',
    'Date: Mon,  6 Jan 2031 14:35:02 +0000 (UTC)',
    'From: MAILER-DAEMON@mx.clinicians.test (Mail Delivery System)',
    'Subject: Undelivered Mail Returned to Sender',
    `To: ${bounce.to ?? 'outreach@healthtal.test'}`,
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=delivery-status;\r\n\tboundary="${boundary}"`,
    'Content-Transfer-Encoding: 8bit',
    `Message-Id: ${bounce.messageId ?? `<${randomUUID()}@mx.clinicians.test>`}`,
    '',
    'This is a MIME-encapsulated message.',
    '',
    `--${boundary}`,
    'Content-Description: Notification',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is the mail system at host mx.clinicians.test.',
    '',
    "I'm sorry to have to inform you that your message could not",
    "be delivered to one or more recipients. It's attached below.",
    '',
    `<${bounce.recipient}>: host inbox.clinicians.test[192.0.2.10] said: 550 ${status}`,
    '    Recipient address rejected: User unknown (in reply to RCPT TO command)',
    '',
    `--${boundary}`,
    'Content-Description: Delivery report',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.clinicians.test',
    'X-Postfix-Queue-ID: 3F4A2C0B12',
    'X-Postfix-Sender: rfc822; outreach@healthtal.test',
    'Arrival-Date: Mon,  6 Jan 2031 14:35:01 +0000 (UTC)',
    '',
    `Final-Recipient: rfc822; ${bounce.recipient}`,
    `Original-Recipient: rfc822;${bounce.recipient}`,
    `Action: ${bounce.action ?? 'failed'}`,
    `Status: ${bounce.action === 'delayed' ? '4.4.1' : status}`,
    'Remote-MTA: dns; inbox.clinicians.test',
    `Diagnostic-Code: ${diagnostic}`,
    '',
    `--${boundary}`,
    'Content-Description: Undelivered Message Headers',
    'Content-Type: text/rfc822-headers',
    'Content-Transfer-Encoding: 8bit',
    '',
    headersOf(bounce.original),
    '',
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/**
 * A delivery status notification as Gmail's Mail Delivery Subsystem writes one: the human part as
 * multipart/alternative, the delivery-status part, and the whole original as message/rfc822.
 */
export function gmailBounce(bounce: Bounce): string {
  const outer = `000000000000${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const inner = `000000000000${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const status = bounce.status ?? '5.1.1';
  return [
    'Return-Path: <>',
    'Received: from mail-sor-f69.google.com (mail-sor-f69.google.com. [209.85.220.69])',
    '        by mx.google.com with SMTPS id a1sor123.2031.01.06.06.35.02',
    `Date: Mon, 06 Jan 2031 06:35:02 -0800 (PST)`,
    'From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>',
    `To: ${bounce.to ?? 'outreach@healthtal.test'}`,
    'Auto-Submitted: auto-replied',
    `Message-ID: ${bounce.messageId ?? `<${randomUUID()}@mx.google.com>`}`,
    'Subject: Delivery Status Notification (Failure)',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; boundary="${outer}"; report-type=delivery-status`,
    '',
    `--${outer}`,
    `Content-Type: multipart/alternative; boundary="${inner}"`,
    '',
    `--${inner}`,
    'Content-Type: text/plain; charset="UTF-8"',
    '',
    '** Address not found **',
    '',
    `Your message wasn't delivered to ${bounce.recipient} because the address couldn't be found, or is unable to receive mail.`,
    '',
    `--${inner}--`,
    `--${outer}`,
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; googlemail.com',
    'Arrival-Date: Mon, 06 Jan 2031 06:35:01 -0800 (PST)',
    '',
    `Final-Recipient: rfc822; ${bounce.recipient}`,
    `Action: ${bounce.action ?? 'failed'}`,
    `Status: ${bounce.action === 'delayed' ? '4.4.1' : status}`,
    'Remote-MTA: dns; gmail-smtp-in.l.google.com. (142.250.27.26, the server for the domain gmail.com.)',
    `Diagnostic-Code: smtp; ${bounce.diagnostic ?? `550-${status} The email account that you tried to reach does not exist.`}`,
    'Last-Attempt-Date: Mon, 06 Jan 2031 06:35:02 -0800 (PST)',
    '',
    `--${outer}`,
    'Content-Type: message/rfc822',
    '',
    bounce.original.replace(/\r?\n/g, '\r\n').trimEnd(),
    '',
    `--${outer}--`,
    '',
  ].join('\r\n');
}
