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
