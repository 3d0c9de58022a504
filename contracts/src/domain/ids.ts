import { z } from 'zod';

export const ContactMessageId = z.uuid().brand<'ContactMessageId'>();
export type ContactMessageId = z.infer<typeof ContactMessageId>;

export const UserId = z.uuid().brand<'UserId'>();
export type UserId = z.infer<typeof UserId>;

export const DemoGrantId = z.uuid().brand<'DemoGrantId'>();
export type DemoGrantId = z.infer<typeof DemoGrantId>;

/** A resume submission; an approved one becomes the directory candidate with the same id. */
export const ResumeSubmissionId = z.uuid().brand<'ResumeSubmissionId'>();
export type ResumeSubmissionId = z.infer<typeof ResumeSubmissionId>;

/** A removal request; its id follows from its confirmation token's hash (see removal-tokens.ts). */
export const RemovalRequestId = z.uuid().brand<'RemovalRequestId'>();
export type RemovalRequestId = z.infer<typeof RemovalRequestId>;

/** Stream names are `<kind>-<id>`: a lowercase kind, a dash, then the aggregate's id. */
export const StreamName = z.string().regex(/^[a-z][a-z0-9_]*-[A-Za-z0-9][A-Za-z0-9_.:-]{0,199}$/, {
  message: 'Stream names look like <kind>-<id>, for example list-3f2a…',
});
export const streamName = (kind: string, id: string) => `${kind}-${id}`;
