import { isSpanContextValid, trace } from '@opentelemetry/api';

/**
 * The active span's W3C `traceparent`, for the metadata of the events a command appends; undefined
 * when nothing is traced (no tracer, or a command outside a request), which is the default and costs
 * a lookup of the active context only.
 */
export function activeTraceparent(): string | undefined {
  const span = trace.getActiveSpan()?.spanContext();
  if (!span || !isSpanContextValid(span)) return undefined;
  return `00-${span.traceId}-${span.spanId}-${(span.traceFlags & 0xff).toString(16).padStart(2, '0')}`;
}
