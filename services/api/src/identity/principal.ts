import { AuthMessages } from '@healthtal/contracts';
import type { Request } from 'express';
import type pg from 'pg';
import { ANONYMOUS, type PrincipalResolver } from '../policy';
import type { ApiSettings } from '../settings';
import { HttpProblem } from '../shared/problem';
import { type AccessProfile, loadAccessProfile, principalOf } from './access-profile';
import type { AccessTokens } from './access-tokens';

declare global {
  namespace Express {
    interface Request {
      accessProfile?: AccessProfile;
    }
  }
}

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]+)$/;
/** The access token of `Authorization: Bearer …`, if the header holds one. */
export const bearerTokenOf = (req: Request): string | null =>
  BEARER.exec(req.get('authorization')?.trim() ?? '')?.[1] ?? null;
const expired = () => new HttpProblem(401, 'Invalid or expired token', AuthMessages.sessionExpired);

/**
 * The caller of a protected route, from `Authorization: Bearer <access token>`: the token must be
 * valid, its sign-in not revoked, and the account must still exist. Roles, tier and demo status are
 * decided here, on the server, from the read models.
 */
export function bearerPrincipal(deps: {
  pool: pg.Pool;
  settings: ApiSettings;
  accessTokens: AccessTokens;
}): PrincipalResolver {
  return async (req: Request) => {
    const header = req.get('authorization');
    if (!header) return ANONYMOUS;
    const token = bearerTokenOf(req);
    if (!token) throw expired();
    const claims = await deps.accessTokens.verify(token);
    if (!claims) throw expired();
    const profile = await loadAccessProfile(deps.pool, deps.settings, claims.userId, claims.sessionId);
    if (!profile) throw expired();
    req.accessProfile = profile;
    return principalOf(profile, claims.sessionId);
  };
}
