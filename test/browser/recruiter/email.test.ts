import { type GeneratedEmail, OutreachMessages } from '@healthtal/contracts';
import { candidate, importCandidates } from '@healthtal/testkit/directory-fixture';
import { beforeAll, describe, expect, test } from 'vitest';
import { expectHidden, expectText, expectVisible, signIn, useBrowserApp } from '../support/browser';
import { expectCount, screenshotAtRest } from './recruiter-support';

const suite = useBrowserApp({ app: 'web-recruiter' });

/** Three professionals in Lubbock, the third with no first name, specialty or employer on file. */
const LUBBOCK = [
  candidate('mail-rosa', { firstName: 'Rosa', lastName: 'Diaz', specialty: 'Oncology', city: 'Lubbock' }),
  candidate('mail-omar', { firstName: 'Omar', lastName: 'Haddad', specialty: 'Neurology', city: 'Lubbock' }),
  candidate('mail-anon', {
    firstName: null,
    lastName: 'Quinn',
    specialty: null,
    companyName: null,
    city: 'Lubbock',
    state: 'TX',
  }),
];
beforeAll(() => importCandidates(suite.app, LUBBOCK));

describe('the AI email generator', () => {
  test('generate, edit, copy, save as a template, load it and delete it', async () => {
    const page = await suite.page({ clipboard: true });
    await signIn(suite, page, 'basic', '/email');
    await expectVisible(page.getByText(OutreachMessages.noTemplates));

    const generate = page.getByRole('button', { name: 'Generate AI Email' });
    expect(await generate.isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Job Title' }).fill('Night Charge Nurse');
    expect(await generate.isDisabled()).toBe(true);
    await page
      .getByRole('textbox', { name: 'Job Description' })
      .fill('Lead the night shift of a 30-bed ICU.');
    await page.getByRole('combobox', { name: 'Email Tone' }).click();
    await page.getByRole('option', { name: 'Friendly' }).click();

    // Slow the answer down enough to see the busy state.
    await page.route('**/api/v1/email/generate', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await generate.click();
    await expectVisible(page.getByRole('button', { name: 'AI Generating...' }));
    const subject = page.getByRole('textbox', { name: 'Subject Line' });
    await expectVisible(subject);
    // No AI key in tests: the answer and the page say the built-in writer drafted it.
    await expectVisible(page.getByText(OutreachMessages.templateDraft));
    const body = await page.getByRole('textbox', { name: 'Email Body' }).inputValue();
    expect(body).toMatch(/^Hi \{\{first_name\}\},/);
    expect(body).not.toContain('Lead the night shift of a 30-bed ICU.');
    await expectText(page.getByLabel('Placeholders'), '{{first_name}} (“there” when unknown)');
    await subject.fill('Lead our ICU nights');

    await page.getByRole('button', { name: 'Copy Email' }).click();
    await expectVisible(page.getByRole('button', { name: 'Copied!' }));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      /^Subject: Lead our ICU nights\n\n/,
    );
    await expectVisible(page.getByRole('button', { name: 'Copy Email' }), 3000);

    await page.getByRole('button', { name: 'Save “Night Charge Nurse” as Template' }).click();
    await expectText(
      page.getByRole('status').filter({ hasText: OutreachMessages.templateSaved }),
      'Template Saved',
    );
    const template = page.getByRole('article', { name: 'Night Charge Nurse' });
    await expectText(template, 'friendly');
    await expectText(template, 'medium');
    await expectText(template, 'full-time');
    await screenshotAtRest(page, 'email');

    await subject.fill('something else');
    await template.getByRole('button', { name: 'Load Night Charge Nurse' }).click();
    await expectText(page.getByRole('status').filter({ hasText: 'Template Loaded' }), 'Template Loaded');
    expect(await subject.inputValue()).toBe('Lead our ICU nights');

    await template.getByRole('button', { name: 'Delete Night Charge Nurse' }).click();
    await expectText(page.getByRole('status').filter({ hasText: 'Template Deleted' }), 'Template Deleted');
    await expectCount(page.getByRole('article', { name: 'Night Charge Nurse' }), 0);
    await expectVisible(page.getByText(OutreachMessages.noTemplates));
  });

  test('a failed generation shows the spec toast', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', '/email');
    await page.route('**/api/v1/email/generate', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/problem+json',
        body: JSON.stringify({
          status: 502,
          title: 'Bad Gateway',
          detail: 'Function error: upstream timed out',
        }),
      }),
    );
    await page.getByRole('textbox', { name: 'Job Title' }).fill('Nurse');
    await page.getByRole('textbox', { name: 'Job Description' }).fill('Days.');
    await page.getByRole('button', { name: 'Generate AI Email' }).click();
    await expectText(
      page.getByRole('status').filter({ hasText: 'Generation Failed' }),
      'Generation Failed: Function error: upstream timed out',
    );
  });

  test('Send Email to three revealed candidates opens three personalised messages with no {{', async () => {
    // The built-in writer's draft, saved as a template, is what the recruiter sends.
    const generated = await suite.app.request('/api/v1/email/generate', {
      method: 'POST',
      as: 'basic',
      json: { jobTitle: 'Clinic Lead', jobDescription: 'Lead our outpatient clinic. Weekends off.' },
    });
    const draft = (await generated.json()) as GeneratedEmail;
    expect(draft.generator).toBe('template');
    const saved = await suite.app.request('/api/v1/email/templates', {
      method: 'POST',
      as: 'basic',
      json: {
        jobTitle: 'Clinic Lead',
        subject: '{{first_name}}, a role for a {{specialty}}',
        body: draft.body,
      },
    });
    expect(saved.status).toBe(201);

    const page = await suite.page();
    await page
      .context()
      .route('https://mail.google.com/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Gmail compose</title>' }),
      );
    await signIn(suite, page, 'basic', '/search?city=Lubbock');
    const results = page.getByRole('region', { name: 'Search results' }).getByRole('article');
    await expectCount(results, 3);
    for (let i = 0; i < 3; i++) await results.nth(i).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Send Email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Email' });
    await dialog.getByRole('button', { name: 'Reveal 3 emails' }).click();
    // The dialog re-renders when the reveal answers: pick the template after, or a menu opened
    // meanwhile can lose the click on its option and stay open (the dialog is hidden under it).
    await expectHidden(dialog.getByRole('button', { name: /^Reveal/ }));
    await dialog.getByRole('combobox', { name: 'Use a saved template' }).click();
    await page.getByRole('option', { name: 'Clinic Lead' }).click();
    await expectHidden(page.getByRole('listbox'));
    await expectText(dialog.getByLabel('Placeholders'), '{{location}} (“your area” when unknown)');

    await expectVisible(dialog.locator('[aria-label="Messages"][aria-busy="false"]'));
    const expected = [
      {
        to: 'mail-rosa@mail.example',
        name: 'Rosa Diaz',
        subject: 'Rosa, a role for a Oncology',
        hello: 'Hello Rosa,',
      },
      {
        to: 'mail-omar@mail.example',
        name: 'Omar Haddad',
        subject: 'Omar, a role for a Neurology',
        hello: 'Hello Omar,',
      },
      {
        to: 'mail-anon@mail.example',
        name: 'Quinn',
        subject: 'there, a role for a healthcare professional',
        hello: 'Hello there,',
      },
    ];
    for (const { to, name, subject, hello } of expected) {
      const message = dialog.getByRole('listitem', { name: `Message to ${name}` });
      await expectText(message.getByLabel('Message preview'), hello);
      expect(await message.textContent()).not.toContain('{{');
      const opened = page.context().waitForEvent('page');
      await message.getByRole('link', { name: 'Gmail' }).click();
      const gmail = await opened;
      await gmail.waitForURL(/^https:\/\/mail\.google\.com\//);
      const params = new URL(gmail.url()).searchParams;
      expect(params.get('to')).toBe(to);
      expect(params.get('su')).toBe(subject);
      expect(params.get('body')).toMatch(new RegExp(`^${hello}`));
      expect(params.get('body')).toContain(' in Lubbock, TX.');
      expect(`${params.get('su')}${params.get('body')}`).not.toContain('{{');
      await gmail.close();
    }
    const mailto = await dialog
      .getByRole('listitem', { name: 'Message to Quinn' })
      .getByRole('link', { name: 'Default email app' })
      .getAttribute('href');
    expect(mailto).toMatch(/^mailto:mail-anon%40mail\.example\?subject=there%2C/);
  });
});
