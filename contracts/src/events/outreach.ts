import { z } from 'zod';
import { EmailGenerator, EmailLength, EmailTone, PositionType } from '../api/outreach';
import { event } from './envelope';
import { SequenceEvent, sequencePersonalData } from './sequences';

export * from './sequences';

/**
 * A user generated an outreach email. Usage history only: what was asked and who wrote it, not the
 * text (the user keeps what they want as a template). Stream `email_generations-<userId>`.
 */
export const EmailGenerated = event(
  'EmailGenerated',
  z.object({
    userId: z.string(),
    generator: EmailGenerator,
    tone: EmailTone,
    length: EmailLength,
    positionType: PositionType,
  }),
);
export type EmailGenerated = z.infer<typeof EmailGenerated>;

/** A user saved a generated email as a template. Stream `template-<id>`. */
export const EmailTemplateSaved = event(
  'EmailTemplateSaved',
  z.object({
    templateId: z.uuid(),
    ownerId: z.string(),
    name: z.string(),
    // The body carries the recruiter's signature: subject and body are the owner's personal data,
    // encrypted under the owner (see outreachPersonalData) and read as null once they are erased.
    subject: z.string(),
    body: z.string(),
    tone: EmailTone,
    length: EmailLength,
    positionType: PositionType,
  }),
);
export type EmailTemplateSaved = z.infer<typeof EmailTemplateSaved>;

export const EmailTemplateDeleted = event(
  'EmailTemplateDeleted',
  z.object({ templateId: z.uuid(), ownerId: z.string() }),
);
export type EmailTemplateDeleted = z.infer<typeof EmailTemplateDeleted>;

export const OutreachEvent = z.discriminatedUnion('type', [
  EmailGenerated,
  EmailTemplateSaved,
  EmailTemplateDeleted,
  ...SequenceEvent.options,
]);
export type OutreachEvent = z.infer<typeof OutreachEvent>;

/** Template text is encrypted under its owner: deleting the account erases it from the log too. */
export const outreachPersonalData = {
  ...sequencePersonalData,
  EmailTemplateSaved: {
    subject: (data: { ownerId: string }) => data.ownerId,
    fields: ['subject', 'body'],
  },
} as const;
