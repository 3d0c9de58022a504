import { createTestDatabase, type TestDatabase } from '@healthtal/eventstore/testing';
import { context, type Tracer, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { traceQueries } from '../src/traced-queries';

// The pool's queries as spans: children of the active span, never their values, each query once.

const exporter = new InMemorySpanExporter();
const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
const tracer: Tracer = provider.getTracer('test');
let database: TestDatabase;
let pool: pg.Pool;
beforeAll(async () => {
  // What createTracing sets when tracing is on (it is a no-op when one is set already).
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  database = await createTestDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  traceQueries(pool, tracer);
});
afterAll(async () => {
  await pool?.end();
  await database?.drop();
  await provider.shutdown();
});

const inRequest = <T>(work: () => Promise<T>) =>
  tracer.startActiveSpan('request', async (span) => {
    try {
      return { result: await work(), parent: span.spanContext().spanId };
    } finally {
      span.end();
    }
  });

describe('traceQueries', () => {
  it('makes each query of a request a child span, named by its first word or statement name, without values', async () => {
    exporter.reset();
    const { parent } = await inRequest(async () => {
      await pool.query('select $1::text as secret', ['patient-secret-value']);
      await pool.query({
        name: 'count-things',
        text: 'select count(*) from pg_class where relname = $1',
        values: ['x'],
      });
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query('select 1');
        await client.query('commit');
      } finally {
        client.release();
      }
    });
    const queries = exporter
      .getFinishedSpans()
      .filter((span) => span.attributes['db.system'] === 'postgresql');
    expect(queries.map((span) => span.name)).toEqual(['SELECT', 'count-things', 'BEGIN', 'SELECT', 'COMMIT']);
    for (const span of queries) expect(span.parentSpanContext?.spanId).toBe(parent);
    expect(queries[0]!.attributes['db.statement']).toBe('select $1::text as secret');
    expect(JSON.stringify(queries.map((span) => span.attributes))).not.toContain('patient-secret-value');
  });

  it('leaves queries outside any span, and a released client’s internal use, untraced', async () => {
    exporter.reset();
    await pool.query('select 1');
    const client = await pool.connect();
    client.release();
    // The same connection, now used by pool.query inside a request: traced once, not twice.
    await inRequest(() => pool.query('select 2'));
    const queries = exporter
      .getFinishedSpans()
      .filter((span) => span.attributes['db.system'] === 'postgresql');
    expect(queries).toHaveLength(1);
    expect(trace.getActiveSpan()).toBeUndefined();
  });
});
