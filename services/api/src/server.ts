import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Api } from './app';

export type RunningServer = { url: string; server: Server; close(): Promise<void> };

/**
 * Listens on `host:port`. `close` stops accepting, lets requests in flight finish (up to
 * `graceMs`), then cuts the connections that remain.
 */
export async function startHttpServer(
  api: Api,
  { host, port, graceMs = 10_000 }: { host: string; port: number; graceMs?: number },
): Promise<RunningServer> {
  const server = createServer(api.app);
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        api.beginShutdown();
        const force = setTimeout(() => server.closeAllConnections(), graceMs);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
