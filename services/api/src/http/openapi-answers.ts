import { SearchErrorLogRow } from '@healthtal/contracts';
import { z } from 'zod';

/**
 * Answers that no contract in `@healthtal/contracts` names: small acknowledgements that the web apps
 * read at most one field of. They are declared here, next to the route documentation, so the
 * OpenAPI document can describe them and its test can hold the routes to them.
 */

export const Healthz = z.object({ status: z.literal('ok') });

export const Readyz = z.object({
  status: z.enum(['ok', 'unavailable']),
  /** Only when not ready: one line per failing check an operator can act on. */
  reasons: z.array(z.string()).optional(),
  /** Only for an admin or a caller on this machine: the checks name internal parts. */
  checks: z.record(z.string(), z.unknown()).optional(),
});

export const EmailVerified = z.object({ verified: z.literal(true), email: z.string() });
/** The same answer whether or not the address has an account. */
export const MailAccepted = z.object({ sent: z.literal(true) });
export const PasswordReset = z.object({ reset: z.literal(true) });
export const WebhookReceived = z.object({ received: z.literal(true) });

export const DemoAccessRevoked = z.object({
  /** How many active grants the revocation ended (0 when there were none). */
  revoked: z.number().int().min(0),
});
export const UserDeleted = z.object({ id: z.uuid(), deleted: z.literal(true) });
export const AdminRoleChanged = z.object({ id: z.uuid(), isAdmin: z.boolean() });

/** The deleted entry as it was (react-admin shows it), or only its id when it was already gone. */
export const SearchErrorLogDeleted = z.union([SearchErrorLogRow, z.object({ id: z.uuid() })]);

export const SavedSearchOpened = z.object({ id: z.uuid(), openedAt: z.iso.datetime() });
export const SavedSearchRenamed = z.object({ id: z.uuid(), name: z.string() });
