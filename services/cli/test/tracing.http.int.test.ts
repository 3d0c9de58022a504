import { Writable } from 'node:stream';
import { candidate, importCandidates } from '@healthtal/testkit/directory-fixture';
import { startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger';
import { attribute, spansOf, startReceiver } from './support/otlp-receiver';

// One search request traced through HTTP → authentication → search → PostgreSQL, as an OTLP
// collector receives it: an in-process receiver of OTLP/HTTP JSON on loopback.

/** The app's log lines, as JSON. */
function capturedLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

/** A search as a paying user, once the index has loaded (it answers 503 until then). */
async function searchAsPaying(app: TestApp, headers: Record<string, string> = {}) {
  await app.as('basic');
  for (const deadline = Date.now() + 20_000; ; ) {
    const ready = await app.request('/api/v1/search', {
      method: 'POST',
      as: 'basic',
      json: { title: ['Registered Nurse'] },
    });
    if (ready.status !== 503 || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return app.request('/api/v1/search', {
    method: 'POST',
    as: 'basic',
    headers,
    json: { title: ['Registered Nurse'] },
  });
}

const requestLine = (entries: Record<string, unknown>[], requestId: string) =>
  entries.find((entry) => (entry.req as { id?: string } | undefined)?.id === requestId && entry.res);

describe('with OTEL_EXPORTER_OTLP_ENDPOINT set', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let app: TestApp | undefined;
  const log = capturedLog();
  beforeAll(async () => {
    receiver = await startReceiver();
    app = await startTestApp(
      { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: 'healthtal-under-test' },
      { logger: createLogger({ LOG_LEVEL: 'info' }, log.stream) },
    );
    await importCandidates(app, [candidate('traced-nurse', { title: 'Registered Nurse' })]);
    await app.caughtUp();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  it('exports one trace of a search: the request, its authentication, its search and its queries', async () => {
    const callerTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpan = '00f067aa0ba902b7';
    const response = await searchAsPaying(app!, { traceparent: `00-${callerTrace}-${callerSpan}-01` });
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-request-id')!;
    await response.json();
    // Stopping the app shuts its tracer provider down, which sends what it buffered.
    await app!.close();
    app = undefined;

    const spans = spansOf(receiver.exports).filter((span) => span.traceId === callerTrace);
    const server = spans.find((span) => span.name === 'POST /api/v1/search');
    expect(server).toMatchObject({ parentSpanId: callerSpan, kind: 2 });
    expect(attribute(server!, 'http.route')).toBe('POST /api/v1/search');
    expect(attribute(server!, 'http.request.method')).toBe('POST');
    expect(attribute(server!, 'http.response.status_code')).toBe(200);

    const auth = spans.find((span) => span.name === 'authenticate');
    expect(auth?.parentSpanId).toBe(server!.spanId);
    const search = spans.find((span) => span.name === 'search');
    expect(search?.parentSpanId).toBe(server!.spanId);

    const queries = spans.filter((span) => attribute(span, 'db.system') === 'postgresql');
    expect(queries.length).toBeGreaterThan(0);
    const parents = new Set([server!.spanId, auth!.spanId, search!.spanId]);
    for (const query of queries) {
      expect(parents.has(query.parentSpanId!)).toBe(true);
      expect(query.kind).toBe(3);
      expect(String(attribute(query, 'db.statement')).length).toBeLessThanOrEqual(1000);
    }
    // The page's cards are read for the request: a SELECT under the server span.
    expect(queries.some((query) => query.parentSpanId === server!.spanId)).toBe(true);

    const resource = receiver.exports[0]!.resourceSpans[0]!.resource.attributes;
    expect(resource).toContainEqual({ key: 'service.name', value: { stringValue: 'healthtal-under-test' } });

    const line = requestLine(log.entries(), requestId);
    expect(line).toMatchObject({ trace_id: callerTrace, span_id: server!.spanId });
  });
});

describe('without an OTLP endpoint', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let app: TestApp | undefined;
  const log = capturedLog();
  beforeAll(async () => {
    receiver = await startReceiver();
    app = await startTestApp({}, { logger: createLogger({ LOG_LEVEL: 'info' }, log.stream) });
    await importCandidates(app, [candidate('untraced-nurse', { title: 'Registered Nurse' })]);
    await app.caughtUp();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  it('traces nothing, and the search answers as before', async () => {
    const response = await searchAsPaying(app!, {
      traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { count: number }).count).toBe(1);
    const requestId = response.headers.get('x-request-id')!;
    await app!.close();
    app = undefined;

    expect(receiver.exports).toEqual([]);
    const line = requestLine(log.entries(), requestId);
    expect(line).toBeDefined();
    expect(line).not.toHaveProperty('trace_id');
  });
});
