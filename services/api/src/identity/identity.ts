import { hkdfSync } from 'node:crypto';
import type { EventStore } from '@healthtal/eventstore';
import type pg from 'pg';
import type { Mailer } from '../mail/mailer';
import type { ApiSettings } from '../settings';
import type { Clock } from '../shared/clock';
import type { RateLimiter } from '../shared/rate-limit';
import { serverSecret } from '../shared/secrets';
import { AccessTokens } from './access-tokens';
import { OneTimeTokens, RefreshTokens } from './session-tokens';

/** Everything the identity context works with, built once per process. */
export type Identity = {
  store: EventStore;
  pool: pg.Pool;
  settings: ApiSettings;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  accessTokens: AccessTokens;
  refreshTokens: RefreshTokens;
  oneTimeTokens: OneTimeTokens;
  /** Keys the email-claim stream names; never leaves the server. */
  emailLookupKey: Buffer;
};

export type IdentityKeys = { jwt: Buffer; emailLookup: Buffer };

export async function loadIdentityKeys(pool: pg.Pool, settings: ApiSettings): Promise<IdentityKeys> {
  return {
    jwt: await serverSecret(pool, 'jwt-signing-key', settings.jwtSecret),
    emailLookup: await serverSecret(pool, 'email-lookup-key'),
  };
}

/** `clock`: the time access tokens are issued and expire in (the rate limiter's, in the API). */
export const createIdentity = (
  {
    clock,
    ...deps
  }: Pick<Identity, 'store' | 'pool' | 'settings' | 'mailer' | 'rateLimiter'> & { clock: Clock },
  keys: IdentityKeys,
): Identity => ({
  ...deps,
  accessTokens: new AccessTokens(keys.jwt, clock),
  refreshTokens: new RefreshTokens(deps.pool, refreshSuccessorKey(keys.jwt)),
  oneTimeTokens: new OneTimeTokens(deps.pool),
  emailLookupKey: keys.emailLookup,
});

/** The key refresh tokens derive their successors with: its own, from the signing key (HKDF). */
const refreshSuccessorKey = (jwtKey: Buffer) =>
  Buffer.from(hkdfSync('sha256', jwtKey, Buffer.alloc(0), 'healthtal refresh-token successor', 32));
