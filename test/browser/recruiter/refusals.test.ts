import { AuthMessages, RevealQuotaDefaults, RevealQuotaMessages, SearchLimits } from '@healthtal/contracts';
import { candidate, importCandidates } from '@healthtal/testkit/directory-fixture';
import { PASSWORD } from '@healthtal/testkit/harness';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { RevealMessages } from '../../../web-recruiter/src/directory/candidate-card';
import { SearchMessages } from '../../../web-recruiter/src/directory/search/search-screen';
import { expectText, expectVisible, seriousAxeViolations, signIn, useBrowserApp } from '../support/browser';
import { field } from './public-support';
import { expectCount, resultCount, seedDirectory } from './recruiter-support';

/*
 * Issue 37, findings 6, 8, 9 and 10: every refusal says why and what to do next, and information is
 * styled as information. A Monthly (basic) account may reveal one contact a day here, so its second
 * reveal meets the quota.
 */
const suite = useBrowserApp({ app: 'web-recruiter', env: { REVEAL_QUOTA_BASIC: '1' } });

/** One more dermatologist than Select All takes. */
const DERMATOLOGISTS = SearchLimits.selectAllCap + 1;
beforeAll(async () => {
  await seedDirectory(suite.app);
  await importCandidates(
    suite.app,
    Array.from({ length: DERMATOLOGISTS }, (_, i) =>
      candidate(`derma-${i}`, { firstName: 'Dana', lastName: `Skin${i}`, specialty: 'Dermatology' }),
    ),
  );
}, 240_000);

const toast = (page: Page) => page.getByRole('status').filter({ has: page.locator('.MuiAlert-message') });

/** The toast's colour family: MUI's class for its severity. */
const severityOf = async (page: Page) =>
  /MuiAlert-(?:filled|color)(Success|Info|Warning|Error)/.exec(
    (await toast(page).first().getAttribute('class')) ?? '',
  )?.[1];

describe('refusals that say why and what to do next', { timeout: 90_000 }, () => {
  test('a Monthly subscriber over the daily reveal quota is told which quota, when it resets, and what Annual allows', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', '/search?specialty=Cardiology');
    await expectText(resultCount(page), '40 results');
    const results = page.getByRole('region', { name: 'Search results' }).getByRole('article');
    await expectCount(results, 25);
    await results.nth(0).getByRole('button', { name: 'View Email' }).click();
    await expectVisible(results.nth(0).getByRole('button', { name: /@mail\.example/ }));

    await results.nth(1).getByRole('button', { name: 'View Email' }).click();
    await expectText(toast(page), RevealQuotaMessages.exhausted(1));
    const text = (await toast(page).first().textContent()) ?? '';
    expect(text).toContain(RevealQuotaMessages.exhaustedTitle);
    expect(text).toContain(RevealQuotaMessages.annualAllows(RevealQuotaDefaults.premium));
    expect(text).not.toContain(RevealMessages.loadFailed);
    expect(await severityOf(page)).toBe('Warning');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await toast(page).getByRole('link', { name: RevealMessages.seePlans }).click();
    await page.waitForURL('**/pricing');
  });

  test('a Monthly subscriber pressing Select All is told it is part of the Annual plan, with the way to the plans', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', '/search?specialty=Cardiology');
    await expectText(resultCount(page), '40 results');
    await page.getByRole('button', { name: 'Select All' }).click();
    await expectText(toast(page), SearchMessages.selectAllNeedsPremium);
    const text = (await toast(page).first().textContent()) ?? '';
    expect(text).toContain(SearchMessages.annualPlanTitle);
    expect(text).not.toContain('Subscription Required');
    expect(await severityOf(page)).toBe('Info');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await toast(page).getByRole('link', { name: SearchMessages.seePlans }).click();
    await page.waitForURL('**/pricing');
  });

  test('Select All over the cap says, as information, that it selected the first of how many', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'premium', '/search?specialty=Dermatology');
    await expectText(resultCount(page), DERMATOLOGISTS.toLocaleString('en-US'));
    await page.getByRole('button', { name: 'Select All' }).click();
    const cap = SearchLimits.selectAllCap.toLocaleString('en-US');
    await expectText(
      toast(page),
      `Selected the first ${cap} of ${DERMATOLOGISTS.toLocaleString('en-US')} results`,
    );
    expect((await toast(page).first().textContent()) ?? '').not.toContain('Error');
    expect(await severityOf(page)).toBe('Info');
    await expectText(page.getByRole('toolbar', { name: 'Results' }), `${cap} selected`);
  });

  test('a sign-in refused for an unconfirmed address offers to resend the verification email', async () => {
    const email = 'not-yet-confirmed@agency.example';
    const signup = await suite.app.request('/api/v1/auth/signup', {
      method: 'POST',
      json: {
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        phone: '555-010-2030',
        acceptTerms: true,
      },
    });
    expect(signup.status).toBe(201);
    const page = await suite.page();
    await page.goto(`${suite.app.url}/login`);
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectText(page.getByRole('alert'), 'confirm your email');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: AuthMessages.resendVerification }).click();
    await expectText(toast(page), AuthMessages.verificationResent(email));
    const { rows } = await suite.app.database.pool.query<{ n: number }>(
      `select count(*)::int as n from mail_outbox where recipient = $1 and kind = 'verify-email'`,
      [email],
    );
    expect(rows[0]!.n).toBe(2);
  });
});
