import type { EventStore } from '@healthtal/eventstore';
import { context, SpanKind, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';

/** The calls that go to the store's server; subscribe and close are not one round trip. */
const TRACED_CALLS = [
  'createStreams',
  'append',
  'appendToStreams',
  'readStream',
  'readAll',
  'headPosition',
  'countEvents',
] as const;

/**
 * A span per call to the event store, a child of the active span (a request's command, a
 * projector's batch), named `eventstore <call>` with the store's system (`postgresql` or
 * `kurrentdb`) and, for one stream's calls, the stream. It is how KurrentDB appends and reads are
 * traced: its client has no OpenTelemetry instrumentation of its own (on PostgreSQL the queries
 * underneath are spans too). Outside any span nothing is traced, as with the queries.
 */
export function traceEventStore(
  store: EventStore,
  tracer: Tracer,
  system: 'postgresql' | 'kurrentdb',
): EventStore {
  const traced = new Map<string | symbol, (...args: unknown[]) => unknown>();
  for (const call of TRACED_CALLS) {
    const original = (store[call] as (...args: unknown[]) => Promise<unknown>).bind(store);
    traced.set(call, (...args: unknown[]) => {
      if (!trace.getSpan(context.active())) return original(...args);
      const attributes = {
        'db.system': system,
        'db.operation.name': call,
        ...(typeof args[0] === 'string' ? { 'healthtal.stream': args[0] } : {}),
      };
      return tracer.startActiveSpan(
        `eventstore ${call}`,
        { kind: SpanKind.CLIENT, attributes },
        async (span) => {
          try {
            return await original(...args);
          } catch (error) {
            span.recordException(error as Error);
            span.setStatus({ code: SpanStatusCode.ERROR });
            throw error;
          } finally {
            span.end();
          }
        },
      );
    });
  }
  // Every other member is the store's own, called on the store itself.
  return new Proxy(store, {
    get(target, property) {
      const call = traced.get(property);
      if (call) return call;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
