import type { RemovalRequestId } from '@healthtal/contracts';
import { describe, it } from 'vitest';
import { given } from '../shared/decider-spec';
import {
  type ConfirmRemoval,
  type RemovalEvent,
  RemovalTokenExpired,
  RemovalTokenInvalid,
  RemovalTokenUsed,
  type RequestRemoval,
  removalRequestDecider,
} from './removal-request.decider';

const removalId = '6f1c2a9e-3b4d-5e6f-8a7b-9c0d1e2f3a4b' as RemovalRequestId;
const request: RequestRemoval = {
  type: 'RequestRemoval',
  removalId,
  email: 'dana@mail.example',
  emailHash: 'e-hash',
  tokenHash: 'token-hash',
  expiresAt: '2026-11-29T10:00:00.000Z',
};
const requested: RemovalEvent = {
  type: 'RemovalRequested',
  data: {
    removalId,
    email: 'dana@mail.example',
    emailHash: 'e-hash',
    tokenHash: 'token-hash',
    expiresAt: '2026-11-29T10:00:00.000Z',
  },
};
const found = {
  erased: [
    {
      subjectId: '0b6c1c52-9d0e-4a5f-8b7c-6d5e4f3a2b1c',
      streamId: 'candidate-0b6c1c52-9d0e-4a5f-8b7c-6d5e4f3a2b1c',
    },
  ],
  suppressed: [
    { kind: 'email' as const, hash: 'e-hash' },
    { kind: 'phone' as const, hash: 'p-hash' },
  ],
};
const confirm = (at: string, tokenHash = 'token-hash'): ConfirmRemoval => ({
  type: 'ConfirmRemoval',
  tokenHash,
  at,
  ...found,
});
const confirmed: RemovalEvent = { type: 'RemovalConfirmed', data: { removalId, ...found } };

describe('Removal request', () => {
  it('is requested with the address, its hash, the token hash and the expiry', () =>
    given(removalRequestDecider, []).when(request).thenEmits([requested]));

  it('is requested only once when the same request is retried', () =>
    given(removalRequestDecider, [requested]).when(request).thenEmits([]));

  it('is confirmed with its token before it expires, naming what is erased and suppressed', () =>
    given(removalRequestDecider, [requested])
      .when(confirm('2026-11-22T10:00:00.000Z'))
      .thenEmits([confirmed]));

  it('refuses a token that was used already', () =>
    given(removalRequestDecider, [requested, confirmed])
      .when(confirm('2026-11-22T11:00:00.000Z'))
      .thenThrows(RemovalTokenUsed));

  it('refuses a token after it expires, to the millisecond', () =>
    given(removalRequestDecider, [requested])
      .when(confirm('2026-11-29T10:00:00.000Z'))
      .thenThrows(RemovalTokenExpired));

  it('refuses a token of no request', () =>
    given(removalRequestDecider, [])
      .when(confirm('2026-11-22T10:00:00.000Z'))
      .thenThrows(RemovalTokenInvalid));

  it('refuses a token whose hash is not the request’s', () =>
    given(removalRequestDecider, [requested])
      .when(confirm('2026-11-22T10:00:00.000Z', 'another-hash'))
      .thenThrows(RemovalTokenInvalid));

  it('cannot be requested again once confirmed', () =>
    given(removalRequestDecider, [requested, confirmed]).when(request).thenEmits([]));
});
