import { z } from 'zod';
import { ContactMessageId } from '../domain/ids';
import { event } from './envelope';

/** Someone sent the public contact form. The sender is not a user: no account is involved. */
export const ContactMessageReceived = event(
  'ContactMessageReceived',
  z.object({
    messageId: ContactMessageId,
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    subject: z.string(),
    message: z.string(),
  }),
);
export type ContactMessageReceived = z.infer<typeof ContactMessageReceived>;

export const IntakeEvent = z.discriminatedUnion('type', [ContactMessageReceived]);
export type IntakeEvent = z.infer<typeof IntakeEvent>;
