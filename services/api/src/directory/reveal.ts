import { type ContactDetails, type ContactRevealed, streamName, type UserId } from '@healthtal/contracts';
import type { EventStore } from '@healthtal/eventstore';
import type pg from 'pg';
import type { z } from 'zod';
import { recordDemoUse } from '../access/demo-access';
import { type CommandContext, toEnvelopes } from '../shared/command-handler';
import { notFound } from '../shared/problem';
import { findContactDetails } from './candidates.queries';
import { chargeReveal } from './reveal-quota';

/** The demo feature a reveal uses; a full_access grant covers it. */
export const REVEAL_FEATURE = 'contacts';

/** One stream per user: their reveal history, in order (the activity page reads it whole). */
export const revealsStream = (userId: string) => streamName('reveals', userId);

/** `dailyQuota`: the plan's reveals per UTC day (reveal-quota.ts), null when none applies. */
export type RevealCaller = { userId: UserId; isDemo: boolean; dailyQuota: number | null };

/**
 * Shows a candidate's contact details — email, phone and LinkedIn URL — and records who saw them.
 * The route's policy has already decided the caller may see contacts (a subscriber, or a demo user
 * with a full_access grant). For a demo user this is the one path to them (field-policy.ts leaves
 * LinkedIn off its cards), and it first uses up one use of the grant, so a grant that ran out
 * meanwhile refuses it (403, NoValidDemoGrant) before anything is shown. A candidate with none of
 * them shows nothing, so it uses nothing up and is not recorded.
 */
export async function revealContact(
  { pool, store }: { pool: pg.Pool; store: EventStore },
  caller: RevealCaller,
  candidateId: string,
  context: CommandContext,
): Promise<ContactDetails> {
  const details = await findContactDetails(pool, candidateId);
  if (!details) throw notFound('Candidate');
  if (details.email === null && details.phone === null && details.linkedinUrl === null) return details;
  if (caller.dailyQuota !== null)
    await chargeReveal(pool, caller.userId, candidateId, caller.dailyQuota, context.now);
  if (caller.isDemo) await recordDemoUse(store, caller.userId, REVEAL_FEATURE, context);
  const revealed: z.infer<typeof ContactRevealed> = {
    type: 'ContactRevealed',
    data: { userId: caller.userId, candidateId, viaDemoGrant: caller.isDemo },
  };
  const stream = revealsStream(caller.userId);
  // A log, not an aggregate: nothing to decide, so it is appended without reading the history.
  await store.append(stream, toEnvelopes(stream, [revealed], context), { expectedVersion: 'any' });
  return details;
}
