/**
 * Issue 32, finding 14: three tabs opened together each resumed the session with the same refresh
 * cookie; the server took the losers' requests for a stolen token coming back and ended the sign-in,
 * so every tab, the winner's too, ended up signed out. The tabs now refresh one at a time (a Web
 * Lock shared by both apps), and the server answers a just-rotated token again within a few seconds.
 */
import { describe, expect, test } from 'vitest';
import { expectVisible, signIn, useBrowserApp } from '../support/browser';
import { openTabsTogether, refreshesAnswered } from '../support/tabs';

const suite = useBrowserApp({ app: 'web-recruiter' });

describe('tabs of a returning subscriber opened together', () => {
  test('three tabs opened at once all stay signed in, and so does a reload after', {
    timeout: 90_000,
  }, async () => {
    const first = await suite.page();
    await signIn(suite, first, 'basic', '/lists');
    const { email } = await suite.app.as('basic');
    const context = first.context();
    await first.close();

    const { tabs, refreshes, presented } = await openTabsTogether(context, `${suite.app.url}/lists`, 3);
    await refreshesAnswered(refreshes, 3);
    expect(refreshes).toEqual([200, 200, 200]);
    // One at a time: each tab presented the cookie the one before it left, never the same one.
    expect(new Set(presented).size).toBe(3);
    const signedIn = (tab: (typeof tabs)[number]) =>
      expectVisible(tab.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: email }));
    for (const tab of tabs) {
      await signedIn(tab);
      expect(new URL(tab.url()).pathname).toBe('/lists');
    }

    // The sign-in lives on: a tab reloaded later refreshes with the cookie the three left behind.
    await tabs[1]!.reload();
    await signedIn(tabs[1]!);
    expect(refreshes).toEqual([200, 200, 200, 200]);
  });
});
