import { describe, expect, it } from 'vitest';
import { minute, readModelDatabase } from '../../test/support/read-model';
import { usersProjection } from './users.projection';

const { givenEvents } = readModelDatabase();

const dana = '6f1d2c3b-0a4e-4b8f-9c2d-1e3f4a5b6c01';
const lee = '6f1d2c3b-0a4e-4b8f-9c2d-1e3f4a5b6c02';
const registered = (userId: string, email: string) =>
  ({
    type: 'UserRegistered',
    data: {
      userId,
      email,
      passwordHash: 'scrypt$hash',
      phone: '+1 555 0100',
      source: 'google',
      termsAcceptedAt: minute(0),
    },
    occurredAt: minute(0),
  }) as const;

describe('users', () => {
  it('shows an account with its verification, last sign-in, profile, preferences and role', async () => {
    const model = await givenEvents(usersProjection, [
      registered(dana, 'dana@clinic.example'),
      { type: 'EmailVerified', data: { userId: dana } },
      { type: 'UserSignedIn', data: { userId: dana }, occurredAt: minute(30) },
      // A sign-in delivered late does not move the last sign-in back.
      { type: 'UserSignedIn', data: { userId: dana }, occurredAt: minute(10) },
      { type: 'ProfileUpdated', data: { userId: dana, name: 'Dana Reyes', bio: 'ICU recruiter' } },
      {
        type: 'NotificationPreferencesChanged',
        data: { userId: dana, marketing: false, newFeatures: true, securityAlerts: true },
      },
      { type: 'AdminRoleGranted', data: { userId: dana, grantedBy: 'root' } },
    ]);

    expect(await model.thenRows('select * from users')).toEqual([
      {
        id: dana,
        email: 'dana@clinic.example',
        email_verified: true,
        phone: '+1 555 0100',
        source: 'google',
        name: 'Dana Reyes',
        bio: 'ICU recruiter',
        notifications: { marketing: false, newFeatures: true, securityAlerts: true },
        admin_granted: true,
        created_at: new Date(minute(0)),
        last_sign_in_at: new Date(minute(30)),
      },
    ]);
  });

  it('takes the admin role away when it is revoked', async () => {
    const model = await givenEvents(usersProjection, [
      registered(dana, 'dana@clinic.example'),
      { type: 'AdminRoleGranted', data: { userId: dana, grantedBy: 'root' } },
      { type: 'AdminRoleRevoked', data: { userId: dana, revokedBy: 'root' } },
    ]);

    expect(await model.thenRows('select admin_granted from users')).toEqual([{ admin_granted: false }]);
  });

  it("removes a deleted user's row, and a sign-in that raced the deletion brings nothing back", async () => {
    const model = await givenEvents(usersProjection, [
      registered(dana, 'dana@clinic.example'),
      registered(lee, 'lee@staffing.example'),
      { type: 'UserDeleted', data: { userId: dana, deletedBy: 'admin' } },
      { type: 'PersonalDataErased', data: { subjectId: dana } },
      { type: 'UserSignedIn', data: { userId: dana } },
      { type: 'ProfileUpdated', data: { userId: dana, name: 'Dana', bio: '' } },
    ]);

    expect(await model.thenRows('select id, email from users')).toEqual([
      { id: lee, email: 'lee@staffing.example' },
    ]);
  });
});
