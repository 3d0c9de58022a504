import { errors, jwtVerify, SignJWT } from 'jose';
import { type Clock, systemClock } from '../shared/clock';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'healthtal';
const AUDIENCE = 'healthtal-api';

export type AccessClaims = { userId: string; sessionId: string };

/** How many verified tokens are remembered (about one per signed-in browser within 15 minutes). */
const VERIFIED_LIMIT = 10_000;

/**
 * Short-lived HS256 JWTs. Only HS256 is accepted: `alg: none` and other algorithms fail. A token
 * that verified is remembered until it expires: its signature and claims cannot change, so the same
 * string is not verified again on every request (WebCrypto's HMAC cost ~8 % of a search's API time).
 */
export class AccessTokens {
  /** Verified tokens, oldest first, with when they expire (ms). */
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();

  constructor(
    private readonly key: Uint8Array,
    /** The time tokens are issued and expire in. */
    private readonly clock: Pick<Clock, 'now'> = systemClock,
  ) {}

  async issue(claims: AccessClaims, now = this.clock.now()): Promise<{ token: string; expiresAt: Date }> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    const expiresAt = new Date((issuedAt + ACCESS_TOKEN_TTL_SECONDS) * 1000);
    const token = await new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
    return { token, expiresAt };
  }

  /** The claims of a valid token, or null for anything else (expired, forged, malformed). */
  async verify(token: string): Promise<AccessClaims | null> {
    const now = this.clock.now();
    const known = this.verified.get(token);
    if (known) {
      if (now.getTime() < known.expiresAt) return known.claims;
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, this.key, {
        currentDate: now,
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['sub', 'exp', 'sid'],
      });
      const claims = { userId: payload.sub!, sessionId: String(payload.sid) };
      if (this.verified.size >= VERIFIED_LIMIT) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { claims, expiresAt: payload.exp! * 1000 });
      return claims;
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
