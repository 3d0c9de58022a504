import { z } from 'zod';
import { ContactLimits } from '../domain/limits';
import { ContactMessages } from '../domain/messages';

const atMost = (field: string, max: number) => `${field} must be at most ${max} characters.`;

/** The public contact form (spec: admin-intake-outreach, "Contact form" validation). */
export const ContactMessageRequest = z.strictObject({
  name: z
    .string()
    .trim()
    .min(2, ContactMessages.nameTooShort)
    .max(ContactLimits.nameMax, atMost('Name', ContactLimits.nameMax)),
  email: z
    .string()
    .trim()
    .max(ContactLimits.emailMax, ContactMessages.invalidEmail)
    .pipe(z.email(ContactMessages.invalidEmail)),
  phone: z
    .string()
    .trim()
    .min(10, ContactMessages.phoneTooShort)
    .max(ContactLimits.phoneMax, atMost('Phone number', ContactLimits.phoneMax)),
  subject: z
    .string()
    .trim()
    .min(5, ContactMessages.subjectTooShort)
    .max(ContactLimits.subjectMax, atMost('Subject', ContactLimits.subjectMax)),
  message: z
    .string()
    .trim()
    .min(10, ContactMessages.messageTooShort)
    .max(ContactLimits.messageMax, atMost('Message', ContactLimits.messageMax)),
});
export type ContactMessageRequest = z.infer<typeof ContactMessageRequest>;

export const ContactMessageAccepted = z.object({ id: z.uuid() });
export type ContactMessageAccepted = z.infer<typeof ContactMessageAccepted>;

/** A row of the admin console's contact messages list. */
export const ContactMessageRow = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  subject: z.string(),
  message: z.string(),
  receivedAt: z.iso.datetime(),
});
export type ContactMessageRow = z.infer<typeof ContactMessageRow>;
