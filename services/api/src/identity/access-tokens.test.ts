import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, AccessTokens } from './access-tokens';

const claims = { userId: '7d9f3c1e-0000-4000-8000-000000000001', sessionId: 'family-1' };

describe('access tokens', () => {
  it('verify to their claims, again and again, and are refused once expired, remembered or not', async () => {
    const tokens = new AccessTokens(randomBytes(32));
    const { token } = await tokens.issue(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    // Issued so that it expires a second from now: verified (and remembered), then refused.
    const soon = new Date(Date.now() - (ACCESS_TOKEN_TTL_SECONDS - 1) * 1000);
    const { token: expiring } = await tokens.issue(claims, soon);
    expect(await tokens.verify(expiring)).toEqual(claims);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await tokens.verify(expiring)).toBeNull();
    const { token: old } = await tokens.issue(claims, new Date(Date.now() - 3600_000));
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
