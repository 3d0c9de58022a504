import type { UserId } from '@healthtal/contracts';
import { describe, expect, it } from 'vitest';
import { given } from '../shared/decider-spec';
import { EmailAlreadyRegistered, emailClaimDecider, emailClaimStream } from './email-claim.decider';

const ria = '3d9a1f7e-2b4c-4d5e-8f6a-7b8c9d0e1f2a' as UserId;
const sam = '8b1e6c2d-4f3a-4b5c-9d8e-1f2a3b4c5d6e' as UserId;
const claimedBy = (userId: UserId) => ({ type: 'EmailClaimed', data: { userId } }) as const;
const releasedBy = (userId: UserId) => ({ type: 'EmailReleased', data: { userId } }) as const;
const claim = (userId: UserId) => ({ type: 'ClaimEmail', userId }) as const;
const release = (userId: UserId) => ({ type: 'ReleaseEmail', userId }) as const;

describe('Email claim (one account per address)', () => {
  it('gives a free address to the account that signs up with it', () =>
    given(emailClaimDecider, [])
      .when(claim(ria))
      .thenEmits([claimedBy(ria)]));

  it('refuses the address to a second account', () =>
    given(emailClaimDecider, [claimedBy(ria)])
      .when(claim(sam))
      .thenThrows(EmailAlreadyRegistered));

  it('changes nothing when the same account claims it again (a retried sign-up)', () =>
    given(emailClaimDecider, [claimedBy(ria)])
      .when(claim(ria))
      .thenEmits([]));

  it('frees the address when its account is deleted, for anyone to sign up with', () => {
    given(emailClaimDecider, [claimedBy(ria)])
      .when(release(ria))
      .thenEmits([releasedBy(ria)]);
    given(emailClaimDecider, [claimedBy(ria), releasedBy(ria)])
      .when(claim(sam))
      .thenEmits([claimedBy(sam)]);
  });

  it('is released only by the account that holds it, and only once', () => {
    given(emailClaimDecider, [claimedBy(ria)])
      .when(release(sam))
      .thenEmits([]);
    given(emailClaimDecider, [claimedBy(ria), releasedBy(ria)])
      .when(release(ria))
      .thenEmits([]);
    given(emailClaimDecider, []).when(release(ria)).thenEmits([]);
  });
});

describe('Email claim stream', () => {
  const key = Buffer.alloc(32, 7);

  it('is named by a keyed hash of the address, never the address', () => {
    const stream = emailClaimStream('ria@clinic.example', key);
    expect(stream).toMatch(/^email-[0-9a-f]{64}$/);
    expect(stream).not.toContain('ria');
    expect(emailClaimStream('ria@clinic.example', Buffer.alloc(32, 8))).not.toBe(stream);
  });

  it('is the same for an address in any case and with spaces around it', () =>
    expect(emailClaimStream('  Ria@Clinic.Example ', key)).toBe(emailClaimStream('ria@clinic.example', key)));
});
