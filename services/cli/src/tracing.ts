import { context, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import type { Config } from './config';

export type Tracing = {
  /** The API's tracer; none when tracing is off, and then nothing is traced (no cost). */
  tracer: Tracer | null;
  /** Sends the spans still buffered, then stops: the last step of `stop()`. */
  shutdown(): Promise<void>;
};

type TracingSettings = Pick<
  Config,
  'OTEL_EXPORTER_OTLP_ENDPOINT' | 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT' | 'OTEL_SERVICE_NAME'
>;

/** The traces endpoint the settings name, or null: tracing is off unless one is configured. */
export function tracesEndpoint(config: TracingSettings): string | null {
  if (config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (config.OTEL_EXPORTER_OTLP_ENDPOINT)
    return `${config.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`;
  return null;
}

/**
 * This app's tracer provider, exporting in batches over OTLP/HTTP (JSON). It is never registered as
 * the global provider: tests run several apps in one process, each with its own provider (or none),
 * and a global one would mix their spans. Spans name their parent through the context, so the
 * process gets an AsyncLocalStorage context manager, once: it only stores the active context of an
 * async call chain, and an app without a tracer never reads it.
 */
export function createTracing(config: TracingSettings): Tracing {
  const url = tracesEndpoint(config);
  if (!url) return { tracer: null, shutdown: async () => undefined };
  useAsyncLocalStorageContext();
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.OTEL_SERVICE_NAME }),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url }) })],
  });
  return { tracer: provider.getTracer('healthtal'), shutdown: () => provider.shutdown() };
}

let contextManager: AsyncLocalStorageContextManager | null = null;
function useAsyncLocalStorageContext() {
  if (contextManager) return;
  contextManager = new AsyncLocalStorageContextManager().enable();
  // False when another library set one first: theirs carries the context as well.
  context.setGlobalContextManager(contextManager);
}
