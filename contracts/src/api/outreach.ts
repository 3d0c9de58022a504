import { z } from 'zod';
import {
  EMAIL_DEFAULTS,
  EMAIL_LENGTHS,
  EMAIL_TONES,
  OutreachLimits,
  OutreachMessages,
  POSITION_TYPES,
} from '../domain/outreach';

const atMost = (field: string, max: number) => `${field} must be at most ${max} characters.`;

export const EmailTone = z.enum(EMAIL_TONES);
export const EmailLength = z.enum(EMAIL_LENGTHS);
export const PositionType = z.enum(POSITION_TYPES);
export type EmailTone = z.infer<typeof EmailTone>;
export type EmailLength = z.infer<typeof EmailLength>;
export type PositionType = z.infer<typeof PositionType>;

const required = (message: string, max: number, field: string) =>
  z.string(message).trim().min(1, message).max(max, atMost(field, max));

/** The generator's form (spec §2 "AI Email Generator", §5; `mode` is always recruiter). */
export const GenerateEmailRequest = z.strictObject({
  jobTitle: required(OutreachMessages.jobTitleRequired, OutreachLimits.jobTitleMax, 'Job title'),
  jobDescription: required(
    OutreachMessages.jobDescriptionRequired,
    OutreachLimits.jobDescriptionMax,
    'Job description',
  ),
  tone: EmailTone.default(EMAIL_DEFAULTS.tone),
  length: EmailLength.default(EMAIL_DEFAULTS.length),
  /**
   * Left out (the recruiter chose none): read from the job title and description, as a pasted
   * posting is (a "13-week travel contract" is contract); full-time when they name none (issue 35).
   */
  positionType: PositionType.optional(),
  signature: z
    .string()
    .trim()
    .max(OutreachLimits.signatureMax, atMost('Signature', OutreachLimits.signatureMax))
    .default(''),
  mode: z.literal('recruiter').default('recruiter'),
});
export type GenerateEmailRequest = z.infer<typeof GenerateEmailRequest>;

/** Refinements stay out of the derived JSON schema, which keeps it inside what strict mode accepts. */
const answerPart = (max: number) =>
  z
    .string()
    .trim()
    .refine((text) => text.length > 0 && text.length <= max);

/**
 * What the model must answer: structured output sends the JSON schema derived from this one, and the
 * answer is parsed with it. Both parts non-blank, or it is "Invalid response format from AI service".
 */
export const AiEmailAnswer = z.strictObject({
  subject: answerPart(OutreachLimits.subjectMax).describe('The subject line, without a "Subject:" prefix.'),
  body: answerPart(OutreachLimits.bodyMax).describe(
    'The email body as plain text. Greet the candidate with {{first_name}}; end with the signature if one was given.',
  ),
});
export type AiEmailAnswer = z.infer<typeof AiEmailAnswer>;

/** `openai`: written by the configured model; `template`: by the built-in writer (no API key set). */
export const EmailGenerator = z.enum(['openai', 'template']);
export type EmailGenerator = z.infer<typeof EmailGenerator>;

export const GeneratedEmail = z.object({
  subject: z.string(),
  body: z.string(),
  generator: EmailGenerator,
  /** Demo accounts may generate but not send (spec §6). */
  canSend: z.boolean(),
  /** The position type the email was written for: the recruiter's, or the one read from the posting. */
  positionType: PositionType,
});
export type GeneratedEmail = z.infer<typeof GeneratedEmail>;

const missingInformation = (max: number, field: string) =>
  required(OutreachMessages.missingInformation, max, field);

/** Save as template: the name is the job title (spec §2: the button is labelled with it). */
export const SaveEmailTemplateRequest = z.strictObject({
  jobTitle: missingInformation(OutreachLimits.jobTitleMax, 'Job title'),
  subject: missingInformation(OutreachLimits.subjectMax, 'Subject'),
  body: missingInformation(OutreachLimits.bodyMax, 'Body'),
  tone: EmailTone.default(EMAIL_DEFAULTS.tone),
  length: EmailLength.default(EMAIL_DEFAULTS.length),
  positionType: PositionType.default(EMAIL_DEFAULTS.positionType),
});
export type SaveEmailTemplateRequest = z.infer<typeof SaveEmailTemplateRequest>;

export const EmailTemplate = z.object({
  id: z.uuid(),
  name: z.string(),
  subject: z.string(),
  body: z.string(),
  /** The first 150 characters of the body, for the Saved Templates panel. */
  excerpt: z.string(),
  tone: EmailTone,
  length: EmailLength,
  positionType: PositionType,
  createdAt: z.iso.datetime(),
});
export type EmailTemplate = z.infer<typeof EmailTemplate>;

export const EmailTemplateList = z.array(EmailTemplate);
export type EmailTemplateList = z.infer<typeof EmailTemplateList>;
