import { createHash } from 'node:crypto';
import { REPLY_SNIPPET_MAX } from '@healthtal/contracts';
import type { AddressObject, ParsedMail } from 'mailparser';

/** One of our step Message-IDs, `<seq.ENROLMENT.STEP@host>` (sequence-mail.ts' stepMessageId). */
export type StepRef = { enrolmentId: string; step: number };

const STEP_ID =
  /<seq\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(\d{1,2})@([^>\s]+)>/gi;
/** The local part of the tagged reply address a sequence email offers (`reply+ENROLMENT@…`). */
const TAGGED = /^reply\+([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@/i;

/** Our step Message-IDs named in a header's text, in the order written; only those of our host. */
export function stepRefsIn(text: string, host: string): StepRef[] {
  return [...text.matchAll(STEP_ID)]
    .filter((match) => match[3]!.toLowerCase() === host.toLowerCase())
    .map((match) => ({ enrolmentId: match[1]!.toLowerCase(), step: Number(match[2]) }));
}

/** The tagged reply address among these, as an enrolment id. */
export function taggedEnrolment(addresses: readonly string[]): string | null {
  for (const address of addresses) {
    const match = TAGGED.exec(address.trim());
    if (match) return match[1]!.toLowerCase();
  }
  return null;
}

/** Every address of To and Cc, for the tagged address (the envelope's recipients are checked first). */
export const headerRecipients = (mail: ParsedMail): string[] =>
  [mail.to, mail.cc]
    .flatMap((field: AddressObject | AddressObject[] | undefined) => (Array.isArray(field) ? field : [field]))
    .flatMap((field) => field?.value ?? [])
    .flatMap((address) => (address.address ? [address.address] : []));

/**
 * Which step a reply answers: the In-Reply-To first, then the References from the newest, as mail
 * clients write them (RFC 5322 §3.6.4).
 */
export function replyRef(mail: ParsedMail, host: string): StepRef | null {
  const references = Array.isArray(mail.references)
    ? mail.references
    : mail.references
      ? [mail.references]
      : [];
  const candidates = [mail.inReplyTo ?? '', ...[...references].reverse()];
  for (const text of candidates) {
    const [ref] = stepRefsIn(text, host);
    if (ref) return ref;
  }
  return null;
}

/**
 * The inbound message's own id, for recording it once: its Message-ID, or (none given) a hash of
 * its bytes, so the same copy delivered twice is still one.
 */
export const inboundMessageId = (mail: ParsedMail, raw: Buffer): string =>
  mail.messageId?.slice(0, 998) ??
  `<sha256.${createHash('sha256').update(raw).digest('hex')}@inbound.healthtal>`;

/** An automatic answer (RFC 3834 Auto-Submitted, or the older Precedence and X-Autoreply): not a reply. */
export function isAutomatic(mail: ParsedMail): boolean {
  const submitted = String(mail.headers.get('auto-submitted') ?? 'no').toLowerCase();
  const precedence = String(mail.headers.get('precedence') ?? '').toLowerCase();
  return (
    !submitted.startsWith('no') ||
    ['bulk', 'junk', 'list', 'auto_reply'].includes(precedence) ||
    mail.headers.has('x-autoreply') ||
    mail.headers.has('x-autorespond')
  );
}

/** Where a quoted earlier message starts in a reply's text ("On … wrote:", "-----Original Message-----", "> …"). */
const QUOTE_START = /^(?:>|On .{1,300}wrote:\s*$|-{2,}\s*Original Message\s*-{2,}|_{10,}\s*$|From: .+)/m;

/** The reply's own words: the text before the quoted message, spaces collapsed, at most REPLY_SNIPPET_MAX. */
export function replySnippet(text: string | undefined): string | null {
  if (!text) return null;
  const quote = QUOTE_START.exec(text);
  const own = (quote ? text.slice(0, quote.index) : text).replace(/\s+/g, ' ').trim();
  if (own.length === 0) return null;
  return own.length <= REPLY_SNIPPET_MAX ? own : `${own.slice(0, REPLY_SNIPPET_MAX - 1)}…`;
}

/** A recipient a delivery report failed for good: the address and the status (5.x.x). */
export type FailedRecipient = { address: string; status: string; diagnostic: string | null };

/** A multipart/report of report-type delivery-status (RFC 3464). */
export function isDeliveryReport(mail: ParsedMail): boolean {
  const type = mail.headers.get('content-type') as
    | { value?: string; params?: Record<string, string> }
    | undefined;
  return (
    type?.value?.toLowerCase() === 'multipart/report' &&
    type.params?.['report-type']?.toLowerCase() === 'delivery-status'
  );
}

/** RFC 3464 fields: groups separated by blank lines (the message's, then one per recipient). */
function fieldGroups(text: string): Map<string, string>[] {
  return text
    .replace(/\r\n/g, '\n')
    .split(/\n\s*\n/)
    .map((group) => {
      const fields = new Map<string, string>();
      for (const line of group.replace(/\n[ \t]+/g, ' ').split('\n')) {
        const colon = line.indexOf(':');
        if (colon > 0) fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
      return fields;
    })
    .filter((fields) => fields.size > 0);
}

/** `rfc822; nurse@example.org` (or `rfc822;<nurse@example.org>`) → `nurse@example.org`. */
const addressOf = (field: string | undefined): string | null => {
  const value = field?.split(';').slice(1).join(';').trim().replace(/^<|>$/g, '').toLowerCase();
  return value ? value : null;
};

/**
 * The recipients a delivery report says failed for good (Action: failed, Status 5.x.x), from its
 * message/delivery-status part; a delay (Action: delayed, 4.x.x) or a success names none.
 */
export function failedRecipients(mail: ParsedMail): FailedRecipient[] {
  const report = mail.attachments.find((part) => part.contentType === 'message/delivery-status');
  if (!report) return [];
  return fieldGroups(report.content.toString('utf8')).flatMap((fields) => {
    const status = /^5\.\d{1,3}\.\d{1,3}/.exec(fields.get('status') ?? '')?.[0];
    if (fields.get('action')?.toLowerCase() !== 'failed' || !status) return [];
    const addresses = [addressOf(fields.get('final-recipient')), addressOf(fields.get('original-recipient'))];
    return addresses.flatMap((address) =>
      address ? [{ address, status, diagnostic: fields.get('diagnostic-code') ?? null }] : [],
    );
  });
}

/**
 * The step a report is about: the Message-ID of the original it returns (its attached message or
 * headers, message/rfc822 or text/rfc822-headers), read from the raw report's body, since parsers
 * show only the outer message's headers.
 */
export function reportedRef(raw: Buffer, host: string): StepRef | null {
  const text = raw.toString('latin1');
  const bodyStart = text.search(/\r?\n\r?\n/);
  const body = bodyStart < 0 ? '' : text.slice(bodyStart);
  for (const match of body.matchAll(/^(?:Original-)?Message-ID:[ \t]*((?:.*)(?:\r?\n[ \t]+.*)*)/gim)) {
    const [ref] = stepRefsIn(match[1]!, host);
    if (ref) return ref;
  }
  return null;
}

/**
 * A status that blames the address, not the message or the sender (RFC 3463): bad mailbox or
 * domain (5.1.x, but 5.1.7/5.1.8, the sender's address) or a disabled mailbox (5.2.1). A policy or
 * spam refusal (5.7.x), a full mailbox or a network failure says nothing of the address.
 */
export const statusBlamesAddress = (status: string): boolean =>
  /^5\.1\.(?:[0-69]|1\d)$/.test(status) || status === '5.2.1';
