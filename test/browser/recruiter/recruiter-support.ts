import { readFile } from 'node:fs/promises';
import { candidate, importCandidates } from '@healthtal/testkit/directory-fixture';
import type { TestApp } from '@healthtal/testkit/harness';
import { pdfPages } from '@healthtal/testkit/pdf';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from '../support/browser';

/** Austin cardiologists: more than one page (25) of results for the three-filter search. */
export const CARDIOLOGISTS = 40;

/**
 * A small directory: 40 cardiologists in Austin, TX (the flow's three-filter search finds exactly
 * them, two pages), 10 pediatricians in Austin and 15 nurses in Dallas around them.
 */
export async function seedDirectory(app: TestApp): Promise<void> {
  const two = (i: number) => String(i).padStart(2, '0');
  await importCandidates(app, [
    ...Array.from({ length: CARDIOLOGISTS }, (_, i) =>
      candidate(`cardio-${two(i)}`, {
        firstName: 'Casey',
        lastName: `Heart${two(i)}`,
        title: 'Cardiologist',
        specialty: 'Cardiology',
        city: 'Austin',
        state: 'TX',
        skills:
          'Echocardiography, Cardiac Catheterization, ACLS, BLS, Stress Testing, Holter Monitoring, Telemetry',
        education: 'school-name: Baylor College of Medicine; degrees: MD',
      }),
    ),
    ...Array.from({ length: 10 }, (_, i) =>
      candidate(`peds-${two(i)}`, {
        firstName: 'Pat',
        lastName: `Child${two(i)}`,
        specialty: 'Pediatrics',
        title: 'Pediatrician',
      }),
    ),
    ...Array.from({ length: 15 }, (_, i) =>
      candidate(`nurse-${two(i)}`, {
        firstName: 'Noel',
        lastName: `Care${two(i)}`,
        city: 'Dallas',
        state: 'TX',
      }),
    ),
  ]);
}

/** The result count in the toolbar, once it says `text`. */
export const resultCount = (page: Page) => page.getByRole('toolbar', { name: 'Results' }).getByRole('status');

/** Waits until the locator matches exactly `n` elements (a page of results replaces the last). */
export async function expectCount(locator: Locator, n: number, timeout = 15_000): Promise<void> {
  const deadline = Date.now() + timeout;
  let last = -1;
  while (Date.now() < deadline) {
    last = await locator.count();
    if (last === n) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`expected ${locator} to match ${n} elements, last count: ${last}`);
}

/** Table rows wholly on screen: inside the viewport and inside the table's own scroll box. */
export const rowsFullyVisible = (page: Page) =>
  page.evaluate(() => {
    const box = document.querySelector('table')!.parentElement!.getBoundingClientRect();
    const bottom = Math.min(window.innerHeight, box.bottom);
    return [...document.querySelectorAll('tbody tr')].filter((row) => {
      const r = row.getBoundingClientRect();
      return r.height > 0 && r.top >= Math.max(0, box.top) && r.bottom <= bottom;
    }).length;
  });

/** A screenshot of the page at rest: toasts closed, scrolled to the top, transitions finished. */
export async function screenshotAtRest(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS !== '1') return;
  for (const close of await page.getByRole('status').getByRole('button', { name: 'Close' }).all())
    await close.click().catch(() => {});
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(400);
  await screenshot(page, name);
}

/** The PDF that `click` downloads: its file name and each page's text (pdf.js parses the bytes). */
export async function downloadedPdf(
  page: Page,
  click: () => Promise<void>,
): Promise<{ name: string; pages: string[] }> {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  return { name: file.suggestedFilename(), pages: await pdfPages(await readFile((await file.path())!)) };
}
