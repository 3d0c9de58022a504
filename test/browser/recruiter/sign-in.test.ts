import { PASSWORD } from '@healthtal/testkit/harness';
import { describe, expect, test } from 'vitest';
import { expectVisible, useBrowserApp } from '../support/browser';

const suite = useBrowserApp({ app: 'web-recruiter' });

describe('signing in to the recruiter app', () => {
  test('a subscriber signs in, lands on the return_to page, stays signed in on reload, signs out', async () => {
    const user = await suite.app.as('basic');
    const page = await suite.page();

    await page.goto(`${suite.app.url}/login?return_to=%2Flists`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();

    await page.waitForURL('**/lists');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expectVisible(nav.getByRole('button', { name: user.email }));

    await page.reload();
    await expectVisible(nav.getByRole('button', { name: user.email }));

    await nav.getByRole('button', { name: user.email }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expectVisible(nav.getByRole('link', { name: 'Log in' }));
  });

  test('a return_to that leads off the site is ignored: sign-in lands on the search page', async () => {
    const user = await suite.app.as('basic');
    const page = await suite.page();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${suite.app.url}/login?return_to=/%5Cevil.example`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();

    // /directory, the spec's fallback, is the search page's old address.
    await page.waitForURL(
      (url) => url.origin === suite.app.url && ['/directory', '/search'].includes(url.pathname),
    );
    await expectVisible(
      page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: user.email }),
    );
    expect(errors).toEqual([]);
  });

  test('a wrong password shows the server message and keeps the visitor signed out', async () => {
    const user = await suite.app.as('free');
    const page = await suite.page();
    await page.goto(`${suite.app.url}/login`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectVisible(page.getByRole('alert'));
    expect(page.url()).toContain('/login');
  });

  test('an unknown path shows Not Found with a way home', async () => {
    const page = await suite.page();
    await page.goto(`${suite.app.url}/no-such-page`);
    await expectVisible(page.getByRole('heading', { name: 'Page Not Found' }));
    await page.getByRole('link', { name: 'Return Home' }).click();
    await page.waitForURL(`${suite.app.url}/`);
  });
});
