import {
  FALLBACK_HOME_SPECIALTIES,
  FALLBACK_SPECIALTY_COUNTS,
  type SearchResponse,
  SPECIALTIES_A_TO_Z,
  SpecialtyCount,
} from '@healthtal/contracts';
import { startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { seedSyntheticDirectory } from '@healthtal/testkit/synthetic-directory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

// Issue 16: one specialty taxonomy. On the directory a first start seeds, every name the public
// pages offer (A–Z, Home's fallback, the pickers' fallback) finds people through the filter.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  await seedSyntheticDirectory(app);
}, 300_000);
afterAll(() => app?.close());

const count = async (specialty: string[]) => {
  const response = await app.request('/api/v1/search', {
    method: 'POST',
    json: { specialty, limit: 1 },
    as: 'basic',
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as SearchResponse).count;
};

describe('the specialty taxonomy on the default 20,000-row seed', () => {
  it('finds people for every Specialties A–Z link, the same number the counts show', async () => {
    const counts = new Map(
      z
        .array(SpecialtyCount)
        .parse(await (await app.request('/api/v1/specialty-counts', { as: 'basic' })).json())
        .map((c) => [c.specialty, c.count]),
    );
    const empty: string[] = [];
    for (const name of SPECIALTIES_A_TO_Z) {
      const found = await count([name]);
      if (found === 0) empty.push(name);
      expect(found, name).toBe(counts.get(name));
    }
    expect(empty).toEqual([]);
    // The counts name nothing the taxonomy does not: no "Registered Nurse" beside Nurse, no "Emt".
    expect([...counts.keys()].sort()).toEqual([...SPECIALTIES_A_TO_Z].sort());
  });

  it('finds people for Home and picker fallbacks, and folds aliases into their specialty', async () => {
    for (const name of FALLBACK_HOME_SPECIALTIES) expect(await count([name]), name).toBeGreaterThan(0);
    for (const { specialty } of FALLBACK_SPECIALTY_COUNTS)
      expect(await count([specialty]), specialty).toBeGreaterThan(0);
    const nurses = await count(['Nurse']);
    expect(nurses).toBeGreaterThan(9000);
    expect(await count(['Registered Nurse'])).toBe(nurses);
    expect(await count(['rn'])).toBe(nurses);
    expect(await count(['crna'])).toBe(await count(['Certified Registered Nurse Anesthetist']));
    expect(await count(['ob/gyn'])).toBe(await count(['OBGYN']));
  });
});
