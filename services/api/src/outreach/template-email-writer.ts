import type { EmailLength, EmailTone, PositionType } from '@healthtal/contracts';
import type { EmailForm, EmailWriter } from './email-writer';

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

/**
 * What the built-in writer can recognise in a job description: it names these in its own words
 * instead of pasting the recruiter's text (which may be a whole job ad) into every candidate's inbox.
 */
const HIGHLIGHTS: [RegExp, string][] = [
  [/\bmonday\s+(to|through|thru|-)\s+friday\b|\bweekdays?( only)?\b|\bM-F\b/i, 'a weekday schedule'],
  [/\bno\s+(nights|night\s+shifts?)\b/i, 'no night shifts'],
  [/\b(no|without)\s+weekends?\b/i, 'no weekend work'],
  [/\bnights?\b|night[- ]shift/i, 'night shifts'],
  [/\bdays?\b[- ]shift|\bday shifts?\b/i, 'day shifts'],
  [/\bweekends?\b/i, 'weekend coverage'],
  [/\bICU\b|intensive care|critical care/i, 'critical care'],
  [/\bE[RD]\b|emergency/i, 'emergency medicine'],
  [/\bcath(eterization)? lab\b/i, 'the cath lab'],
  [/\bO\.?R\.?\b|operating room|surgical/i, 'surgical services'],
  [/outpatient|clinic\b/i, 'outpatient care'],
  [/telehealth|telemedicine|remote/i, 'telehealth'],
  [/\blead\b|leadership|charge|manag/i, 'leadership'],
  [/teach|mentor|precept/i, 'teaching and mentoring'],
  [/sign[- ]on|bonus/i, 'a sign-on bonus'],
  [/relocat/i, 'relocation support'],
  [/loan (repayment|forgiveness)/i, 'loan repayment'],
  [/\bCME\b|continuing (medical )?education/i, 'continuing education'],
  [/flexib/i, 'a flexible schedule'],
  [/benefits|401\s*\(?k\)?|\bPTO\b|paid time off/i, 'a full benefits package'],
];

/** How many highlights each length names. */
const HIGHLIGHTS_SHOWN: Record<EmailLength, number> = { short: 2, medium: 4, long: 8 };

const INTEREST_QUESTION =
  'Before we talk, it would help to know what matters most to you in your next role: schedule, location, team or growth.';

/**
 * The writer used when no AI key is configured (DESIGN.md: a real code path that says what it is).
 * Deterministic: the same form always gives the same email, built from the form's own words and the
 * template placeholders.
 */
export class TemplateEmailWriter implements EmailWriter {
  readonly kind = 'template' as const;

  async write(request: EmailForm) {
    return { subject: subjectOf(request), body: bodyOf(request) };
  }
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function subjectOf({ jobTitle, positionType, tone }: EmailForm): string {
  const role = `${POSITION[positionType]} ${jobTitle}`;
  return tone === 'formal' ? `${capitalised(role)} position` : `${capitalised(role)} opportunity for you`;
}

function bodyOf(request: EmailForm): string {
  const { tone, length, positionType, jobTitle, jobDescription, signature } = request;
  const paragraphs = [
    GREETING[tone],
    INTRODUCTION[tone](`${POSITION[positionType]} ${jobTitle}`),
    aboutTheRole(jobDescription, HIGHLIGHTS_SHOWN[length]),
    ...(length === 'long' ? [INTEREST_QUESTION] : []),
    CALL_TO_ACTION[tone],
    signature ? `${CLOSING[tone]}\n${signature}` : CLOSING[tone],
  ];
  return paragraphs.join('\n\n');
}

/** "no nights", "without weekends", "not a night shift": the description rules the thing out. */
const NEGATED = /\b(no|not|without|never|zero)\s+(an?\s+|any\s+)?$/i;

/** Whether the description names the highlight other than to rule it out. */
function mentions(description: string, pattern: RegExp): boolean {
  const global = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`);
  for (const match of description.matchAll(global)) {
    const before = description.slice(Math.max(0, match.index - 20), match.index);
    if (!NEGATED.test(before)) return true;
  }
  return false;
}

/** The role's highlights as the writer recognised them; never the description's own sentences. */
function aboutTheRole(description: string, shown: number): string {
  const found = HIGHLIGHTS.filter(([pattern]) => mentions(description, pattern))
    .map(([, phrase]) => phrase)
    .slice(0, shown);
  if (found.length === 0) return 'I would be glad to walk you through the full job description.';
  const list = found.length === 1 ? found[0] : `${found.slice(0, -1).join(', ')} and ${found.at(-1)}`;
  return `Highlights of the role include ${list}; I would be glad to walk you through the full job description.`;
}
