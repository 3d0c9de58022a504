import { candidate, importCandidates } from '@healthtal/testkit/directory-fixture';
import { startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { type Family, parsePrometheusText } from '@healthtal/testkit/prometheus-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// GET /metrics: Prometheus text on the API port, for a scraper's METRICS_TOKEN or an admin.

const TOKEN = 'scraper-token-0123456789';
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ METRICS_TOKEN: TOKEN });
  await importCandidates(app, [candidate('metrics-nurse', { title: 'Registered Nurse' })]);
  await app.caughtUp();
}, 60_000);
afterAll(() => app?.close());

const scrape = async (): Promise<Map<string, Family>> => {
  const response = await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await response.text());
};
const family = (families: Map<string, Family>, name: string) => {
  const found = families.get(name);
  if (!found) throw new Error(`no metric ${name}`);
  return found;
};
/** The value of one sample of a family (a histogram's `_count`, say) with these labels; 0 when absent. */
const sampleValue = (
  families: Map<string, Family>,
  name: string,
  sample: string,
  labels: Record<string, string> = {},
) =>
  family(families, name).samples.find(
    (s) => s.name === sample && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  )?.value ?? 0;
const appended = (families: Map<string, Family>) =>
  sampleValue(families, 'healthtal_events_appended_total', 'healthtal_events_appended_total');
const countOf = (families: Map<string, Family>, name: string, labels: Record<string, string>) =>
  sampleValue(families, name, `${name}_count`, labels);

describe('GET /metrics', () => {
  it('answers only a scraper with the token or an admin', async () => {
    expect((await app.request('/metrics')).status).toBe(401);
    expect((await app.request('/metrics', { headers: { authorization: 'Bearer wrong-token' } })).status).toBe(
      401,
    );
    expect((await app.request('/metrics', { as: 'basic' })).status).toBe(403);
    expect((await app.request('/metrics', { as: 'admin' })).status).toBe(200);
  });

  it('parses as Prometheus text and moves when a search runs', async () => {
    const before = await scrape();
    const searchesBefore = countOf(before, 'healthtal_http_request_duration_seconds', {
      route: 'POST /api/v1/search',
      status: '2xx',
    });
    const search = await app.request('/api/v1/search', {
      method: 'POST',
      as: 'basic',
      json: { title: ['Registered Nurse'] },
    });
    expect(search.status).toBe(200);
    const { complexity } = (await search.json()) as { complexity: string };

    const after = await scrape();
    expect(
      countOf(after, 'healthtal_http_request_duration_seconds', {
        route: 'POST /api/v1/search',
        status: '2xx',
      }),
    ).toBe(searchesBefore + 1);
    expect(countOf(after, 'healthtal_search_duration_seconds', { complexity })).toBeGreaterThan(
      countOf(before, 'healthtal_search_duration_seconds', { complexity }),
    );
    // Every read model is reported, caught up and with nothing parked.
    const lag = family(after, 'healthtal_read_model_lag_events').samples;
    expect(lag.length).toBeGreaterThan(5);
    expect(lag.every((s) => s.value === 0)).toBe(true);
    expect(family(after, 'healthtal_read_model_parked_events').samples.every((s) => s.value === 0)).toBe(
      true,
    );
    expect(family(after, 'healthtal_read_model_lag_seconds').type).toBe('gauge');
    const pool = family(after, 'healthtal_db_pool_connections').samples;
    expect(pool.map((s) => s.labels.state).sort()).toEqual(['idle', 'total', 'waiting']);
    expect(appended(after)).toBeGreaterThan(0);
    expect(family(after, 'healthtal_process_resident_memory_bytes').samples).toHaveLength(1);
  });

  it('counts events appended through the API', async () => {
    const read = async () => appended(await scrape());
    const before = await read();
    const list = await app.request('/api/v1/lists', {
      method: 'POST',
      as: 'premium',
      json: { name: 'Metrics' },
    });
    expect(list.status).toBe(201);
    expect(await read()).toBeGreaterThan(before);
  });
});
