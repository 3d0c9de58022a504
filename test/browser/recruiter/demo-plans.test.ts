import { BillingMessages, DemoRefusal } from '@healthtal/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectText, seriousAxeViolations, signIn, useBrowserApp } from '../support/browser';

/*
 * Issue 37, finding 7: a demo account choosing a plan was shown "Forbidden: This needs: not-demo".
 * The demo account is shared and cannot subscribe; the pricing page says so and offers to sign up
 * with one's own address or contact sales, and the API's refusal says the same in words.
 */
const suite = useBrowserApp({ app: 'web-recruiter' });

const toast = (page: Page) => page.getByRole('status').filter({ has: page.locator('.MuiAlert-message') });

describe('a demo account choosing a plan', { timeout: 60_000 }, () => {
  test('is told the demo account cannot subscribe, with sign-up and contact sales, never a 403 text', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'demo', '/pricing');
    const notice = page.getByRole('alert').filter({ hasText: BillingMessages.demoCannotSubscribeTitle });
    await expectText(notice, BillingMessages.demoCannotSubscribe);
    expect(await notice.getByRole('link', { name: BillingMessages.demoSignUp }).getAttribute('href')).toBe(
      '/signup',
    );
    expect(await notice.getByRole('link', { name: BillingMessages.contactSales }).getAttribute('href')).toBe(
      '/contact',
    );
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page
      .getByRole('region', { name: 'Monthly plan' })
      .getByRole('button', { name: 'Get Monthly' })
      .click();
    await expectText(toast(page), BillingMessages.demoCannotSubscribe);
    const text = (await page.locator('body').textContent()) ?? '';
    expect(text).not.toContain('Forbidden');
    expect(text).not.toContain('not-demo');
    expect(new URL(page.url()).pathname).toBe('/pricing');
  });

  test("the API's refusal of a demo checkout says why in words", async () => {
    const response = await suite.app.request('/api/v1/billing/checkout', {
      method: 'POST',
      as: 'demo',
      json: { priceId: 'price_monthly', returnPath: '/search' },
    });
    expect(response.status).toBe(403);
    const problem = (await response.json()) as { title: string; detail: string };
    expect(problem).toMatchObject({ title: DemoRefusal.title, detail: DemoRefusal.detail });
  });
});
