import { describe, expect, it } from 'vitest';
import { percentile, SearchMetrics } from './search-metrics';

describe('search metrics for the dashboard', () => {
  it('takes nearest-rank percentiles', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 0.5)).toBe(50);
    expect(percentile(values, 0.95)).toBe(95);
    expect(percentile([7], 0.95)).toBe(7);
    expect(percentile([], 0.5)).toBeNull();
  });

  it('counts searches and failures per UTC day, and over a range', () => {
    const metrics = new SearchMetrics();
    metrics.record(10, false, new Date('2025-03-01T23:59:00Z'));
    metrics.record(30, false, new Date('2025-03-02T00:01:00Z'));
    metrics.record(20, true, new Date('2025-03-02T08:00:00Z'));
    expect(metrics.figuresOf('2025-03-01')).toEqual({ searches: 1, errors: 0, p50Ms: 10, p95Ms: 10 });
    expect(metrics.figuresOf('2025-03-02')).toEqual({ searches: 1, errors: 1, p50Ms: 20, p95Ms: 30 });
    expect(metrics.figuresSince('2025-03-01')).toMatchObject({ searches: 2, errors: 1, p50Ms: 20 });
    expect(metrics.figuresOf('2025-03-03')).toEqual({ searches: 0, errors: 0, p50Ms: null, p95Ms: null });
  });

  it('keeps a bounded sample of a busy day and forgets days past 90', () => {
    const metrics = new SearchMetrics(() => 0.999_999);
    const day = new Date('2025-03-01T12:00:00Z');
    for (let i = 0; i < 5000; i++) metrics.record(i < 1000 ? 5 : 500, false, day);
    // Past the first 1000, each later sample lands beyond the kept slots with this random source.
    expect(metrics.figuresOf('2025-03-01')).toEqual({ searches: 5000, errors: 0, p50Ms: 5, p95Ms: 5 });
    metrics.record(1, false, new Date('2025-06-15T00:00:00Z'));
    expect(metrics.figuresOf('2025-03-01').searches).toBe(0);
  });
});
