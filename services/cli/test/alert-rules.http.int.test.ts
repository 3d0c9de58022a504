import { readFileSync } from 'node:fs';
import path from 'node:path';
import { candidate, importCandidates } from '@healthtal/testkit/directory-fixture';
import { startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { parsePrometheusText } from '@healthtal/testkit/prometheus-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from '../src/data-dir';

// deploy/alert-rules.yml may only name metrics the product exports: a renamed metric would leave
// an alert that never fires.

type Rule = { alert: string; expr: string; for?: string; labels?: Record<string, string> };
const rules = (
  parse(readFileSync(path.join(REPO_ROOT, 'deploy/alert-rules.yml'), 'utf8')) as {
    groups: { name: string; rules: Rule[] }[];
  }
).groups.flatMap((group) => group.rules);

/** What Prometheus itself writes for every target. */
const SCRAPE_METRICS = new Set(['up']);
const PROMQL_WORDS = new Set([
  'sum',
  'max',
  'min',
  'avg',
  'count',
  'rate',
  'increase',
  'histogram_quantile',
  'by',
  'without',
  'and',
  'or',
  'unless',
  'on',
  'ignoring',
  'bool',
]);

/** The metric names an expression reads: what is left once strings, matchers, ranges and groupings go. */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, ' ');
  return [...bare.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)]
    .map(([word]) => word)
    .filter((word) => !PROMQL_WORDS.has(word));
}

const TOKEN = 'alert-rules-scraper-0123';
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ METRICS_TOKEN: TOKEN, REVEAL_QUOTA_BASIC: '1' });
}, 60_000);
afterAll(() => app?.close());

describe('deploy/alert-rules.yml', () => {
  it('covers parked events, projector lag, search errors and reveal-quota refusals', () => {
    const names = new Set(rules.map((rule) => rule.alert));
    for (const alert of [
      'HealthTalParkedEvents',
      'HealthTalProjectorLag',
      'HealthTalSearchErrors',
      'HealthTalRevealQuotaRefusals',
    ])
      expect(names).toContain(alert);
    for (const rule of rules) expect(rule.labels?.severity).toMatch(/^(page|warning)$/);
  });

  it('names only metrics a real GET /metrics answer has', async () => {
    const families = await scrape();
    /** A family's own name, or a histogram's series (_bucket, _sum, _count). */
    const exported = (name: string) => {
      if (families.has(name)) return true;
      const base = /^(.*)_(bucket|sum|count)$/.exec(name)?.[1];
      return base !== undefined && families.get(base)?.type === 'histogram';
    };
    const used = rules.flatMap((rule) => metricNames(rule.expr));
    expect(used).toContain('healthtal_read_model_parked_events');
    const unknown = used.filter((name) => !SCRAPE_METRICS.has(name) && !exported(name));
    expect(unknown).toEqual([]);
  });

  it('sees a subscriber past the reveal quota in the series its alert reads', async () => {
    const [first, second] = [candidate('quota-first'), candidate('quota-second')];
    await importCandidates(app, [first, second]);
    const reveal = (id: string) =>
      app.request(`/api/v1/candidates/${id}/reveal`, { method: 'POST', as: 'basic' });
    expect((await reveal(first.candidateId)).status).toBe(200);
    expect((await reveal(second.candidateId)).status).toBe(429);
    const refused = (await scrape())
      .get('healthtal_http_too_many_requests_total')
      ?.samples.find((sample) => sample.labels.route === 'POST /api/v1/candidates/:id/reveal');
    expect(refused?.value).toBe(1);
  });
});

async function scrape() {
  const response = await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  return parsePrometheusText(await response.text());
}
