/** The AI email generator's options and texts (admin-intake-outreach §2, §3, §5, §8). */
export const EMAIL_TONES = ['professional', 'friendly', 'casual', 'formal'] as const;
export const EMAIL_LENGTHS = ['short', 'medium', 'long'] as const;
export const POSITION_TYPES = ['full-time', 'part-time', 'contract', 'per-diem'] as const;

export const EMAIL_DEFAULTS = { tone: 'professional', length: 'medium', positionType: 'full-time' } as const;

/** Limits that are ours rather than the spec's: a job ad, not a book, goes to the model. */
export const OutreachLimits = {
  jobTitleMax: 200,
  jobDescriptionMax: 8000,
  signatureMax: 1000,
  subjectMax: 300,
  bodyMax: 20_000,
  /** The Saved Templates panel shows this much of each body. */
  excerptLength: 150,
} as const;

export const OutreachMessages = {
  jobTitleRequiredTitle: 'Job Title Required',
  jobTitleRequired: 'Please enter a job title to generate an email.',
  jobDescriptionRequiredTitle: 'Job Description Required',
  jobDescriptionRequired: 'Please enter a job description to generate an email.',
  bothRequired: 'Please fill in both job title and description.',
  generationFailedTitle: 'Generation Failed',
  generationFailed: 'Failed to generate email. Please try again.',
  notConfigured: 'AI service is not properly configured. Please contact support.',
  invalidResponse: 'Invalid response format from AI service',
  /** Upstream failures are reported as "Function error: …" and shown as they are. */
  functionErrorPrefix: 'Function error',
  /** Ours, worded as "Function error…" so the web app shows them as they are (spec §8). */
  timedOut: 'Function error: the AI service took too long to answer. Please try again.',
  busy: 'Function error: the AI service is busy right now. Please try again in a moment.',
  missingInformationTitle: 'Missing Information',
  missingInformation: 'Please generate an email with a job title to save as template.',
  noTemplates: 'No AI templates saved yet.',
  templateSaved: 'Template Saved',
  templateDeleted: 'Template Deleted',
  templateLoaded: 'Template Loaded',
  saveFailed: 'Save Failed',
  deleteFailed: 'Delete Failed',
  databaseErrorTitle: 'Database Error',
  databaseError: 'Failed to load templates from database. Please contact support if this persists.',
  /** The spec names the title only; ours says what failed and what to do. For a request that got no answer. */
  connectionErrorTitle: 'Connection Error',
  connectionError: 'Could not reach HealthTal to load your templates. Check your connection and try again.',
  /** Ours: the answer came from the built-in writer because no AI key is configured. */
  templateDraft:
    'Template draft: no AI service is configured, so this email was written from a built-in template. Review and edit it before sending.',
} as const;

/** Candidate fields a template may draw on (spec §3, "Email template placeholders"). */
export type TemplateCandidate = Partial<
  Record<
    | 'Contactfirstname'
    | 'Contactlastname'
    | 'specialty'
    | 'Contacttitle'
    | 'Companyname'
    | 'Contactcity'
    | 'Contactstate'
    | 'Personalemail'
    | 'Contactemail',
    string | null | undefined
  >
>;

/** Exported values count as empty when they are blank or the literal text null, undefined or NULL. */
const present = (value: string | null | undefined): string => {
  const trimmed = value?.trim() ?? '';
  return trimmed === 'null' || trimmed === 'undefined' || trimmed === 'NULL' ? '' : trimmed;
};

const joined = (separator: string, ...parts: string[]) => parts.filter(Boolean).join(separator);

/** Each placeholder's value for one candidate, with the spec's fallbacks where it names one. */
export function placeholderValues(candidate: TemplateCandidate): Record<string, string> {
  const first = present(candidate.Contactfirstname);
  const last = present(candidate.Contactlastname);
  const city = present(candidate.Contactcity);
  const state = present(candidate.Contactstate);
  return {
    first_name: first || 'there',
    last_name: last,
    full_name: joined(' ', first, last),
    specialty: present(candidate.specialty) || 'healthcare professional',
    title: present(candidate.Contacttitle),
    company_name: present(candidate.Companyname) || 'your current organization',
    city,
    state,
    location: joined(', ', city, state) || 'your area',
  };
}

export const TEMPLATE_PLACEHOLDERS = Object.keys(placeholderValues({}));

/**
 * Fills `{{first_name}}`-style placeholders (spaces inside the braces allowed) for one candidate.
 * Unknown placeholders are left as written, so a typo shows up in the preview instead of vanishing.
 */
export function renderTemplate(text: string, candidate: TemplateCandidate): string {
  const values = placeholderValues(candidate);
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name]! : whole,
  );
}

// ---------------------------------------------------------------------------------------------
// Send Email: three web mail services and mailto (spec §7, external links).

export type ComposeLink = { label: string; href: string };

export function composeLinks(to: readonly string[], subject: string, body: string): ComposeLink[] {
  const recipients = to.join(',');
  const q = (pairs: Record<string, string>) => new URLSearchParams(pairs).toString().replace(/\+/g, '%20');
  return [
    {
      label: 'Gmail',
      href: `https://mail.google.com/mail/?${q({ view: 'cm', fs: '1', to: recipients, su: subject, body })}`,
    },
    {
      label: 'Outlook',
      href: `https://outlook.office.com/mail/deeplink/compose?${q({ to: recipients, subject, body })}`,
    },
    {
      label: 'Yahoo Mail',
      href: `https://compose.mail.yahoo.com/?${q({ to: recipients, subject, body })}`,
    },
    {
      label: 'Default email app',
      href: `mailto:${to.map(encodeURIComponent).join(',')}?${q({ subject, body })}`,
    },
  ];
}

/** The Saved Templates panel's excerpt: the first 150 characters of the body. */
export const templateExcerpt = (body: string, length = 150): string =>
  body.length > length ? `${body.slice(0, length)}…` : body;

/**
 * The generator's error toast text (admin-intake-outreach §8): a missing AI key, both fields
 * missing, and "Function error…" messages as the spec maps them; other server messages as they are;
 * nothing usable gives the fallback.
 */
export function generationErrorMessage(message: string | null | undefined): string {
  const text = message?.trim() ?? '';
  if (/api key/i.test(text)) return 'AI service is not properly configured. Please contact support.';
  if (text.includes('Job title and job description are required'))
    return 'Please fill in both job title and description.';
  return text || 'Failed to generate email. Please try again.';
}
