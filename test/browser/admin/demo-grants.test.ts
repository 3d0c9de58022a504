import type { DemoGrantRow } from '@healthtal/contracts';
import { testMetadata } from '@healthtal/testkit/harness';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  expectHidden,
  expectText,
  expectVisible,
  seriousAxeViolations,
  signIn,
  useBrowserApp,
} from '../support/browser';

/*
 * Issue 37, finding 14: a Demo grants screen, from the side menu, with each grant's expiry, its uses
 * left and whether it still counts, and a Revoke that asks first.
 */
const suite = useBrowserApp({ app: 'web-admin', viewport: { width: 1440, height: 900 } });

const grant = async (userId: string, json: Record<string, unknown>) => {
  const response = await suite.app.request('/api/admin/demo-grants', {
    method: 'POST',
    as: 'admin',
    json: { userId, ...json },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as DemoGrantRow;
};

const toast = (page: Page, title: string) => page.getByRole('alert').filter({ hasText: title });

describe('the Demo grants screen', { timeout: 90_000 }, () => {
  test('lists each grant with its expiry and uses left, and revokes one after a confirmation', async () => {
    const [weekly, capped, forever] = await Promise.all([
      suite.app.signUp(),
      suite.app.signUp(),
      suite.app.signUp(),
    ]);
    const week = await grant(weekly!.userId, { duration: '1w', notes: 'Conference lead' });
    await grant(capped!.userId, { duration: '1d', maxUses: 5 });
    await grant(forever!.userId, { duration: 'indefinite' });
    // Two of the capped grant's five uses, as a demo reveal records them.
    const cappedGrant = await grantOf(capped!.userId);
    const use = { userId: capped!.userId, grantId: cappedGrant.id, featureType: 'full_access' };
    await suite.app.store.append(`demo-${capped!.userId}`, [
      { type: 'DemoAccessUsed', data: use, metadata: testMetadata() },
      { type: 'DemoAccessUsed', data: use, metadata: testMetadata() },
    ]);
    await suite.app.caughtUp();

    const page = await suite.page();
    await signIn(suite, page, 'admin', '/users');
    await page.getByRole('menuitem', { name: 'Demo grants' }).click();
    await page.waitForURL('**/admin/#/demo-grants**');

    const rowOf = (email: string) => page.getByRole('row').filter({ hasText: email });
    await expectVisible(rowOf(weekly!.email));
    await expectText(rowOf(weekly!.email), 'Conference lead');
    await expectVisible(rowOf(weekly!.email).getByText(/\d{1,2}:\d{2}\s[AP]M PT/));
    await expectText(rowOf(capped!.email), '3 of 5');
    await expectText(rowOf(forever!.email), 'Never (indefinite)');
    await expectText(rowOf(forever!.email), 'Unlimited');
    await expectText(rowOf(weekly!.email), 'Active');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await rowOf(weekly!.email)
      .getByRole('button', { name: `Revoke demo access of ${weekly!.email}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Revoke demo access?' });
    await expectVisible(dialog);
    await expectText(dialog, `${weekly!.email} loses this demo access now, before it expires.`);
    // Cancel revokes nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectHidden(dialog);
    expect((await grantOf(weekly!.userId)).active).toBe(true);

    await rowOf(weekly!.email)
      .getByRole('button', { name: `Revoke demo access of ${weekly!.email}` })
      .click();
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expectVisible(toast(page, 'Demo Access Revoked'));
    await expectText(rowOf(weekly!.email), 'Revoked');
    await expectHidden(rowOf(weekly!.email).getByRole('button', { name: /Revoke demo access/ }));
    const revoked = await suite.app.database.pool.query<{ data: { grantId: string; revokedBy: string } }>(
      `select data from eventstore.events where type = 'DemoAccessRevoked' and stream_id = $1`,
      [`demo-${weekly!.userId}`],
    );
    expect(revoked.rows.map((row) => row.data.grantId)).toEqual([week.id]);
    const admin = await suite.app.as('admin');
    expect(revoked.rows[0]!.data.revokedBy).toBe(admin.userId);

    // Current only: the revoked grant leaves the list.
    await page.getByLabel('Current only').check();
    await expectHidden(rowOf(weekly!.email));
    await expectVisible(rowOf(capped!.email));

    // The list and the revocation are the admin's only.
    expect((await suite.app.request('/api/admin/demo-grants', { as: 'premium' })).status).toBe(403);
    const other = await suite.app.request(`/api/admin/demo-grants/${week.id}`, {
      method: 'DELETE',
      as: 'premium',
    });
    expect(other.status).toBe(403);
  });
});

async function grantOf(userId: string): Promise<DemoGrantRow> {
  await suite.app.caughtUp();
  const filter = encodeURIComponent(JSON.stringify({ userId }));
  const response = await suite.app.request(`/api/admin/demo-grants?filter=${filter}`, { as: 'admin' });
  const [row] = (await response.json()) as DemoGrantRow[];
  return row!;
}
