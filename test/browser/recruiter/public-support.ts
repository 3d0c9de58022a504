import type { TestApp } from '@healthtal/testkit/harness';
import type { Locator, Page } from 'playwright-core';

/**
 * The form control labelled exactly `text`. MUI puts an aria-hidden " *" after a required field's
 * label, which Playwright's exact label match would count, so the match allows it.
 */
export function field(page: Page | Locator, text: string): Locator {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}[\\s*]*$`));
}

/** The helper text under a field (its aria-describedby), where MUI shows the validation message. */
export async function fieldMessage(page: Page, text: string): Promise<string> {
  const describedBy = await field(page, text).getAttribute('aria-describedby');
  if (!describedBy) return '';
  return (await page.locator(`[id="${describedBy}"]`).textContent()) ?? '';
}

/** The path and query of the link in the newest mail of this kind (the browser opens it on the test server). */
export async function mailedLink(app: TestApp, to: string, kind: string): Promise<string> {
  const mail = await app.lastMail(to, kind);
  const url = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0];
  if (!url) throw new Error(`no ${kind} link mailed to ${to}`);
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
}
