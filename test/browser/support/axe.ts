import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

/** One failed axe rule, with the elements it failed on (their CSS selectors), so a failure says where. */
export type AxeViolation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: number;
  targets: string[];
};
type AxeResults = {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
};

/** The record of the test file each page belongs to: what was checked there goes into its count. */
const records = new WeakMap<Page, AxeRecord>();

/**
 * Runs axe-core in the page; returns the serious and critical violations. The page's path counts
 * as checked for its file (the end-of-test check then leaves it alone).
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  const key = pageKey(page.url());
  if (key !== null) records.get(page)?.checked.add(key);
  await settleTransitions(page);
  try {
    return await runAxe(page);
  } catch (error) {
    // The test ended mid-navigation: check the page it arrives at.
    if (!/context was destroyed|navigat/i.test(String(error))) throw error;
    await page.waitForLoadState('load');
    await settleTransitions(page);
    return runAxe(page);
  }
}

async function runAxe(page: Page): Promise<AxeViolation[]> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated through the devtools protocol: the app's CSP refuses an injected <script> (ADR 0021).
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    // axe is injected as a global script; this function runs in the page, not in Node.
    const page = globalThis as unknown as {
      axe: { run(context: unknown, options: unknown): Promise<AxeResults> };
      document: unknown;
    };
    const result = await page.axe.run(page.document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.length,
      targets: v.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  });
  return (violations as AxeViolation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * A page's path as the check counts pages: the path and, in the console, its hash route, without
 * query or ids (`/physician/:id`, `/admin/#/users/:id/show`); null for what is not a page of ours.
 */
export function pageKey(url: string): string | null {
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (!parsed?.protocol.startsWith('http')) return null;
  const withoutIds = (path: string) =>
    path
      .split('/')
      .map((segment) => (/^(\d+|[0-9a-f-]{20,}|[A-Za-z0-9_-]{24,})$/i.test(segment) ? ':id' : segment))
      .join('/');
  const route = parsed.hash.startsWith('#/') ? `#${withoutIds(parsed.hash.slice(1).split('?')[0]!)}` : '';
  return `${withoutIds(parsed.pathname)}${route}`;
}

/**
 * axe on every page the browser tests visit (issue 37): each test file's pages are checked where a
 * passing test leaves them, once per distinct path per file (a run takes 0.2–0.5 s), and a serious
 * or critical violation fails that test. Paths a test checked itself count as checked.
 */
export class AxeRecord {
  readonly checked = new Set<string>();

  /** The page belongs to this file: its own axe checks count here. */
  watch(page: Page): void {
    records.set(page, this);
  }

  /** Checks each open page whose path this file has not checked yet; throws on what axe finds. */
  async checkPages(pages: readonly Page[]): Promise<void> {
    for (const page of pages) {
      if (page.isClosed()) continue;
      const key = pageKey(page.url());
      if (key === null || this.checked.has(key)) continue;
      records.set(page, this);
      const violations = await seriousAxeViolations(page);
      if (violations.length > 0)
        throw new Error(
          `axe: serious or critical violations on ${key}, where the test ended:\n${JSON.stringify(violations, null, 2)}`,
        );
    }
  }

  /** Says how many distinct pages the file's tests were checked on. */
  report(): void {
    const pages = [...this.checked].sort();
    console.log(`axe: ${pages.length} distinct pages checked in this file: ${pages.join(', ')}`);
  }
}

/**
 * Waits (up to 3 s) until no finite CSS animation or transition is running: a toast or dialog caught
 * half-faded has blended colours, and axe would report contrast that no user sees. Endless ones
 * (spinners, the home carousel) are ignored.
 */
async function settleTransitions(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 3000, polling: 100 },
    )
    .catch(() => {});
}
