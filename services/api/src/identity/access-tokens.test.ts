import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, AccessTokens } from './access-tokens';

const claims = { userId: '7d9f3c1e-0000-4000-8000-000000000001', sessionId: 'family-1' };

/** The time the tokens count in, moved by the test (the API passes its clock: shared/clock.ts). */
const testClock = () => {
  let at = Date.UTC(2031, 0, 6, 9, 0);
  return {
    now: () => new Date(at),
    advance: (ms: number) => {
      at += ms;
    },
  };
};

describe('access tokens', () => {
  it('verify to their claims, again and again, and are refused once expired, remembered or not', async () => {
    const clock = testClock();
    const tokens = new AccessTokens(randomBytes(32), clock);
    const { token, expiresAt } = await tokens.issue(claims);
    expect(expiresAt).toEqual(new Date(clock.now().getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000));
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    const { token: unverified } = await tokens.issue(claims);
    // A second before it expires it is good (and the first is remembered); at the second, neither is.
    clock.advance((ACCESS_TOKEN_TTL_SECONDS - 1) * 1000);
    expect(await tokens.verify(token)).toEqual(claims);
    clock.advance(1000);
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(unverified)).toBeNull();
    const { token: old } = await tokens.issue(claims, new Date(clock.now().getTime() - 3600_000));
    expect(await tokens.verify(old)).toBeNull();
  });

  it('refuse a token whose payload or signature was changed, even while the genuine one is remembered', async () => {
    const tokens = new AccessTokens(randomBytes(32));
    const { token } = await tokens.issue(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    const [header, payload, signature] = token.split('.');
    const body = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...body, sub: 'someone-else' })).toString('base64url');
    expect(await tokens.verify(`${header}.${forged}.${signature}`)).toBeNull();
    expect(await tokens.verify(`${header}.${payload}.${signature!.slice(0, -2)}xx`)).toBeNull();
    const other = new AccessTokens(randomBytes(32));
    expect(await other.verify(token)).toBeNull();
  });
});
