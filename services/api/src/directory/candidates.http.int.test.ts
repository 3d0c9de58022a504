import { randomUUID } from 'node:crypto';
import { CandidateProfile, ContactDetails, type Problem } from '@healthtal/contracts';
import { everyone, importCandidates, james, kate, lee, maria, priya } from '@healthtal/testkit/candidates';
import { candidate } from '@healthtal/testkit/directory-fixture';
import { type Role, type SignedIn, startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  await importCandidates(app, everyone);
});
afterAll(() => app?.close());

type Caller = Role | SignedIn | undefined;
const profileOf = (id: string, as: Caller) =>
  app.request(`/api/v1/candidates/${id}`, as === undefined ? {} : { as });
const reveal = (id: string, as?: Caller) =>
  app.request(`/api/v1/candidates/${id}/reveal`, { method: 'POST', ...(as === undefined ? {} : { as }) });
const reveals = async (userId: string) => app.store.readStream(`reveals-${userId}`);
const revealsToday = async (userId: string) => {
  await app.caughtUp();
  const { rows } = await app.pool.query<{ reveals: number }>(
    `select reveals from usage_counters where user_id = $1 and day = (now() at time zone 'UTC')::date`,
    [userId],
  );
  return rows[0]?.reveals ?? 0;
};

describe('GET /api/v1/candidates/:id (the profile)', () => {
  it('shows every record field, with "null" texts as empty and skills and education parsed', async () => {
    const response = await profileOf(maria.candidateId, 'basic');
    expect(response.status).toBe(200);
    const text = await response.text();
    const profile = CandidateProfile.strict().parse(JSON.parse(text));
    // Every field of the profile (the card's and the field table's record fields), each as below.
    expect(Object.keys(profile).sort()).toEqual(Object.keys(CandidateProfile.shape).sort());
    expect(profile).toMatchObject({
      id: maria.candidateId,
      firstName: 'Maria',
      middleName: null,
      lastName: 'Delgado',
      title: 'ICU Registered Nurse',
      titleLevel: 'Senior',
      jobFunctions: 'Nursing, Critical Care',
      specialty: 'Nurse',
      organization: 'Memorial Hermann Hospital',
      companyEmployees: '5000+',
      companyIndustry: 'Hospitals & Physicians Clinics',
      companyRevenueRange: '$1B+',
      companyDomain: null,
      companyStartDate: '2018-06',
      location: 'Houston, TX',
      city: 'Houston',
      state: 'TX',
      officeCity: null,
      officeState: null,
      officeZip: '77030',
      skills: ['ACLS', 'BLS', 'Critical Care'],
      education: [{ school: 'University of Houston', degree: 'BSN' }],
      linkedinUrl: 'https://www.linkedin.com/in/maria-delgado-rn',
      hasLinkedin: true,
      connections: 412,
      gender: null,
      hasEmail: true,
      hasPhone: true,
      emailStatus: 'valid',
      emailVerifiedAt: '2026-09-14T10:00:00.000Z',
      phoneVerifiedAt: '2026-09-20T16:30:00.000Z',
      // Not from the NPI registry: no NPI, registry date or per-field updates to show.
      registry: null,
      source: 'test',
    });
    // Contacts come only by reveal.
    expect(text).not.toContain('maria.delgado@mail.example');
    expect(text).not.toContain('555-0142');
  });

  it('splits comma-separated skills and the flat education notation, dropping empty entries', async () => {
    const profile = CandidateProfile.parse(await (await profileOf(james.candidateId, 'premium')).json());
    expect(profile.skills).toEqual(['Echocardiography', 'Cardiac Catheterization']);
    expect(profile.education).toEqual([
      { school: 'Johns Hopkins School of Medicine', degree: 'MD' },
      { school: 'Duke University', degree: 'BS, MS' },
    ]);
    expect(profile).toMatchObject({ middleName: 'Chidi', hasEmail: true, hasPhone: true });
  });

  it('hides a location that is only "null" texts, and has no skills or education to show', async () => {
    const profile = CandidateProfile.parse(await (await profileOf(priya.candidateId, 'admin')).json());
    expect(profile).toMatchObject({
      title: null,
      city: null,
      state: null,
      location: null,
      skills: [],
      education: [],
    });
  });

  it('says a candidate without contacts has none to reveal', async () => {
    const profile = CandidateProfile.parse(await (await profileOf(lee.candidateId, 'basic')).json());
    expect(profile).toMatchObject({ hasEmail: false, hasPhone: false, specialty: 'Physical Therapist' });
  });

  it('keeps OBGYN in capitals', async () => {
    const profile = CandidateProfile.parse(await (await profileOf(kate.candidateId, 'basic')).json());
    expect(profile.specialty).toBe('OBGYN');
  });

  it.each([
    ['basic', 200],
    ['premium', 200],
    ['admin', 200],
    ['demo', 200],
    ['demo-full', 200],
    ['free', 403],
  ] as const)(
    'answers %s with %i (the paywall lets subscribers, admins and demo users through)',
    async (role, status) => {
      expect((await profileOf(maria.candidateId, role)).status).toBe(status);
    },
  );

  it('asks an anonymous visitor to sign in', async () => {
    expect((await profileOf(maria.candidateId, undefined)).status).toBe(401);
  });

  it('answers an unknown candidate with 404 "Candidate not found"', async () => {
    const response = await profileOf(randomUUID(), 'basic');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(((await response.json()) as Problem).title).toBe('Candidate not found');
  });

  it('answers a malformed id with 400 naming the id', async () => {
    const response = await profileOf('not-a-candidate', 'basic');
    expect(response.status).toBe(400);
    expect(((await response.json()) as Problem & { errors: Record<string, string> }).errors).toHaveProperty(
      'id',
    );
  });
});

describe('POST /api/v1/candidates/:id/reveal', () => {
  it('shows a subscriber the personal email and phone, and records each reveal with who and when', async () => {
    const user = await app.as('basic');
    const before = await reveals(user.userId);
    const response = await reveal(maria.candidateId, 'basic');
    expect(response.status).toBe(200);
    expect(ContactDetails.strict().parse(await response.json())).toEqual({
      email: 'maria.delgado@mail.example',
      personalEmail: 'maria.delgado@mail.example',
      workEmail: 'mdelgado@memorialhermann.example',
      // As E.164, whatever spelling the import stored (docs/adr/0022).
      phone: '+17135550142',
      directPhone: '+17135550199',
      linkedinUrl: 'https://www.linkedin.com/in/maria-delgado-rn',
      emailStatus: 'valid',
      emailVerifiedAt: '2026-09-14T10:00:00.000Z',
      phoneVerifiedAt: '2026-09-20T16:30:00.000Z',
    });
    const after = await reveals(user.userId);
    expect(after).toHaveLength(before.length + 1);
    const event = after.at(-1)!;
    expect(event.type).toBe('ContactRevealed');
    expect(event.data).toEqual({ userId: user.userId, candidateId: maria.candidateId, viaDemoGrant: false });
    expect(event.metadata.userId).toBe(user.userId);
    expect(Date.now() - Date.parse(event.metadata.occurredAt)).toBeLessThan(60_000);
  });

  it('records every call, and counts them in the usage counters', async () => {
    const user = await app.as('basic');
    const before = (await reveals(user.userId)).length;
    const counted = await revealsToday(user.userId);
    expect((await reveal(james.candidateId, 'basic')).status).toBe(200);
    expect((await reveal(james.candidateId, 'basic')).status).toBe(200);
    expect(await reveals(user.userId)).toHaveLength(before + 2);
    expect(await revealsToday(user.userId)).toBe(counted + 2);
  });

  it('falls back to the work email and the direct dial when there is no personal email or phone', async () => {
    const details = ContactDetails.parse(await (await reveal(james.candidateId, 'premium')).json());
    expect(details).toMatchObject({
      email: 'j.okafor@clevelandheart.example',
      personalEmail: null,
      phone: '+12165550187',
      directPhone: '+12165550187',
    });
  });

  it('shows contacts to an admin', async () => {
    const response = await reveal(priya.candidateId, 'admin');
    expect(response.status).toBe(200);
    expect(ContactDetails.parse(await response.json()).email).toBe('priya.raman@mail.example');
  });

  it('lets a demo user with a full_access grant reveal, using the grant', async () => {
    const user = await app.as('demo-full');
    const uses = (await app.store.readStream(`demo-${user.userId}`)).length;
    const response = await reveal(priya.candidateId, 'demo-full');
    expect(response.status).toBe(200);
    expect(ContactDetails.parse(await response.json()).phone).toBe('+15550107788');
    const demo = await app.store.readStream(`demo-${user.userId}`);
    expect(demo).toHaveLength(uses + 1);
    expect(demo.at(-1)!.type).toBe('DemoAccessUsed');
    expect((await reveals(user.userId)).at(-1)!.data).toMatchObject({ viaDemoGrant: true });
  });

  it('refuses the second reveal of a demo grant with one use, and reveals nothing', async () => {
    const user = await app.signUp();
    const granted = await app.request('/api/admin/demo-grants', {
      method: 'POST',
      as: 'admin',
      json: { userId: user.userId, featureType: 'full_access', duration: 'indefinite', maxUses: 1 },
    });
    expect(granted.status).toBe(201);
    await app.caughtUp();
    const first = await reveal(maria.candidateId, user);
    expect(first.status).toBe(200);
    const second = await reveal(maria.candidateId, user);
    expect(second.status).toBe(403);
    const body = (await second.json()) as Problem;
    expect(JSON.stringify(body)).not.toContain('maria.delgado');
    expect(await reveals(user.userId)).toHaveLength(1);
    // Once the read model has the use too, the policy refuses before the grant is even consulted.
    await app.caughtUp();
    expect((await reveal(maria.candidateId, user)).status).toBe(403);
    expect(await reveals(user.userId)).toHaveLength(1);
  });

  it.each([
    ['demo', 'the demo account without a grant'],
    ['free', 'a free user'],
  ] as const)('refuses %s (%s) with 403 and records nothing', async (role, _who) => {
    const user = await app.as(role);
    const response = await reveal(maria.candidateId, role);
    expect(response.status).toBe(403);
    expect(await response.text()).not.toContain('maria.delgado');
    expect(await reveals(user.userId)).toHaveLength(0);
  });

  it('asks an anonymous visitor to sign in', async () => {
    expect((await reveal(maria.candidateId)).status).toBe(401);
  });

  it('answers an unknown candidate with 404, without using a demo grant', async () => {
    const user = await app.as('demo-full');
    const uses = (await app.store.readStream(`demo-${user.userId}`)).length;
    const response = await reveal(randomUUID(), 'demo-full');
    expect(response.status).toBe(404);
    expect(((await response.json()) as Problem).title).toBe('Candidate not found');
    expect(await app.store.readStream(`demo-${user.userId}`)).toHaveLength(uses);
  });

  it('reveals nothing, uses nothing and records nothing for a candidate without contacts', async () => {
    // No email, no phone and no LinkedIn profile: a LinkedIn URL is a contact detail a demo use pays
    // for (issue 32, finding 10).
    const nobody = candidate('no-contacts', {
      personalEmail: null,
      workEmail: null,
      phone: null,
      directPhone: null,
      linkedinUrl: null,
    });
    await importCandidates(app, [nobody]);
    const user = await app.as('demo-full');
    const [uses, revealed] = [
      (await app.store.readStream(`demo-${user.userId}`)).length,
      (await reveals(user.userId)).length,
    ];
    const response = await reveal(nobody.candidateId, 'demo-full');
    expect(response.status).toBe(200);
    expect(ContactDetails.parse(await response.json())).toMatchObject({
      email: null,
      phone: null,
      linkedinUrl: null,
    });
    expect(await app.store.readStream(`demo-${user.userId}`)).toHaveLength(uses);
    expect(await reveals(user.userId)).toHaveLength(revealed);
  });

  it('answers a retried reveal with the same Idempotency-Key once', async () => {
    const user = await app.as('premium');
    const before = (await reveals(user.userId)).length;
    const send = () =>
      app.request(`/api/v1/candidates/${kate.candidateId}/reveal`, {
        method: 'POST',
        as: 'premium',
        headers: { 'idempotency-key': `reveal-${kate.candidateId}` },
      });
    const [first, second] = [await send(), await send()];
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await second.json()).toEqual(await first.json());
    expect(await reveals(user.userId)).toHaveLength(before + 1);
  });
});
