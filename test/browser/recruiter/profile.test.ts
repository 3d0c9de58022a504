import { randomUUID } from 'node:crypto';
import { candidate } from '@healthtal/testkit/directory-fixture';
import { beforeAll, describe, expect, test } from 'vitest';
import { expectVisible, signIn, useBrowserApp } from '../support/browser';
import { screenshotAtRest, seedDirectory } from './recruiter-support';

const id = candidate('cardio-07').candidateId;
const email = 'cardio-07@mail.example';

const suite = useBrowserApp({ app: 'web-recruiter' });
beforeAll(() => seedDirectory(suite.app));

describe('a professional’s profile', () => {
  test('reveal, copy ("Copied" for 2 s), and the contact kept encrypted on the device for the next visit', async () => {
    const page = await suite.page({ clipboard: true });
    await signIn(suite, page, 'basic', `/physician/${id}`);
    await expectVisible(page.getByRole('heading', { name: 'Casey Heart07' }));
    await expectVisible(page.getByText('Holter Monitoring'));

    const reveals: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/reveal')) reveals.push(request.url());
    });
    await page.getByRole('button', { name: 'View Email' }).click();
    await page.getByRole('button', { name: email }).click();
    await expectVisible(page.getByRole('button', { name: 'Copied' }));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(email);
    await expectVisible(page.getByRole('button', { name: email }), 3000);
    // The phone came with the same reveal: showing it costs no second one.
    await page.getByRole('button', { name: 'View Phone' }).click();
    await expectVisible(page.getByRole('button', { name: '(555) 010-0100' }));
    expect(reveals).toHaveLength(1);

    const favourite = page.getByRole('button', { name: 'Favorite' });
    await favourite.click();
    expect(await favourite.getAttribute('aria-pressed')).toBe('true');
    await screenshotAtRest(page, 'profile');

    // Stored, but not as plain text; shown again after a reload without another reveal.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(stored).toContain('healthtal.revealedContacts');
    expect(stored).not.toContain(email);
    await page.reload();
    await expectVisible(page.getByRole('button', { name: email }));
    expect(reveals).toHaveLength(1);
    // Favourites are local to the page and not kept (spec).
    expect(await page.getByRole('button', { name: 'Favorite' }).getAttribute('aria-pressed')).toBe('false');

    // Signing out forgets them (a shared computer).
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: /@harness\.test$/ })
      .click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForFunction(() => !JSON.stringify({ ...localStorage }).includes('revealedContacts'));
  });

  test('shows the record under the field table’s labels, in its order, and the credential read from the title with its source', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', `/physician/${candidate('nurse-00').candidateId}`);
    await expectVisible(page.getByRole('heading', { name: 'Noel Care00' }));
    await expectVisible(page.getByText('Registered Nurse'));
    const record = await page
      .locator('dl')
      .first()
      .evaluate((list) =>
        [...list.querySelectorAll('dt')].map((term) => [
          term.textContent,
          term.nextElementSibling?.textContent,
        ]),
      );
    expect(record).toEqual([
      ['Title level', 'Staff'],
      ['Job functions', 'Nursing'],
      ['Company size', '500 to 999'],
      ['Industry', 'Hospital & Health Care'],
      ['Company revenue', '$100M to <$1B'],
      ['Company website', 'general-hospital.example'],
      ['At the company since', '2019-04'],
      ['Office', 'Austin, TX'],
      ['Office ZIP', '78701'],
      ['LinkedIn connections', '120'],
    ]);
    // The credential is education's (issue 34), with where it was read from.
    const experience = page.getByRole('region', { name: 'Education and experience' });
    await expectVisible(experience.getByText('Credential'));
    expect(await experience.locator('dd').first().textContent()).toMatch(/^RNSource: /);
  });

  test('/physicians/… goes back to search; an unknown id offers Back to Directory', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'premium', `/physicians/${id}`);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL((url) => url.pathname === '/search');

    await page.goto(`${suite.app.url}/physician/${randomUUID()}`);
    await page.getByRole('link', { name: 'Back to Directory' }).click();
    await page.waitForURL((url) => url.pathname === '/search');
  });

  test('a demo account with a full-access grant may reveal', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'demo-full', `/physician/${id}`);
    await page.getByRole('button', { name: 'View Email' }).click();
    await expectVisible(page.getByRole('button', { name: email }));
  });

  test('a demo account with a full-access grant sees a LinkedIn profile by a reveal, one use of its grant', async () => {
    const other = candidate('cardio-08');
    const page = await suite.page();
    const reveals: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/reveal')) reveals.push(request.url());
    });
    await signIn(suite, page, 'demo-full', `/physician/${other.candidateId}`);
    const linkedin = page.getByRole('link', { name: 'LinkedIn' });
    expect(await linkedin.getAttribute('href')).toBe('#linkedin');
    await linkedin.click();
    await expectVisible(page.locator(`a[href="${other.linkedinUrl}"]`));
    expect(reveals).toHaveLength(1);
  });
});
