import type { QueryClient, QueryKey } from '@tanstack/react-query';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Read models catch up with a command a moment after it is accepted (event sourcing). After a
 * write, this refetches a query until it shows the write (`shows(data)`), backing off from 100 ms
 * and giving up after a few seconds, so a new list or template does not flicker out of sight.
 */
export async function refetchUntil<T>(
  client: QueryClient,
  key: QueryKey,
  shows: (data: T) => boolean,
  timeoutMs = 5000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let delay = 100;
  while (client.getQueryState(key) !== undefined) {
    await client.refetchQueries({ queryKey: key, exact: true });
    const data = client.getQueryData<T>(key);
    if ((data !== undefined && shows(data)) || Date.now() >= deadline) return;
    await sleep(delay);
    delay = Math.min(delay * 2, 800);
  }
}
