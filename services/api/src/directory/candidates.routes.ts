import type { UserId } from '@healthtal/contracts';
import { z } from 'zod';
import type { ApiDependencies } from '../app';
import { notFound } from '../http/problem';
import type { RouteRegistrar } from '../http/routes';
import { parseParams } from '../http/validate';
import { commandContext } from '../shared/idempotency';
import { findCandidateProfile } from './candidates.queries';
import { revealContact } from './reveal';

const CandidateParams = z.object({ id: z.uuid('A candidate id is a UUID.') });

/** One professional's profile, and the reveal of their email and phone (recruiter-directory §2, §4). */
export function candidateRoutes(routes: RouteRegistrar, { pool, store }: ApiDependencies) {
  routes.route('GET /api/v1/candidates/:id', async (req, res) => {
    const { id } = parseParams(CandidateParams, req);
    const profile = await findCandidateProfile(pool, id);
    if (!profile) throw notFound('Candidate');
    res.json(profile);
  });

  routes.route('POST /api/v1/candidates/:id/reveal', async (req, res) => {
    const { id } = parseParams(CandidateParams, req);
    const context = commandContext(req);
    const caller = { userId: context.userId as UserId, isDemo: req.accessProfile?.isDemo ?? false };
    res.json(await revealContact({ pool, store }, caller, id, context));
  });
}
