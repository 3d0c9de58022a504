import { type ResumeSubmissionId, type ResumeSubmitted, streamName } from '@healthtal/contracts';
import { WrongExpectedVersion } from '@healthtal/eventstore';
import type { ApiDependencies } from '../dependencies';
import {
  type ContactHash,
  emailContactHashes,
  filterSuppressed,
  phoneContactHashes,
  suppressionKey,
} from '../directory/suppression';
import { type CommandContext, handleCommand } from '../shared/command-handler';
import { DomainError } from '../shared/domain-error';
import { type ResumeDecision, resumeSubmissionDecider } from './resume-submission.decider';

export type BulkOutcome = { succeeded: number; failed: { id: string; reason: string }[] };

/** A rejection's reason, when the admin gave one; an approval has none. */
export type DecisionDetails = { reason?: string };

export type ResumeDecisions = {
  decide(
    id: ResumeSubmissionId,
    action: ResumeDecision,
    context: CommandContext,
    details?: DecisionDetails,
  ): Promise<void>;
  /** Each id on its own: one that cannot be decided is reported, the others go through. */
  decideMany(
    ids: ResumeSubmissionId[],
    action: ResumeDecision,
    context: CommandContext,
    details?: DecisionDetails,
  ): Promise<BulkOutcome>;
};

export const submissionStream = (id: string) => streamName('submission', id);

/** A submission's keyed contact hashes, as the suppression list takes them. */
export const contactHashesOf = (emailHash: string | null, phoneHash: string | null): ContactHash[] => [
  ...(emailHash ? [{ kind: 'email' as const, hash: emailHash }] : []),
  ...(phoneHash ? [{ kind: 'phone' as const, hash: phoneHash }] : []),
];

/** Approve and reject, single and bulk (admin-intake-outreach §4: an admin's action, final once taken). */
export function resumeDecisions({
  store,
  pool,
  logger,
}: Pick<ApiDependencies, 'store' | 'pool' | 'logger'>): ResumeDecisions {
  /**
   * Whether the submitter went on the suppression list since they submitted (a removal request): by
   * the hashes the submission stored, and by its address and phone hashed as lookups hash them now
   * (a submission stored before canonical addresses kept the hash of its address as typed).
   */
  const contactSuppressed = async (id: string): Promise<boolean> => {
    const submitted = (await store.readStream(submissionStream(id), { limit: 1 }))[0];
    if (submitted?.type !== 'ResumeSubmitted') return false;
    const { emailHash, phoneHash, email, phone } = submitted.data as ResumeSubmitted['data'];
    const key = await suppressionKey(pool);
    const hashes = [
      ...contactHashesOf(emailHash, phoneHash),
      ...emailContactHashes(key, email),
      ...phoneContactHashes(key, phone),
    ];
    return (await filterSuppressed(pool, hashes)).size > 0;
  };

  const decide = async (
    id: ResumeSubmissionId,
    action: ResumeDecision,
    context: CommandContext,
    { reason }: DecisionDetails = {},
  ) => {
    // Admin routes only: the policy made sure there is a signed-in user.
    const by = context.userId!;
    const command =
      action === 'approve'
        ? {
            type: 'ApproveResume' as const,
            submissionId: id,
            approvedBy: by,
            contactSuppressed: await contactSuppressed(id),
          }
        : { type: 'RejectResume' as const, submissionId: id, rejectedBy: by, ...(reason ? { reason } : {}) };
    await handleCommand(store, submissionStream(id), resumeSubmissionDecider, command, context);
  };

  const reasonFor = (error: unknown, action: ResumeDecision): string => {
    if (error instanceof DomainError) return error.message;
    if (error instanceof WrongExpectedVersion)
      return 'Someone changed this at the same time. Reload and try again.';
    logger.error({ err: error }, `resume ${action} failed`);
    return `Could not ${action} the resume.`;
  };

  return {
    decide,
    async decideMany(ids, action, context, details) {
      const outcome: BulkOutcome = { succeeded: 0, failed: [] };
      // One at a time, like the first version's one call per id: a failure stops nothing else.
      for (const id of new Set(ids)) {
        try {
          await decide(id, action, context, details);
          outcome.succeeded++;
        } catch (error) {
          outcome.failed.push({ id, reason: reasonFor(error, action) });
        }
      }
      return outcome;
    },
  };
}
