import type { EmailLength, EmailTone, GenerateEmailRequest, PositionType } from '@healthtal/contracts';
import type { EmailWriter } from './email-writer';

const GREETING: Record<EmailTone, string> = {
  professional: 'Hello {{first_name}},',
  friendly: 'Hi {{first_name}},',
  casual: 'Hey {{first_name}},',
  formal: 'Dear {{first_name}},',
};

const INTRODUCTION: Record<EmailTone, (role: string) => string> = {
  professional: (role) =>
    `I am reaching out about a ${role} position that fits your background as a {{specialty}} in {{location}}.`,
  friendly: (role) =>
    `I came across your profile and thought of you right away for a ${role} opening near {{location}}.`,
  casual: (role) => `Quick note: I'm filling a ${role} role and your {{specialty}} experience caught my eye.`,
  formal: (role) =>
    `I am writing to invite you to consider a ${role} position, in view of your experience as a {{specialty}}.`,
};

const CALL_TO_ACTION: Record<EmailTone, string> = {
  professional: 'Would you be open to a short call this week to discuss it?',
  friendly: 'Would you like to hop on a quick call this week? I would love to tell you more.',
  casual: 'Up for a quick chat this week?',
  formal: 'I would welcome the opportunity to discuss the position with you at your convenience.',
};

const CLOSING: Record<EmailTone, string> = {
  professional: 'Best regards,',
  friendly: 'Warm regards,',
  casual: 'Thanks,',
  formal: 'Sincerely,',
};

const POSITION: Record<PositionType, string> = {
  'full-time': 'full-time',
  'part-time': 'part-time',
  contract: 'contract',
  'per-diem': 'per diem',
};

/** How much of the job description each length quotes, in sentences. */
const SENTENCES: Record<EmailLength, number> = { short: 1, medium: 3, long: 6 };
const SENTENCE_MAX = 300;

const INTEREST_QUESTION =
  'Before we talk, it would help to know what matters most to you in your next role: schedule, location, team or growth.';

/**
 * The writer used when no AI key is configured (DESIGN.md: a real code path that says what it is).
 * Deterministic: the same form always gives the same email, built from the form's own words and the
 * template placeholders.
 */
export class TemplateEmailWriter implements EmailWriter {
  readonly kind = 'template' as const;

  async write(request: GenerateEmailRequest) {
    return { subject: subjectOf(request), body: bodyOf(request) };
  }
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function subjectOf({ jobTitle, positionType, tone }: GenerateEmailRequest): string {
  const role = `${POSITION[positionType]} ${jobTitle}`;
  return tone === 'formal' ? `${capitalised(role)} position` : `${capitalised(role)} opportunity for you`;
}

function bodyOf(request: GenerateEmailRequest): string {
  const { tone, length, positionType, jobTitle, jobDescription, signature } = request;
  const paragraphs = [
    GREETING[tone],
    INTRODUCTION[tone](`${POSITION[positionType]} ${jobTitle}`),
    `About the role: ${summary(jobDescription, SENTENCES[length])}`,
    ...(length === 'long' ? [INTEREST_QUESTION] : []),
    CALL_TO_ACTION[tone],
    signature ? `${CLOSING[tone]}\n${signature}` : CLOSING[tone],
  ];
  return paragraphs.join('\n\n');
}

/** The first sentences of the description, each cut at a word boundary when very long. */
function summary(description: string, sentences: number): string {
  return description
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?])\s+/)
    .slice(0, sentences)
    .map((sentence) => (sentence.length <= SENTENCE_MAX ? sentence : cut(sentence)))
    .join(' ');
}

const cut = (sentence: string) => `${sentence.slice(0, SENTENCE_MAX).replace(/\s+\S*$/, '')}…`;
