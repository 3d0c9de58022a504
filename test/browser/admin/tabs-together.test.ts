/**
 * Issue 32, finding 14, in the console: three console tabs opened together stay signed in (they
 * refresh one at a time under the Web Lock the recruiter app uses too).
 */
import { describe, expect, test } from 'vitest';
import { expectVisible, signIn, useBrowserApp } from '../support/browser';
import { openTabsTogether, refreshesAnswered } from '../support/tabs';

const suite = useBrowserApp({ app: 'web-admin', viewport: { width: 1440, height: 900 } });

describe('console tabs opened together', () => {
  test('three console tabs opened at once all stay signed in, and so does a reload after', {
    timeout: 90_000,
  }, async () => {
    const first = await suite.page();
    await signIn(suite, first, 'admin', '/admin/');
    const context = first.context();
    await first.close();

    const { tabs, refreshes, presented } = await openTabsTogether(context, `${suite.app.url}/admin/#/`, 3);
    await refreshesAnswered(refreshes, 3);
    expect(refreshes).toEqual([200, 200, 200]);
    // One at a time: each tab presented the cookie the one before it left, never the same one.
    expect(new Set(presented).size).toBe(3);
    for (const tab of tabs) await expectVisible(tab.getByText('Pending resumes'));

    await tabs[2]!.reload();
    await expectVisible(tabs[2]!.getByText('Pending resumes'));
    expect(refreshes).toEqual([200, 200, 200, 200]);
  });
});
