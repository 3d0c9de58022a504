import { type EnrolmentList, SequenceMessages, type SequenceView } from '@healthtal/contracts';
import { candidate, importCandidates } from '@healthtal/testkit/directory-fixture';
import { sendToInbound } from '@healthtal/testkit/inbound-mail';
import { beforeAll, describe, expect, test } from 'vitest';
import { expectVisible, signIn, useBrowserApp } from '../support/browser';

// The product takes replies by SMTP on a free port (ADR 0068).
const suite = useBrowserApp({ app: 'web-recruiter', env: { INBOUND_SMTP_PORT: '0' } });

const ALMA = candidate('reply-alma', {
  firstName: 'Alma',
  lastName: 'Reyes',
  state: 'NY',
  city: 'Albany',
  personalEmail: 'alma.reyes@clinicians.test',
});
beforeAll(() => importCandidates(suite.app, [ALMA]));

describe('the reply inbox', () => {
  test('shows a reply that came in through the inbound SMTP endpoint', async () => {
    const { app } = suite;
    const basic = await app.as('basic');
    const call = async <T>(path: string, init: { method?: string; json?: unknown } = {}) => {
      const response = await app.request(path, { ...init, as: 'basic' });
      expect(response.status, path).toBeLessThan(300);
      return (await response.json()) as T;
    };
    await call(`/api/v1/candidates/${ALMA.candidateId}/reveal`, { method: 'POST' });
    const sequence = await call<SequenceView>('/api/v1/sequences', {
      method: 'POST',
      json: {
        name: 'ICU nights, Albany',
        steps: [
          { subject: 'A night role for {{first_name}}', body: 'Hello {{first_name}}.', waitBusinessDays: 0 },
        ],
      },
    });
    await call(`/api/v1/sequences/${sequence.id}/enrolments`, {
      method: 'POST',
      json: { candidateIds: [ALMA.candidateId] },
    });
    await app.caughtUp();
    const [enrolment] = await call<EnrolmentList>(`/api/v1/sequences/${sequence.id}/enrolments`);

    const page = await suite.page();
    await signIn(suite, page, 'basic', '/sequences/replies');
    await expectVisible(page.getByRole('heading', { name: 'Replies' }));
    await expectVisible(page.getByText(SequenceMessages.noReplies));

    // Alma answers from her mail client; her server hands the reply to HealthTal's endpoint.
    const answer = await sendToInbound(app.inboundMail!.port, {
      from: 'Alma Reyes <alma.reyes@clinicians.test>',
      to: `${basic.email}, reply+${enrolment!.enrolmentId}@127.0.0.1`,
      subject: 'Re: A night role for Alma',
      text: 'Happy to talk about the night role. Thursday works.\n\nOn Mon, Jan 6, 2031 wrote:\n> Hello Alma.',
      inReplyTo: `<seq.${enrolment!.enrolmentId}.0@127.0.0.1>`,
    });
    expect(answer.accepted).toBe(true);
    await app.caughtUp();

    await page.reload();
    const replies = page.getByRole('list', { name: 'Replies' });
    await expectVisible(replies.getByText('Happy to talk about the night role. Thursday works.'));
    await expectVisible(replies.getByRole('link', { name: 'Alma Reyes' }));
    await expectVisible(replies.getByText('Re: A night role for Alma'));
    await expectVisible(replies.getByText(/replied to step 1 of “ICU nights, Albany”/));
    await expectVisible(page.getByRole('status').getByText('1 reply'));
    // The quoted message is not shown.
    expect(await replies.getByText('> Hello Alma.').count()).toBe(0);
  });
});
