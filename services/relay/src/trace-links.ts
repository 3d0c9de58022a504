import { TRACEPARENT } from '@healthtal/contracts';
import {
  type Attributes,
  type Link,
  type SpanKind,
  SpanStatusCode,
  TraceFlags,
  type Tracer,
} from '@opentelemetry/api';

/** A span has at most this many links: a batch of 2,000 imported events is one trace, not 2,000. */
const MAX_LINKS = 128;

/**
 * Links from a batch's span to the traces of the commands that appended its events (their
 * `traceparent` metadata, docs/adr/0066): a batch serves many requests, so it is linked to each,
 * not the child of one. Distinct spans only, in order, at most MAX_LINKS.
 */
export function linksTo(traceparents: Iterable<string | undefined>): Link[] {
  const links = new Map<string, Link>();
  for (const traceparent of traceparents) {
    if (links.size === MAX_LINKS) break;
    if (!traceparent || links.has(traceparent) || !TRACEPARENT.test(traceparent)) continue;
    const [, traceId, spanId, flags] = traceparent.split('-') as [string, string, string, string];
    if (/^0+$/.test(traceId) || /^0+$/.test(spanId)) continue;
    links.set(traceparent, {
      context: {
        traceId,
        spanId,
        traceFlags: Number.parseInt(flags, 16) & TraceFlags.SAMPLED,
        isRemote: true,
      },
    });
  }
  return [...links.values()];
}

/**
 * `work` in an active span of its own (its queries become its children), ended with its outcome;
 * without a tracer, just `work`.
 */
export function inBatchSpan<T>(
  tracer: Tracer | undefined,
  name: string,
  options: { kind: SpanKind; attributes: Attributes; links: Link[] },
  work: () => Promise<T>,
): Promise<T> {
  if (!tracer) return work();
  return tracer.startActiveSpan(name, options, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}
