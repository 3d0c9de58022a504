import type { BrowserContext, Page, Route } from 'playwright-core';

export type TabsOpenedTogether = {
  tabs: Page[];
  /** The statuses of the session refreshes the tabs sent, in the order they were answered. */
  refreshes: number[];
  /** The refresh cookie each of those refreshes presented, in the same order. */
  presented: string[];
};

const REFRESH = '**/api/v1/auth/refresh';

/**
 * Opens `count` tabs of one browser (one cookie jar) on `url` at the same moment, as a browser
 * restoring its tabs does. The session refreshes they send are held until `count` are waiting or no
 * other has come for `quietMs`, then let go together: refreshes that are in flight at once reach the
 * server at once (the worst case of their timing, whatever this machine's load does to the pages'
 * start), while a refresh sent only after another's answer (one at a time) merely waits `quietMs`.
 */
export async function openTabsTogether(
  context: BrowserContext,
  url: string,
  count: number,
  quietMs = 500,
): Promise<TabsOpenedTogether> {
  const held: Route[] = [];
  let quiet: NodeJS.Timeout | undefined;
  const letGo = () => {
    clearTimeout(quiet);
    for (const route of held.splice(0)) void route.continue();
  };
  await context.route(REFRESH, (route) => {
    held.push(route);
    clearTimeout(quiet);
    if (held.length >= count) letGo();
    else quiet = setTimeout(letGo, quietMs);
  });
  const refreshes: number[] = [];
  const presented: string[] = [];
  context.on('response', async (response) => {
    if (new URL(response.url()).pathname !== '/api/v1/auth/refresh') return;
    const cookie = (await response.request().allHeaders()).cookie ?? '';
    presented.push(/ht_refresh=([^;]*)/.exec(cookie)?.[1] ?? '');
    refreshes.push(response.status());
  });
  const tabs = await Promise.all(Array.from({ length: count }, () => context.newPage()));
  for (const tab of tabs) tab.setDefaultTimeout(15_000);
  await Promise.all(tabs.map((tab) => tab.goto(url)));
  return { tabs, refreshes, presented };
}

/** Waits (up to `timeout`) until `count` refreshes have been answered. */
export async function refreshesAnswered(
  refreshes: readonly number[],
  count: number,
  timeout = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeout;
  while (refreshes.length < count && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
}
