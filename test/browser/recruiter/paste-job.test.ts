import { beforeAll, describe, expect, test } from 'vitest';
import { expectText, expectVisible, seriousAxeViolations, signIn, useBrowserApp } from '../support/browser';
import { CARDIOLOGISTS, resultCount, screenshotAtRest, seedDirectory } from './recruiter-support';

/*
 * Issue 35, "paste the job, get the shortlist": a recruiter pastes a cardiology posting, sees the
 * filters it proposes as chips (each with the posting's words behind it), removes the ones they do
 * not want, searches, and the URL (the screen's state) carries the rest. No AI key: the built-in
 * reader answers, and says so.
 */
const POSTING = [
  'Non-Invasive Cardiologist',
  'Heart & Vascular Institute · Austin, TX 78701',
  'Full-time, employed position',
  '',
  'Read echocardiography studies and see patients in clinic. BLS required.',
  'MD or DO, board certified in Cardiovascular Disease.',
].join('\n');

const suite = useBrowserApp({ app: 'web-recruiter' });
beforeAll(() => seedDirectory(suite.app));

describe('Paste a job', () => {
  test('proposes the posting’s filters as chips; a removed chip stays out of the search the URL carries', async () => {
    const page = await suite.page();
    await signIn(suite, page, 'basic', '/search');
    await expectText(resultCount(page), '65 results');

    await page.getByRole('button', { name: 'Paste a job' }).click();
    const dialog = page.getByRole('dialog', { name: 'Paste a job' });
    await dialog.getByRole('textbox', { name: 'Job posting' }).fill(POSTING);
    await dialog.getByRole('button', { name: 'Propose filters' }).click();
    const chips = dialog.getByRole('group', { name: 'Proposed filters' });
    await expectVisible(chips.getByRole('button', { name: 'Remove Specialty: Cardiology' }));
    await expectVisible(dialog.getByText(/built-in reader/));
    const labels = await chips
      .getByRole('button')
      .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
    expect(labels).toEqual([
      'Remove State: Texas',
      'Remove City: Austin',
      'Remove Credential: MD',
      'Remove Credential: DO',
      'Remove Specialty: Cardiology',
      'Remove Skills: Echocardiography',
      'Remove Skills: BLS',
      'Remove Skills: Board Certified',
      'Remove Position type: Full-time',
    ]);
    await expectVisible(chips.getByText('Position type: Full-time (not searched)'));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotAtRest(page, 'paste-a-job-proposal');

    // The seeded cardiologists' titles name no credential, and the recruiter does not want it anyway.
    for (const name of ['Credential: MD', 'Credential: DO', 'Skills: Board Certified'])
      await chips.getByRole('button', { name: `Remove ${name}` }).click();
    await dialog.getByRole('button', { name: 'Search' }).click();
    await expectText(resultCount(page), `${CARDIOLOGISTS} results`);
    expect([...new URL(page.url()).searchParams]).toEqual([
      ['city', 'Austin'],
      ['state', 'TX'],
      ['specialty', 'Cardiology'],
      ['skills', 'Echocardiography,BLS'],
    ]);
    const applied = page.getByRole('group', { name: 'Applied filters' });
    await expectVisible(applied.getByRole('button', { name: 'Remove Skills: BLS' }));
    expect(await applied.getByRole('button', { name: /Credential/ }).count()).toBe(0);
  });
});
