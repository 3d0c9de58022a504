import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import {
  type Attributes,
  context,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import type { RequestHandler } from 'express';

/**
 * OpenTelemetry spans of the HTTP edge, for the tracer `healthtal start` builds when an OTLP
 * endpoint is configured (services/cli/src/tracing.ts). The API never registers a global tracer
 * provider (tests run several apps in one process): the tracer is a dependency, and without one
 * none of this is installed.
 */
const propagator = new W3CTraceContextPropagator();
const headerGetter = {
  keys: (headers: IncomingHttpHeaders) => Object.keys(headers),
  get: (headers: IncomingHttpHeaders, key: string) => headers[key],
};
const requestSpans = new WeakMap<ServerResponse, Span>();
/** Probes and scrapes, every few seconds from every balancer and scraper: a trace each would be noise. */
const UNTRACED = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * A server span per request: `start` opens it first thing (a caller's `traceparent` is its parent)
 * and ends it when the answer is done, named and labelled by the policy route (never the raw path,
 * whose ids would make a name per candidate); `activate`, mounted after the body parsers, makes it
 * the active span of what the handlers do, so their spans and queries become its children.
 */
export function requestTracing(tracer: Tracer) {
  const start: RequestHandler = (req, res, next) => {
    if (UNTRACED.has(req.path)) return next();
    const parent = propagator.extract(ROOT_CONTEXT, req.headers, headerGetter);
    const span = tracer.startSpan(
      req.method,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method } },
      parent,
    );
    requestSpans.set(res, span);
    res.once('close', () => {
      const route = res.locals.route as string | undefined;
      if (route) span.updateName(route).setAttribute('http.route', route);
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    next();
  };
  const activate: RequestHandler = (_req, res, next) => {
    const span = requestSpans.get(res);
    if (!span) return next();
    context.with(trace.setSpan(context.active(), span), next);
  };
  /** The request's trace and span ids on its log line and every req.log line (pino-http customProps). */
  const logIds = (_req: IncomingMessage, res: ServerResponse) => {
    const ids = requestSpans.get(res)?.spanContext();
    return ids ? { trace_id: ids.traceId, span_id: ids.spanId } : {};
  };
  return { start, activate, logIds };
}

/** `work` inside a child span of the active one; without a tracer or an active span, just `work`. */
export async function inSpan<T>(
  tracer: Tracer | undefined,
  name: string,
  work: () => Promise<T>,
  attributes: Attributes = {},
): Promise<T> {
  if (!tracer || !trace.getSpan(context.active())) return work();
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
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
