import { type MockCluster, startMockCluster } from '@healthtal/relay/testing';
import { startTestApp, type TestApp } from '@healthtal/testkit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attribute, type OtlpSpan, spansOf, startReceiver } from './support/otlp-receiver';

// A command's trace followed through the event log: the request appends its event with the
// request's trace context, the relay's Kafka send and the projector's batch link back to it, and
// the event store's calls are spans of the request (docs/adr/0066-traces-across-the-event-log.md).

const TOPIC = 'healthtal.events.v1';
const callerTrace = '0af7651916cd43dd8448eb211c80319c';
const callerSpan = 'b7ad6b7169203331';

const linksToTrace = (span: OtlpSpan, traceId: string) =>
  (span.links ?? []).filter((link) => link.traceId === traceId);

describe('tracing with TRANSPORT=kafka', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let cluster: MockCluster;
  let app: TestApp | undefined;
  beforeAll(async () => {
    [receiver, cluster] = await Promise.all([startReceiver(), startMockCluster()]);
    app = await startTestApp({
      TRANSPORT: 'kafka',
      KAFKA_BROKERS: cluster.brokers.join(','),
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await cluster?.stop();
    await receiver?.close();
  });

  it('links the relay’s send and the projector’s batch to the request that appended the event', async () => {
    const response = await app!.request('/api/v1/contact-messages', {
      method: 'POST',
      headers: { traceparent: `00-${callerTrace}-${callerSpan}-01` },
      json: {
        name: 'Dana Whitfield',
        email: 'dana@example.org',
        phone: '(555) 010-2030',
        subject: 'Enterprise pricing',
        message: 'Can I follow one request to its read model?',
      },
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const stored = async () =>
      (await app!.database.pool.query('select name from contact_messages where id = $1', [id])).rows;
    await expect.poll(stored, { timeout: 20_000, interval: 50 }).toEqual([{ name: 'Dana Whitfield' }]);

    // The event carries the request's trace context in its metadata.
    const events = await app!.database.pool.query(
      `select metadata->>'traceparent' as traceparent from eventstore.events where type = 'ContactMessageReceived'`,
    );
    expect(events.rows).toHaveLength(1);
    const traceparent = events.rows[0].traceparent as string;
    expect(traceparent).toMatch(new RegExp(`^00-${callerTrace}-[0-9a-f]{16}-01$`));
    const appendingSpan = traceparent.split('-')[2]!;

    // Closing the app shuts its tracer provider down, which sends what it buffered.
    await app!.close();
    app = undefined;
    const spans = spansOf(receiver.exports);

    const server = spans.find(
      (span) => span.traceId === callerTrace && span.name === 'POST /api/v1/contact-messages',
    );
    expect(server).toMatchObject({ parentSpanId: callerSpan, kind: 2 });
    // The append is a span of the request, with the store it went to.
    const append = spans.find(
      (span) => span.traceId === callerTrace && span.name.startsWith('eventstore append'),
    );
    expect(append).toBeDefined();
    expect(attribute(append!, 'db.system')).toBe('postgresql');
    expect(spans.some((span) => span.spanId === appendingSpan && span.traceId === callerTrace)).toBe(true);

    // The relay's send: a producer span of its own trace, linked to the appending span.
    const sends = spans.filter(
      (span) => span.name === `send ${TOPIC}` && linksToTrace(span, callerTrace).length,
    );
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({ kind: 4 });
    expect(linksToTrace(sends[0]!, callerTrace)).toEqual([
      expect.objectContaining({ traceId: callerTrace, spanId: appendingSpan }),
    ]);
    expect(attribute(sends[0]!, 'messaging.system')).toBe('kafka');

    // The contact messages projector's batch: a consumer span linked to it, its queries its children.
    const batches = spans.filter(
      (span) =>
        span.name === `process ${TOPIC}` &&
        attribute(span, 'healthtal.projection') === 'contact_messages' &&
        linksToTrace(span, callerTrace).length,
    );
    expect(batches.length).toBeGreaterThanOrEqual(1);
    expect(batches[0]).toMatchObject({ kind: 5 });
    expect(linksToTrace(batches[0]!, callerTrace)).toEqual([
      expect.objectContaining({ traceId: callerTrace, spanId: appendingSpan }),
    ]);
    const batchQueries = spans.filter(
      (span) => span.parentSpanId === batches[0]!.spanId && attribute(span, 'db.system') === 'postgresql',
    );
    expect(batchQueries.length).toBeGreaterThan(0);
  }, 60_000);
});
