import { renderTemplate, type StoredSequenceStep, type TemplateCandidate } from '@healthtal/contracts';
import { type MailMessage, secretLink } from '../../mail/mailer';

/** What one step's email needs besides its template. */
export type StepMail = {
  step: StoredSequenceStep;
  to: string;
  candidate: TemplateCandidate;
  /** The recruiter, as Reply-To: the clinician answers them, not HealthTal. */
  replyTo: string | null;
  /** HealthTal's tagged address beside the recruiter's, so the reply also reaches the inbox (ADR 0068). */
  replyAddress: string | null;
  messageId: string;
  unsubscribeUrl: string;
  /** The sender's postal address (CAN-SPAM). */
  postalAddress: string;
};

/**
 * The Message-ID of one step to one recipient: the same on every attempt, so if a crash makes us
 * hand a step to the mail server twice, the copies are one message to every mail system that keys
 * on it (ADR 0060), and a reply's In-Reply-To names the enrolment and step.
 */
export const stepMessageId = (enrolmentId: string, step: number, publicUrl: string): string =>
  `<seq.${enrolmentId}.${step}@${new URL(publicUrl).hostname}>`;

/** The tagged reply address of one enrolment: the inbound endpoint matches a reply by it. */
export const replyAddressOf = (enrolmentId: string, domain: string): string =>
  `reply+${enrolmentId}@${domain}`;

export const unsubscribeUrlOf = (publicUrl: string, token: string): string =>
  secretLink(publicUrl, '/api/v1/unsubscribe', token);

/**
 * One sequence email: the step's subject and body filled for the recipient, a footer with the
 * unsubscribe link and the sender's postal address, and RFC 8058 one-click unsubscribe headers.
 */
export function sequenceMail(mail: StepMail): MailMessage {
  const body = renderTemplate(mail.step.body, mail.candidate);
  const footer = [
    '--',
    'You received this email because a recruiter using HealthTal found your professional listing.',
    `To stop all recruiting email sent through HealthTal, by every recruiter, unsubscribe: ${mail.unsubscribeUrl}`,
    mail.postalAddress,
  ].join('\n');
  // Both, the recruiter first: a reply goes to both (RFC 5322 §3.6.3 allows several).
  const replyTo = [mail.replyTo, mail.replyAddress].filter(Boolean).join(', ');
  return {
    to: mail.to,
    subject: renderTemplate(mail.step.subject, mail.candidate),
    text: `${body}\n\n${footer}\n`,
    kind: 'sequence',
    messageId: mail.messageId,
    ...(replyTo ? { replyTo } : {}),
    headers: {
      'List-Unsubscribe': `<${mail.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
