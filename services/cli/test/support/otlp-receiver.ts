import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// An OTLP/HTTP traces receiver on loopback, as a collector would receive the app's spans (JSON).

type OtlpValue = { stringValue?: string; intValue?: number | string };
export type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: OtlpValue }[];
  links?: { traceId: string; spanId: string }[];
};
type OtlpExport = {
  resourceSpans: {
    resource: { attributes: { key: string; value: OtlpValue }[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
};

/** An OTLP/HTTP traces receiver: what it was sent, JSON-decoded. */
export async function startReceiver(): Promise<{
  url: string;
  exports: OtlpExport[];
  close(): Promise<void>;
}> {
  const exports: OtlpExport[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      exports.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    exports,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export const spansOf = (exports: OtlpExport[]) =>
  exports.flatMap((e) => e.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)));
export const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};
