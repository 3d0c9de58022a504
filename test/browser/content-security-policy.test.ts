import { PASSWORD } from '@healthtal/testkit/harness';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { assertFreshBuild, expectVisible, useBrowserApp } from './support/browser';

/**
 * Both web apps under the Content-Security-Policy the API sends (docs/adr/0021-http-hardening.md):
 * they render and work with no violation reported, and no other site can frame them.
 */
const suite = useBrowserApp({ app: 'web-recruiter' });

/** Every CSP violation the page reports, from the DOM event and from the console. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (globalThis as unknown as { reportCspViolation(text: string): void }).reportCspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  return violations;
}

describe('the Content-Security-Policy', () => {
  test('the recruiter app renders its public and signed-in pages without a violation', async () => {
    const user = await suite.app.as('premium');
    const page = await suite.page();
    const violations = await watchViolations(page);
    const response = await page.goto(`${suite.app.url}/`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expectVisible(page.getByRole('navigation', { name: 'Main' }));
    await page.goto(`${suite.app.url}/login?return_to=%2Fsearch`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/search');
    await expectVisible(
      page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: user.email }),
    );
    await page.goto(`${suite.app.url}/pricing`);
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });

  test('the admin console signs in and shows its dashboard without a violation', async () => {
    assertFreshBuild('web-admin');
    const admin = await suite.app.as('admin');
    const page = await suite.page({ width: 1440, height: 900 });
    const violations = await watchViolations(page);
    await page.goto(`${suite.app.url}/admin/`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin/#/');
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });

  test('another site cannot frame the app', async () => {
    const page = await suite.page();
    await page.goto(`${suite.app.url}/`);
    // frame-ancestors 'none' refuses every parent, its own origin included.
    const framed = await page.evaluate(async (url) => {
      const frame = document.createElement('iframe');
      frame.src = url;
      frame.title = 'HealthTal framed by another page';
      // A refused frame loads too (Chromium's error page in it): no fallback wait.
      const loaded = new Promise((resolve) => frame.addEventListener('load', resolve));
      document.body.append(frame);
      await loaded;
      // A refused frame holds the browser's error page, which the parent cannot read.
      const framedDocument = frame.contentDocument;
      return framedDocument !== null && framedDocument.querySelector('#root') !== null;
    }, `${suite.app.url}/about`);
    expect(framed).toBe(false);
  });
});
