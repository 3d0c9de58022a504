import { SearchRequest } from '@healthtal/contracts';
import { describe, expect, test } from 'vitest';
import {
  clampTestCount,
  complexityMix,
  delayBetweenRuns,
  percentile,
  robustnessPlan,
  runErrorMessage,
  summarize,
} from './robustness-tester';

describe('the search robustness tester', () => {
  test('the count is clamped to 1..1000 and defaults to 20 when not a number', () => {
    expect(clampTestCount('abc')).toBe(20);
    expect(clampTestCount('')).toBe(20);
    expect(clampTestCount('0')).toBe(1);
    expect(clampTestCount('-5')).toBe(1);
    expect(clampTestCount('5000')).toBe(1000);
    expect(clampTestCount('37')).toBe(37);
  });

  test('the mix is 25% simple, 35% medium, 25% complex, the rest ultra', () => {
    expect(complexityMix(20)).toEqual({ simple: 5, medium: 7, complex: 5, ultra: 3 });
    expect(complexityMix(100)).toEqual({ simple: 25, medium: 35, complex: 25, ultra: 15 });
    expect(Object.values(complexityMix(7)).reduce((a, b) => a + b)).toBe(7);
  });

  test('runs wait 500 ms apart up to 50 tests, 200 ms above', () => {
    expect(delayBetweenRuns(50)).toBe(500);
    expect(delayBetweenRuns(51)).toBe(200);
  });

  test('every planned search is page 1 of 25 and valid for the search endpoint', () => {
    let seed = 1;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const plan = robustnessPlan(100, random);
    expect(plan).toHaveLength(100);
    expect(plan.filter((p) => p.complexity === 'ultra')).toHaveLength(15);
    for (const { body } of plan) {
      expect(body).toMatchObject({ page: 1, limit: 25 });
      expect(SearchRequest.safeParse(body).success).toBe(true);
    }
    // Boolean Keywords are part of the mix.
    expect(plan.some(({ body }) => body.query?.includes(' OR '))).toBe(true);
  });

  test('the summary reports p50/p95 over successful runs and counts failures', () => {
    const results = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map((ms) => ({ ok: true, ms }));
    expect(summarize([...results, { ok: false, ms: 5, error: 'x' }])).toEqual({
      runs: 11,
      failures: 1,
      p50: 50,
      p95: 100,
    });
    expect(percentile([], 50)).toBeNull();
  });

  test('a failed run says why', () => {
    expect(runErrorMessage(new Error('Search timed out'))).toBe('Search timed out');
    expect(runErrorMessage(null, 500)).toBe('Request failed');
    expect(runErrorMessage(null)).toBe('Unknown error');
    // A refused field shows the server's message for it, not the generic 400.
    expect(
      runErrorMessage(new Error('Invalid request'), 400, { query: 'Unclosed quote at position 0.' }),
    ).toBe('Keywords: Unclosed quote at position 0.');
  });
});
