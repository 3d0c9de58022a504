import type { UserId } from '@healthtal/contracts';
import { z } from 'zod';
import type { ApiDependencies } from '../dependencies';
import type { RouteRegistrar } from '../http/routes';
import { parseParams } from '../http/validate';
import { commandContext } from '../shared/idempotency';
import { notFound } from '../shared/problem';
import { findCandidateProfile } from './candidates.queries';
import { fieldPolicyOf, withVisibleFields } from './field-policy';
import { revealContact } from './reveal';
import { DEFAULT_REVEAL_QUOTAS, revealQuotaLimitOf } from './reveal-quota';

const CandidateParams = z.object({ id: z.uuid('A candidate id is a UUID.') });

/** One professional's profile, and the reveal of their email and phone (recruiter-directory §2, §4). */
export function candidateRoutes(
  routes: RouteRegistrar,
  { pool, store, settings }: Pick<ApiDependencies, 'pool' | 'store' | 'settings'>,
) {
  routes.route('GET /api/v1/candidates/:id', async (req, res) => {
    const { id } = parseParams(CandidateParams, req);
    const profile = await findCandidateProfile(pool, id);
    if (!profile) throw notFound('Candidate');
    res.json(withVisibleFields(profile, fieldPolicyOf(req.accessProfile)));
  });

  routes.route('POST /api/v1/candidates/:id/reveal', async (req, res) => {
    const { id } = parseParams(CandidateParams, req);
    const context = commandContext(req);
    const profile = req.accessProfile!;
    const caller = {
      userId: context.userId as UserId,
      isDemo: profile.isDemo,
      dailyQuota: revealQuotaLimitOf(profile, settings.revealQuotas ?? DEFAULT_REVEAL_QUOTAS),
    };
    res.json(await revealContact({ pool, store }, caller, id, context));
  });
}
