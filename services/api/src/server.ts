import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Api } from './app';

export type RunningServer = { url: string; server: Server; close(): Promise<void> };

/**
 * Listens on `host:port`. `close` first turns `/readyz` to 503 and keeps serving for
 * `shutdownDelayMs` (so a load balancer takes the instance out before connections are refused), then
 * stops accepting, lets requests in flight finish (up to `graceMs`), and cuts the connections that
 * remain.
 */
export async function startHttpServer(
  api: Api,
  {
    host,
    port,
    graceMs = 10_000,
    shutdownDelayMs = 0,
  }: { host: string; port: number; graceMs?: number; shutdownDelayMs?: number },
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
    close: async () => {
      api.beginShutdown();
      if (shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, shutdownDelayMs));
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), graceMs);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      });
      await api.close();
    },
  };
}
