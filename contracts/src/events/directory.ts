import { z } from 'zod';
import { UserId } from '../domain/ids';
import { event } from './envelope';

/**
 * A user exported candidates (CSV or Excel). Appended to the user's `exports-<userId>` stream, so a
 * user's export history (the account page, the money-back guarantee) is one stream read.
 */
export const CandidatesExported = event(
  'CandidatesExported',
  z.object({
    userId: UserId,
    exportId: z.uuid(),
    format: z.enum(['csv', 'xlsx']),
    count: z.number().int().min(0),
    /** How the rows were chosen: picked ids, a whole search, or a list. */
    scope: z.enum(['selection', 'search', 'list']),
    fileName: z.string(),
  }),
);

export const DirectoryEvent = z.discriminatedUnion('type', [CandidatesExported]);
export type DirectoryEvent = z.infer<typeof DirectoryEvent>;
