import { describe, expect, it } from 'vitest';
import { minute, readModelDatabase } from '../../test/support/read-model';
import { demoGrantsProjection } from './demo-grants.projection';

const { givenEvents } = readModelDatabase();

const dana = '8b3c4d5e-2f3a-4b4c-9d5e-6f7a8b9c0d01';
const lee = '8b3c4d5e-2f3a-4b4c-9d5e-6f7a8b9c0d02';
const first = '8b3c4d5e-2f3a-4b4c-9d5e-6f7a8b9c0da1';
const second = '8b3c4d5e-2f3a-4b4c-9d5e-6f7a8b9c0da2';
const granted = (userId: string, grantId: string) =>
  ({
    type: 'DemoAccessGranted',
    data: {
      userId,
      grantId,
      featureType: 'full_access',
      expiresAt: '2026-03-31T00:00:00.000Z',
      maxUses: 10,
      notes: 'Conference lead',
      grantedBy: 'admin',
    },
    occurredAt: minute(0),
  }) as const;
const used = (userId: string, grantId: string) =>
  ({ type: 'DemoAccessUsed', data: { userId, grantId, featureType: 'full_access' } }) as const;

describe('demo_grants', () => {
  it('counts the uses of a grant', async () => {
    const model = await givenEvents(demoGrantsProjection, [
      granted(dana, first),
      used(dana, first),
      used(dana, first),
    ]);

    expect(await model.thenRows('select * from demo_grants')).toEqual([
      {
        id: first,
        user_id: dana,
        feature_type: 'full_access',
        active: true,
        expires_at: new Date('2026-03-31T00:00:00.000Z'),
        max_uses: 10,
        uses_count: 2,
        notes: 'Conference lead',
        granted_by: 'admin',
        granted_at: new Date(minute(0)),
        revoked_at: null,
      },
    ]);
  });

  it('revokes the grant named, or every grant of the user when none is', async () => {
    const one = await givenEvents(demoGrantsProjection, [
      granted(dana, first),
      granted(dana, second),
      {
        type: 'DemoAccessRevoked',
        data: { userId: dana, grantId: first, revokedBy: 'admin' },
        occurredAt: minute(7),
      },
    ]);
    expect(await one.thenRows('select id, active, revoked_at from demo_grants order by id')).toEqual([
      { id: first, active: false, revoked_at: new Date(minute(7)) },
      { id: second, active: true, revoked_at: null },
    ]);

    const all = await givenEvents(demoGrantsProjection, [
      granted(dana, first),
      granted(dana, second),
      { type: 'DemoAccessRevoked', data: { userId: dana, revokedBy: 'admin' } },
    ]);
    expect(await all.thenRows('select id, active from demo_grants order by id')).toEqual([
      { id: first, active: false },
      { id: second, active: false },
    ]);
  });

  it("drops a deleted user's grants, and a grant that raced the deletion is granted to nobody", async () => {
    const model = await givenEvents(demoGrantsProjection, [
      granted(dana, first),
      granted(lee, second),
      { type: 'UserDeleted', data: { userId: dana, deletedBy: 'admin' } },
      { type: 'PersonalDataErased', data: { subjectId: dana } },
      granted(dana, '8b3c4d5e-2f3a-4b4c-9d5e-6f7a8b9c0da3'),
    ]);

    expect(await model.thenRows('select id, user_id from demo_grants')).toEqual([
      { id: second, user_id: lee },
    ]);
  });
});
