import { readFileSync } from 'node:fs';
import { JobPostingLimits, PostingProposal, type Problem } from '@healthtal/contracts';
import { type FakeOpenAi, startFakeOpenAi } from '@healthtal/testkit/fake-openai';
import { type SignedIn, startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobPostingFixtures } from './proposal-score';

const postings = jobPostingFixtures(
  JSON.parse(
    readFileSync(new URL('../../../../../test/fixtures/job-postings.json', import.meta.url), 'utf8'),
  ),
);
const travel = postings.find((p) => p.id === 'icu-travel-13-week')!.text;
const API_KEY = 'sk-test-postings';

let plain: TestApp;
let withAi: TestApp;
let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi(API_KEY);
  [plain, withAi] = await Promise.all([
    startTestApp(),
    startTestApp({
      OPENAI_API_KEY: API_KEY,
      OPENAI_BASE_URL: fake.url,
      OPENAI_MODEL: 'gpt-test',
      OPENAI_TIMEOUT_MS: '1500',
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain?.close(), withAi?.close()]);
  await fake?.close();
});

const read = (app: TestApp, json: unknown, as: 'free' | SignedIn | null = 'free') =>
  app.request('/api/v1/search/from-posting', { method: 'POST', json, ...(as ? { as } : {}) });
const problemOf = async (response: Response) =>
  (await response.json()) as Problem & { errors?: Record<string, string> };

describe('POST /api/v1/search/from-posting without an AI key', () => {
  it('proposes the travel contract’s filters, each with the words it came from', async () => {
    const response = await read(plain, { text: travel });
    expect(response.status).toBe(200);
    const answer = PostingProposal.parse(await response.json());
    expect(answer.extractor).toBe('rules');
    expect(answer.message).toMatch(/built-in reader/);
    const { proposal } = answer;
    expect(proposal.specialty).toEqual([{ value: 'Nurse', from: 'RN' }]);
    expect(proposal.credential.map((c) => c.value)).toEqual(['RN']);
    expect(proposal.state.map((s) => s.value)).toEqual(['AZ']);
    expect(proposal.licensedIn).toEqual([{ value: 'AZ', from: 'Arizona RN license' }]);
    expect(proposal.city).toEqual({ value: 'Phoenix', from: 'Phoenix, AZ 85006' });
    expect(proposal.positionType).toEqual({ value: 'contract', from: 'Travel' });
    expect(proposal.shift?.value).toBe('night');
    expect(proposal.yearsInPractice).toEqual({ value: { min: 2, max: null }, from: '2+ years' });
    expect(proposal.compactLicense?.value).toBe(true);
    for (const skill of proposal.skills) expect(travel).toContain(skill.from);
  });

  it('refuses an empty or too long posting with the field’s error, and an unknown field', async () => {
    const empty = await read(plain, { text: '   ' });
    expect(empty.status).toBe(400);
    expect((await problemOf(empty)).errors?.text).toBe('Paste a job posting to propose filters.');
    const long = await read(plain, { text: 'x'.repeat(JobPostingLimits.textMax + 1) });
    expect(long.status).toBe(400);
    expect((await problemOf(long)).errors?.text).toMatch(/at most 8,000 characters/);
    expect((await read(plain, { text: travel, search: true })).status).toBe(400);
  });

  it('is for signed-in users, as search is', async () => {
    expect((await read(plain, { text: travel }, null)).status).toBe(401);
  });
});

describe('POST /api/v1/search/from-posting through the openai SDK', () => {
  const modelAnswer = {
    specialty: [
      { value: 'registered nurse', from: 'Registered Nurse' },
      { value: 'Critical Care Wizardry', from: 'ICU' },
    ],
    credential: [{ value: 'RN', from: 'RN' }],
    licensedIn: [{ value: 'Arizona', from: 'Arizona RN license' }],
    state: [
      { value: 'az', from: 'Phoenix, AZ' },
      { value: 'ZZ', from: 'Phoenix' },
    ],
    city: { value: 'Phoenix', from: 'Phoenix' },
    near: null,
    yearsInPractice: { value: { min: 2, max: null }, from: '2+ years of recent ICU experience' },
    skills: [
      { value: 'acls', from: 'ACLS' },
      { value: 'Titrating Drips', from: 'titrating drips' },
      { value: 'BLS', from: 'words the posting never had' },
    ],
    positionType: { value: 'contract', from: '13-Week Contract' },
    shift: { value: 'night', from: 'Nights' },
    compactLicense: { value: true, from: 'compact (NLC) multistate license' },
  };

  it('holds the model to the strict JSON schema and drops what the vocabularies do not hold', async () => {
    fake.answerWith(() => ({ content: JSON.stringify(modelAnswer) }));
    const response = await read(withAi, { text: travel });
    expect(response.status).toBe(200);
    const [request] = fake.requests;
    expect(request?.response_format?.type).toBe('json_schema');
    expect(request?.response_format?.json_schema).toMatchObject({ name: 'proposed_search', strict: true });
    expect(request?.messages.find((m) => m.role === 'user')?.content).toContain('<job_posting>');
    const answer = PostingProposal.parse(await response.json());
    expect(answer.extractor).toBe('openai');
    expect(answer.proposal.specialty).toEqual([{ value: 'Nurse', from: 'Registered Nurse' }]);
    expect(answer.proposal.licensedIn.map((s) => s.value)).toEqual(['AZ']);
    expect(answer.proposal.state.map((s) => s.value)).toEqual(['AZ']);
    expect(answer.proposal.skills.map((s) => s.value)).toEqual(['ACLS']);
    expect(answer.dropped).toEqual([
      { field: 'state', value: 'ZZ' },
      { field: 'specialty', value: 'Critical Care Wizardry' },
      { field: 'skills', value: 'Titrating Drips' },
      { field: 'skills', value: 'BLS' },
    ]);
  });

  it('answers a model that is not JSON of the schema as the email generator does', async () => {
    fake.answerWith(() => ({ content: JSON.stringify({ specialty: 'Nurse' }) }));
    const response = await read(withAi, { text: travel });
    expect(response.status).toBe(502);
    expect((await problemOf(response)).detail).toBe('Invalid response format from AI service');
  });

  it('allows one user 20 model readings in 10 minutes, as many as emails; the built-in reader is not limited', async () => {
    fake.answerWith(() => ({ content: JSON.stringify(modelAnswer) }));
    const user = await withAi.signUp();
    for (let i = 0; i < 20; i++) expect((await read(withAi, { text: travel }, user)).status).toBe(200);
    const refused = await read(withAi, { text: travel }, user);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    const reader = await plain.signUp();
    for (let i = 0; i < 21; i++) expect((await read(plain, { text: travel }, reader)).status).toBe(200);
  });

  it('passes on the AI service’s rate limit with its Retry-After', async () => {
    fake.answerWith(() => ({ status: 429, message: 'Rate limit reached', headers: { 'retry-after': '7' } }));
    const response = await read(withAi, { text: travel });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('7');
  });
});
