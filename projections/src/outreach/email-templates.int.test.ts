import { describe, expect, it } from 'vitest';
import { minute, readModelDatabase } from '../../test/support/read-model';
import { emailTemplatesProjection } from './email-templates.projection';

const { givenEvents } = readModelDatabase();

const [dana, lee] = ['a3be2f3a-0b1c-4d2e-9f3a-4b5c6d7e8f01', 'a3be2f3a-0b1c-4d2e-9f3a-4b5c6d7e8f02'];
const [rnOutreach, followUp, late] = [
  'a3be2f3a-0b1c-4d2e-9f3a-4b5c6d7e8fa1',
  'a3be2f3a-0b1c-4d2e-9f3a-4b5c6d7e8fa2',
  'a3be2f3a-0b1c-4d2e-9f3a-4b5c6d7e8fa3',
];
const saved = (templateId: string, ownerId: string, name: string) =>
  ({
    type: 'EmailTemplateSaved',
    data: {
      templateId,
      ownerId,
      name,
      subject: 'A role for you',
      body: 'Hello from Dana',
      tone: 'professional',
      length: 'short',
      positionType: 'full-time',
    },
    occurredAt: minute(0),
  }) as const;
const userErased = (userId: string) =>
  [
    { type: 'UserDeleted', data: { userId, deletedBy: 'admin' } },
    { type: 'PersonalDataErased', data: { subjectId: userId } },
  ] as const;

describe('email_templates', () => {
  it("lists a user's saved templates until one is deleted", async () => {
    const model = await givenEvents(emailTemplatesProjection, [
      saved(rnOutreach, dana, 'RN outreach'),
      saved(followUp, dana, 'Follow-up'),
      { type: 'EmailTemplateDeleted', data: { templateId: followUp, ownerId: dana } },
    ]);

    expect(await model.thenRows('select * from email_templates')).toEqual([
      {
        id: rnOutreach,
        owner_id: dana,
        name: 'RN outreach',
        subject: 'A role for you',
        body: 'Hello from Dana',
        tone: 'professional',
        length: 'short',
        position_type: 'full-time',
        created_at: new Date(minute(0)),
      },
    ]);
  });

  it("drops an erased owner's templates, and one saved by a request that raced the erasure", async () => {
    const model = await givenEvents(emailTemplatesProjection, [
      saved(rnOutreach, dana, 'RN outreach'),
      saved(followUp, lee, 'Follow-up'),
      ...userErased(dana),
      saved(late, dana, 'Too late'),
    ]);

    expect(await model.thenRows('select id, owner_id from email_templates')).toEqual([
      { id: followUp, owner_id: lee },
    ]);
  });

  it('does not bring them back on a replay, where their text reads as erased', async () => {
    const model = await givenEvents(
      emailTemplatesProjection,
      [saved(rnOutreach, dana, 'RN outreach'), saved(followUp, lee, 'Follow-up'), ...userErased(dana)],
      { replay: true },
    );

    expect(await model.thenRows('select id from email_templates')).toEqual([{ id: followUp }]);
  });
});
