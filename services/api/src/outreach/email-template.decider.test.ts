import { describe, it } from 'vitest';
import { given } from '../shared/decider-spec';
import {
  type EmailTemplateEvent,
  EmailTemplateNotFound,
  emailTemplateDecider,
  type SaveEmailTemplate,
} from './email-template.decider';

const templateId = '0b6f1c2e-4d3a-4e5f-8a9b-1c2d3e4f5a6b';
const owner = 'user-owner';
const stranger = 'user-stranger';
const template = {
  templateId,
  ownerId: owner,
  name: 'ICU Travel Nurse',
  subject: 'A full-time ICU role for {{first_name}}',
  body: 'Hi {{first_name}}, …',
  tone: 'friendly',
  length: 'short',
  positionType: 'full-time',
} as const;
const save: SaveEmailTemplate = { type: 'SaveEmailTemplate', ...template };
const saved: EmailTemplateEvent = { type: 'EmailTemplateSaved', data: { ...template } };
const deleted: EmailTemplateEvent = { type: 'EmailTemplateDeleted', data: { templateId, ownerId: owner } };
const deleteAs = (requestedBy: string) => ({ type: 'DeleteEmailTemplate', templateId, requestedBy }) as const;

describe('Email template', () => {
  it('is saved with everything the recruiter kept', () =>
    given(emailTemplateDecider, []).when(save).thenEmits([saved]));

  it('is saved only once when the same save is retried', () =>
    given(emailTemplateDecider, [saved]).when(save).thenEmits([]));

  it("cannot be overwritten through another user's retry with the same id", () =>
    given(emailTemplateDecider, [saved])
      .when({ ...save, ownerId: stranger })
      .thenThrows(EmailTemplateNotFound));

  it('is deleted by its owner', () =>
    given(emailTemplateDecider, [saved]).when(deleteAs(owner)).thenEmits([deleted]));

  it('is not found for another user who tries to delete it', () =>
    given(emailTemplateDecider, [saved]).when(deleteAs(stranger)).thenThrows(EmailTemplateNotFound));

  it('is not found once deleted', () =>
    given(emailTemplateDecider, [saved, deleted]).when(deleteAs(owner)).thenThrows(EmailTemplateNotFound));

  it('is not found when it was never saved', () =>
    given(emailTemplateDecider, []).when(deleteAs(owner)).thenThrows(EmailTemplateNotFound));
});
