import { ContactMessages, RemovalMessages, ResumeMessages } from '@healthtal/contracts';
import { candidate, importCandidates } from '@healthtal/testkit/directory-fixture';
import { describe, expect, test } from 'vitest';
import {
  expectHidden,
  expectText,
  expectVisible,
  screenshot,
  seriousAxeViolations,
  useBrowserApp,
} from '../support/browser';
import { field, fieldMessage, mailedLink } from './public-support';

const suite = useBrowserApp({ app: 'web-recruiter' });

// Real browser, real server, on a shared machine: more time than the 30 s default.
describe('the public site', { timeout: 90_000 }, () => {
  test('Home shows the hero, the specialties from the directory, the FAQ, and passes axe', async () => {
    await importCandidates(suite.app, [candidate('home-cardio', { specialty: 'Cardiology' })]);
    const page = await suite.page();
    await page.goto(`${suite.app.url}/`);
    await expectVisible(page.getByRole('heading', { level: 1, name: /healthcare professionals/ }));
    const specialties = page.getByRole('region', { name: 'Specialties in the directory' });
    await expectVisible(specialties.getByRole('link', { name: 'Cardiology' }));
    expect(
      await page.getByRole('region', { name: 'Frequently asked questions' }).getByRole('button').count(),
    ).toBe(8);
    expect(await page.title()).toContain('Direct access to healthcare professional contacts');
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('index, follow');
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toBe(
      `${suite.app.url}/og-image.png`,
    );
    expect(await page.locator('link[rel="icon"]').first().getAttribute('href')).toBe('/favicon.svg');
    // The default share image, favicon and manifest icons are served.
    const manifest = (await (await fetch(`${suite.app.url}/manifest.webmanifest`)).json()) as {
      icons: { src: string }[];
    };
    for (const file of ['/og-image.png', '/favicon.svg', ...manifest.icons.map((icon) => icon.src)]) {
      const res = await fetch(`${suite.app.url}${file}`);
      expect([file, res.status, res.headers.get('content-type')?.startsWith('image/')]).toEqual([
        file,
        200,
        true,
      ]);
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'home');
  });

  test('keyboard only: Tab reaches the navigation with a visible focus ring, Enter follows the link', async () => {
    const page = await suite.page();
    await page.goto(`${suite.app.url}/`);
    await expectVisible(page.getByRole('heading', { level: 1 }));
    // Tab until the main navigation's Pricing link has focus.
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate(() => document.activeElement?.textContent)) === 'Pricing') break;
    }
    const outline = await page.evaluate(() => {
      const active = document.activeElement as HTMLElement;
      return { text: active.textContent, style: getComputedStyle(active).outlineStyle };
    });
    expect(outline).toEqual({ text: 'Pricing', style: 'solid' });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/pricing');
  });

  test('on a phone the navigation is a menu drawer', async () => {
    const page = await suite.page({ width: 390, height: 844 });
    await page.goto(`${suite.app.url}/`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    for (const item of ['Search', 'Pricing', 'About', 'Log in', 'Get Started'])
      await expectVisible(menu.getByRole('link', { name: item }));
    await menu.getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL('**/pricing');
    await expectHidden(menu);
  });

  test('the contact form shows the spec messages, then sends', async () => {
    const page = await suite.page();
    await page.goto(`${suite.app.url}/contact`);
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await fieldMessage(page, 'Name')).toBe(ContactMessages.nameTooShort);
    expect(await fieldMessage(page, 'Email')).toBe(ContactMessages.invalidEmail);
    expect(await fieldMessage(page, 'Phone')).toBe(ContactMessages.phoneTooShort);
    expect(await fieldMessage(page, 'Subject')).toBe(ContactMessages.subjectTooShort);
    expect(await fieldMessage(page, 'Message')).toBe(ContactMessages.messageTooShort);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await field(page, 'Name').fill('Dana Recruiter');
    await field(page, 'Email').fill('not-an-email');
    await field(page, 'Phone').fill('512-555-0199');
    await field(page, 'Subject').fill('Team plan');
    await field(page, 'Message').fill('We have five recruiters. Is there a team price?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await fieldMessage(page, 'Email')).toBe(ContactMessages.invalidEmail);
    expect(await fieldMessage(page, 'Name')).toBe('');

    await field(page, 'Email').fill('dana@agency.example');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectVisible(page.getByText('Your message has been sent'));
    await suite.app.caughtUp();
    const { rows } = await suite.app.database.pool.query('select count(*)::int as n from contact_messages');
    expect(rows[0].n).toBe(1);
  });

  test('the resume form shows the spec messages, then lands on its own confirmation page', async () => {
    const page = await suite.page();
    await page.goto(`${suite.app.url}/submit-resume`);
    await page.getByRole('button', { name: 'Submit Resume' }).click();
    expect(await fieldMessage(page, 'First name')).toBe(ResumeMessages.firstNameRequired);
    expect(await fieldMessage(page, 'Last name')).toBe(ResumeMessages.lastNameRequired);
    expect(await fieldMessage(page, 'Physician title')).toBe(ResumeMessages.titleRequired);
    expect(await fieldMessage(page, 'Company name')).toBe(ResumeMessages.companyRequired);
    expect(await fieldMessage(page, 'City')).toBe(ResumeMessages.cityRequired);
    expect(await fieldMessage(page, 'Email')).toBe(ResumeMessages.invalidEmail);
    expect(await fieldMessage(page, 'Phone')).toBe(ResumeMessages.invalidPhone);
    await expectText(page.getByText(ResumeMessages.stateRequired), ResumeMessages.stateRequired);
    await expectText(page.getByText(ResumeMessages.specialtyRequired), ResumeMessages.specialtyRequired);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await field(page, 'First name').fill('Jordan');
    await field(page, 'Last name').fill('Rivera');
    await field(page, 'Physician title').fill('Hospitalist');
    await field(page, 'Company name').fill('St. Luke Medical Center');
    await field(page, 'Email').fill('jordan.rivera@mail.example');
    await field(page, 'Phone').fill('123');
    await field(page, 'LinkedIn URL').fill('not a url');
    await field(page, 'City').fill('Boise');
    await page.getByRole('combobox', { name: 'State' }).click();
    await page.getByRole('option', { name: 'Idaho' }).click();
    await page.getByRole('combobox', { name: 'Specialty' }).click();
    await page.getByRole('option', { name: 'Internal Medicine' }).click();
    await page.getByRole('button', { name: 'Submit Resume' }).click();
    expect(await fieldMessage(page, 'Phone')).toBe(ResumeMessages.invalidPhone);
    expect(await fieldMessage(page, 'LinkedIn URL')).toBe(ResumeMessages.invalidLinkedin);

    await field(page, 'Phone').fill('(208) 555-0142');
    await field(page, 'LinkedIn URL').fill('linkedin.com/in/jordan-rivera');
    await page.getByRole('button', { name: 'Add education' }).click();
    await field(page, 'School 1').fill('University of Washington');
    await field(page, 'Degree 1').fill('MD');
    await field(page, 'Add a skill').fill('Inpatient care');
    await field(page, 'Add a skill').press('Enter');
    await field(page, 'Add a skill').fill('inpatient care ');
    await field(page, 'Add a skill').press('Enter');
    expect(await page.getByRole('button', { name: /inpatient care/i }).count()).toBe(1);
    await page.getByRole('button', { name: 'Submit Resume' }).click();

    await page.waitForURL('**/resume-submitted');
    await expectVisible(page.getByRole('heading', { name: 'Resume submitted' }));
    const { rows } = await suite.app.database.pool.query(
      'select count(*)::int as n from eventstore.events where type = $1',
      ['ResumeSubmitted'],
    );
    expect(rows[0].n).toBe(1);
  });

  test('a professional asks for removal, opens the mailed link, presses Confirm removal, and is removed', async () => {
    const email = 'removal-me@mail.example';
    await importCandidates(suite.app, [candidate('removal-me', { personalEmail: email })]);
    const page = await suite.page();
    await page.goto(`${suite.app.url}/remove-info`);
    await field(page, 'Email').fill('nope');
    await page.getByRole('button', { name: 'Request removal' }).click();
    expect(await fieldMessage(page, 'Email')).toBe(RemovalMessages.invalidEmail);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await field(page, 'Email').fill(email);
    await page.getByRole('button', { name: 'Request removal' }).click();
    await expectText(page.getByRole('status'), RemovalMessages.requestReceived);

    const confirmLink = await mailedLink(suite.app, email, 'removal-confirmation');
    expect(confirmLink).toMatch(/^\/confirm-removal\?token=/);
    // Issue 37: opening the link (as a mail scanner does, twice here) erases nothing; it explains and
    // waits for the press. A GET of the API with the token changes nothing either.
    await page.goto(`${suite.app.url}${confirmLink}`);
    await expectVisible(page.getByText(RemovalMessages.confirmExplanation));
    const token = new URL(confirmLink, suite.app.url).searchParams.get('token') ?? '';
    const scanned = await page.request.get(
      `${suite.app.url}/api/v1/removal-requests/confirm?token=${encodeURIComponent(token)}`,
    );
    expect(scanned.ok()).toBe(false);
    await page.reload();
    const confirm = page.getByRole('button', { name: RemovalMessages.confirmButton });
    await expectVisible(confirm);
    expect(await page.getByRole('status').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await confirm.click();
    await expectText(page.getByRole('status'), RemovalMessages.removed);
    expect(await confirm.count()).toBe(0);

    // The link works once.
    await page.reload();
    await page.getByRole('button', { name: RemovalMessages.confirmButton }).click();
    await expectText(page.getByRole('alert'), RemovalMessages.failed);
    await page.goto(`${suite.app.url}/confirm-removal`);
    await expectText(page.getByRole('alert'), RemovalMessages.noToken);
  });

  test('the removal link also offers to stop recruiting email only, which erases nothing', async () => {
    const email = 'stop-mail@mail.example';
    const clinician = candidate('stop-mail', { personalEmail: email });
    await importCandidates(suite.app, [clinician]);
    const asked = await suite.app.request('/api/v1/removal-requests', {
      method: 'POST',
      json: { email },
      ip: '203.0.113.240',
    });
    expect(asked.status).toBe(202);
    const page = await suite.page();
    await page.goto(`${suite.app.url}${await mailedLink(suite.app, email, 'removal-confirmation')}`);
    await expectVisible(page.getByText(RemovalMessages.optOutExplanation));
    await page.getByRole('button', { name: RemovalMessages.optOutButton }).click();
    await expectText(page.getByRole('status'), RemovalMessages.optedOut);
    await suite.app.caughtUp();
    const { rows } = await suite.app.pool.query<{ opted: boolean; listed: boolean }>(
      `select exists (select 1 from clinician_opt_outs where candidate_id = $1) as opted,
         exists (select 1 from directory_candidates where id = $1) as listed`,
      [clinician.candidateId],
    );
    expect(rows[0]).toEqual({ opted: true, listed: true });
  });

  test('an unknown path shows Not Found: Go Back returns to the last page, Return Home goes to /', async () => {
    const page = await suite.page();
    await page.goto(`${suite.app.url}/about`);
    await expectVisible(page.getByRole('heading', { name: 'About HealthTal' }));
    await page.goto(`${suite.app.url}/no/such/page`);
    await expectVisible(page.getByRole('heading', { name: 'Page Not Found' }));
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL('**/about');
    await page.goto(`${suite.app.url}/still-missing`);
    await page.getByRole('link', { name: 'Return Home' }).click();
    await page.waitForURL(`${suite.app.url}/`);
  });

  test('Specialties A–Z links each specialty to a search for it', async () => {
    const page = await suite.page();
    await page.goto(`${suite.app.url}/specialties`);
    const links = page.getByRole('main').getByRole('link');
    await expectVisible(links.first());
    expect(await links.count()).toBeGreaterThanOrEqual(70);
    expect(await page.getByRole('link', { name: 'Cardiology' }).getAttribute('href')).toBe(
      '/search?specialty=Cardiology',
    );
  });
});
