import { OutreachMessages } from '@healthtal/contracts';
import { describe, expect, test } from 'vitest';
import { expectText, expectVisible, signIn, useBrowserApp } from '../support/browser';
import { expectCount, screenshotAtRest } from './recruiter-support';

const suite = useBrowserApp({ app: 'web-recruiter' });

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
});
