import { randomUUID } from 'node:crypto';
import {
  type EmailTemplate,
  type GeneratedEmail,
  OutreachMessages,
  type Problem,
  renderTemplate,
} from '@healthtal/contracts';
import { emailTemplatesProjection, rebuildProjection } from '@healthtal/projections';
import { type SignedIn, startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const form = {
  jobTitle: 'Pediatric Nurse Practitioner',
  jobDescription:
    'Join a growing pediatric clinic in Columbus. Monday to Friday, no nights. Competitive pay and CME allowance. Loan repayment available.',
  tone: 'formal',
  length: 'medium',
  positionType: 'part-time',
  signature: 'Avery Quinn\nNorthwind Health Careers',
};

// No OPENAI_API_KEY: the built-in template writer answers.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const problemOf = async (response: Response) =>
  (await response.json()) as Problem & { errors?: Record<string, string> };
const generate = async (body: unknown, as: 'premium' | 'demo' | SignedIn = 'premium') =>
  app.request('/api/v1/email/generate', { method: 'POST', as, json: body });
const saveTemplate = (body: unknown, as: 'premium' | 'basic' | SignedIn = 'premium') =>
  app.request('/api/v1/email/templates', { method: 'POST', as, json: body });

describe('the email generator without an AI key', () => {
  it('answers with the built-in template writer, labelled as such, from the form', async () => {
    const response = await generate(form);
    expect(response.status).toBe(200);
    const email = (await response.json()) as GeneratedEmail;
    expect(email.generator).toBe('template');
    expect(email.canSend).toBe(true);
    expect(email.subject).toBe('Part-time Pediatric Nurse Practitioner position');
    expect(email.body).toMatch(/^Dear \{\{first_name\}\},/);
    expect(email.body).toContain('part-time Pediatric Nurse Practitioner');
    // The description in the writer's own words, never pasted; "no nights" is not a night-shift job.
    expect(email.body).not.toContain('Join a growing pediatric clinic in Columbus.');
    expect(email.body).toContain(
      'Highlights of the role include a weekday schedule, no night shifts, outpatient care and loan repayment',
    );
    expect(email.body).not.toMatch(/include[^.]*(?<!no )night shifts/);
    expect(email.body.endsWith('Sincerely,\nAvery Quinn\nNorthwind Health Careers')).toBe(true);
  });

  it('writes the same email for the same form', async () => {
    const first = await (await generate(form)).json();
    const second = await (await generate(form)).json();
    expect(second).toEqual(first);
  });

  it('follows tone and length', async () => {
    const short = (await (
      await generate({ ...form, tone: 'casual', length: 'short' })
    ).json()) as GeneratedEmail;
    const long = (await (await generate({ ...form, length: 'long' })).json()) as GeneratedEmail;
    expect(short.body).toMatch(/^Hey \{\{first_name\}\},/);
    // A short email names two highlights, a long one all it recognised.
    expect(short.body).toContain('Highlights of the role include a weekday schedule and no night shifts;');
    expect(long.body).toContain('continuing education');
    expect(long.body.length).toBeGreaterThan(short.body.length);
  });

  it('uses the spec defaults when tone, length and position type are left out', async () => {
    const email = (await (
      await generate({ jobTitle: form.jobTitle, jobDescription: form.jobDescription })
    ).json()) as GeneratedEmail;
    expect(email.subject).toBe('Full-time Pediatric Nurse Practitioner opportunity for you');
    expect(email.body).toMatch(/^Hello \{\{first_name\}\},/);
  });

  it('writes a 13-week travel contract as a contract, not full-time, when no position type is chosen (issue 35)', async () => {
    const response = await generate({
      jobTitle: 'ICU Travel Nurse',
      jobDescription: 'Mercy General seeks an ICU nurse for a 13-week travel contract. Night shifts, 3x12.',
    });
    expect(response.status).toBe(200);
    const email = (await response.json()) as GeneratedEmail;
    expect(email.positionType).toBe('contract');
    expect(email.subject).toBe('Contract ICU Travel Nurse opportunity for you');
    expect(email.body).not.toContain('full-time');
    const { rows } = await app.database.pool.query(
      `select data->>'positionType' as "positionType" from eventstore.events
        where type = 'EmailGenerated' order by global_position desc limit 1`,
    );
    expect(rows[0].positionType).toBe('contract');
  });

  it('renders for a candidate with the spec fallbacks', async () => {
    const email = (await (await generate(form)).json()) as GeneratedEmail;
    expect(renderTemplate(email.body, { Contactfirstname: 'Priya' })).toMatch(/^Dear Priya,/);
    expect(renderTemplate(email.body, {})).toMatch(/^Dear there,/);
    expect(renderTemplate(email.body, {})).toContain('as a healthcare professional');
  });

  it('lets a demo account generate but not send', async () => {
    const response = await generate(form, 'demo');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ generator: 'template', canSend: false });
  });

  it('refuses an anonymous caller', async () => {
    const response = await app.request('/api/v1/email/generate', { method: 'POST', json: form });
    expect(response.status).toBe(401);
  });

  it('limits how often one user generates', async () => {
    const user = await app.signUp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await generate(form, user)).status);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    const refused = await generate(form, user);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // Someone else is not held back by it.
    expect((await generate(form, await app.signUp())).status).toBe(200);
  });
});

describe('email templates', () => {
  const template = {
    jobTitle: 'ICU Travel Nurse',
    subject: 'A contract ICU role for {{first_name}}',
    body: `Hi {{first_name}},\n\n${'We have a 13-week ICU assignment in {{location}}. '.repeat(6)}\n\nBest,\nJordan`,
    tone: 'friendly',
    length: 'short',
    positionType: 'contract',
  };

  it('saves a template named after the job title and lists it with a 150-character excerpt', async () => {
    const owner = await app.signUp();
    const saved = await saveTemplate(template, owner);
    expect(saved.status).toBe(201);
    const answer = (await saved.json()) as EmailTemplate;
    const { id } = answer;
    await app.caughtUp();
    const list = (await (
      await app.request('/api/v1/email/templates', { as: owner })
    ).json()) as EmailTemplate[];
    expect(list).toEqual([answer]);
    expect(list).toEqual([
      {
        id,
        name: 'ICU Travel Nurse',
        subject: template.subject,
        body: template.body,
        excerpt: template.body.slice(0, 150),
        tone: 'friendly',
        length: 'short',
        positionType: 'contract',
        createdAt: expect.any(String),
      },
    ]);
    const loaded = await app.request(`/api/v1/email/templates/${id}`, { as: owner });
    expect(await loaded.json()).toEqual(list[0]);
  });

  it('lists newest first, and only the caller’s own', async () => {
    const owner = await app.signUp();
    const other = await app.signUp();
    await saveTemplate({ ...template, jobTitle: 'First' }, owner);
    await saveTemplate({ ...template, jobTitle: 'Second' }, owner);
    await saveTemplate({ ...template, jobTitle: 'Not yours' }, other);
    await app.caughtUp();
    const list = (await (
      await app.request('/api/v1/email/templates', { as: owner })
    ).json()) as EmailTemplate[];
    expect(list.map((t) => t.name)).toEqual(['Second', 'First']);
  });

  it("answers 404 for another user's template, and leaves it alone", async () => {
    const owner = await app.signUp();
    const intruder = await app.signUp();
    const { id } = (await (await saveTemplate(template, owner)).json()) as { id: string };
    await app.caughtUp();
    const before = await app.eventCount();
    expect((await app.request(`/api/v1/email/templates/${id}`, { as: intruder })).status).toBe(404);
    const deleted = await app.request(`/api/v1/email/templates/${id}`, { method: 'DELETE', as: intruder });
    expect(deleted.status).toBe(404);
    expect(await app.eventCount()).toBe(before);
    expect((await app.request(`/api/v1/email/templates/${id}`, { as: owner })).status).toBe(200);
  });

  it('deletes a template once', async () => {
    const owner = await app.signUp();
    const { id } = (await (await saveTemplate(template, owner)).json()) as { id: string };
    const deleted = await app.request(`/api/v1/email/templates/${id}`, { method: 'DELETE', as: owner });
    expect(deleted.status).toBe(204);
    await app.caughtUp();
    expect((await app.request(`/api/v1/email/templates/${id}`, { as: owner })).status).toBe(404);
    expect(await (await app.request('/api/v1/email/templates', { as: owner })).json()).toEqual([]);
    const again = await app.request(`/api/v1/email/templates/${id}`, { method: 'DELETE', as: owner });
    expect(again.status).toBe(404);
  });

  it('answers a retried delete as the first one, even when its answer was lost', async () => {
    const owner = await app.signUp();
    const { id } = (await (await saveTemplate(template, owner)).json()) as { id: string };
    const remove = () =>
      app.request(`/api/v1/email/templates/${id}`, {
        method: 'DELETE',
        as: owner,
        headers: { 'idempotency-key': `delete-${id}` },
      });
    expect((await remove()).status).toBe(204);
    // The process was killed before it stored the answer: the event is in the log, the key's claim
    // is left without an answer and its owner is gone.
    await app.database.pool.query(
      'update idempotency_keys set status = null, response = null, owner = $2 where key = $1',
      [`delete-${id}`, randomUUID()],
    );
    const before = await app.eventCount();
    expect((await remove()).status).toBe(204);
    expect(await app.eventCount()).toBe(before);
  });

  it('needs a generated email and a job title, with the spec message, and stores nothing', async () => {
    const before = await app.eventCount();
    for (const change of [{ jobTitle: '  ' }, { body: '' }, { subject: undefined }]) {
      const response = await saveTemplate({ ...template, ...change });
      expect(response.status).toBe(400);
      const problem = await problemOf(response);
      expect(Object.values(problem.errors ?? {})).toEqual([OutreachMessages.missingInformation]);
    }
    expect(await app.eventCount()).toBe(before);
  });

  it('answers a retried save with the same template', async () => {
    const owner = await app.signUp();
    const headers = { 'idempotency-key': 'save-template-1' };
    const first = await app.request('/api/v1/email/templates', {
      method: 'POST',
      as: owner,
      json: template,
      headers,
    });
    const second = await app.request('/api/v1/email/templates', {
      method: 'POST',
      as: owner,
      json: template,
      headers,
    });
    expect(await second.json()).toEqual(await first.json());
    await app.caughtUp();
    expect(await (await app.request('/api/v1/email/templates', { as: owner })).json()).toHaveLength(1);
  });

  it("goes with its owner's account, and stays gone after a rebuild", async () => {
    const owner = await app.signUp();
    const keeper = await app.signUp();
    await saveTemplate(template, owner);
    await saveTemplate({ ...template, jobTitle: 'Kept' }, keeper);
    await app.caughtUp();
    const removed = await app.request(`/api/admin/users/${owner.userId}`, { method: 'DELETE', as: 'admin' });
    expect(removed.status).toBeLessThan(300);
    await app.caughtUp();
    const { rows } = await app.database.pool.query(
      'select count(*)::int as n from email_templates where owner_id = $1',
      [owner.userId],
    );
    expect(rows[0].n).toBe(0);

    // The log still holds the event, but its text is erased: a replay does not bring it back.
    await rebuildProjection(app.pool, app.store, emailTemplatesProjection);
    const after = await app.database.pool.query<{ owner_id: string; name: string }>(
      'select owner_id, name from email_templates where owner_id = any($1)',
      [[owner.userId, keeper.userId]],
    );
    expect(after.rows).toEqual([{ owner_id: keeper.userId, name: 'Kept' }]);
  });
});
