import { expect, test } from 'vitest';
import { expectVisible, signIn, useBrowserApp } from '../support/browser';

// The console's Read models page (docs/adr/0018-projector-dead-letters.md): a parked event shows,
// and "Retry parked events" applies it once its cause is fixed.
const suite = useBrowserApp({ app: 'web-admin', viewport: { width: 1440, height: 900 } });

const sendContactMessage = async (name: string) => {
  const response = await suite.app.request('/api/v1/contact-messages', {
    method: 'POST',
    json: {
      name,
      email: 'visitor@example.org',
      phone: '(555) 010-2030',
      subject: 'Team plans',
      message: 'Do you offer a plan for twelve recruiters?',
    },
  });
  expect(response.status).toBe(201);
};

test('lists the read models, shows a parked event, and retries it', { timeout: 90_000 }, async () => {
  await suite.app.as('admin');
  await suite.app.caughtUp();
  await suite.app.pool.query(
    `alter table contact_messages add constraint no_poison check (name <> 'Poison Pill')`,
  );
  await sendContactMessage('Poison Pill');
  await expect.poll(async () => (await suite.app.request('/readyz')).status, { timeout: 15_000 }).toBe(503);

  const page = await suite.page();
  await signIn(suite, page, 'admin', '/admin/read-models');
  const row = page.getByRole('row').filter({ hasText: 'contact_messages' });
  await expectVisible(row.getByText('parked', { exact: true }));
  await expectVisible(page.getByRole('row').filter({ hasText: 'users' }).getByText('caught up'));

  await row.getByText('contact_messages').click();
  await expectVisible(
    page
      .getByRole('row')
      .filter({ hasText: 'ContactMessageReceived' })
      .getByText(/no_poison/),
  );

  await suite.app.pool.query('alter table contact_messages drop constraint no_poison');
  await row.getByRole('button', { name: 'Retry parked events' }).click();
  await expectVisible(
    page.getByRole('alert').filter({ hasText: 'contact_messages: 1 applied, 0 still parked.' }),
  );
  await expectVisible(page.getByRole('row').filter({ hasText: 'contact_messages' }).getByText('caught up'));
  expect((await suite.app.request('/readyz')).status).toBe(200);
});
