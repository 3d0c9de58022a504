import type { EmailTemplateDeleted, EmailTemplateSaved } from '@healthtal/contracts';
import type { Decider } from '../shared/command-handler';
import { DomainError } from '../shared/domain-error';

export type SaveEmailTemplate = { type: 'SaveEmailTemplate' } & EmailTemplateSaved['data'];
export type DeleteEmailTemplate = { type: 'DeleteEmailTemplate'; templateId: string; requestedBy: string };
export type EmailTemplateCommand = SaveEmailTemplate | DeleteEmailTemplate;
export type EmailTemplateEvent = EmailTemplateSaved | EmailTemplateDeleted;
export type EmailTemplateState =
  | { status: 'none' }
  | { status: 'saved'; ownerId: string }
  | { status: 'deleted'; ownerId: string };

/** Another user's template is answered like a missing one: its existence is nobody else's business. */
export class EmailTemplateNotFound extends DomainError {
  readonly status = 404;
  readonly title = 'Template not found';
}

/**
 * One saved template (a stream per template). Saving is done once (a retried save carries the same
 * id and adds nothing); only its owner may delete it, once.
 */
export const emailTemplateDecider: Decider<EmailTemplateCommand, EmailTemplateState, EmailTemplateEvent> = {
  initialState: { status: 'none' },
  evolve: (_state, event) => {
    switch (event.type) {
      case 'EmailTemplateSaved':
        return { status: 'saved', ownerId: event.data.ownerId };
      case 'EmailTemplateDeleted':
        return { status: 'deleted', ownerId: event.data.ownerId };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'SaveEmailTemplate': {
        if (state.status === 'none') {
          const { type: _type, ...data } = command;
          return [{ type: 'EmailTemplateSaved', data }];
        }
        if (state.ownerId !== command.ownerId) throw new EmailTemplateNotFound('No such template.');
        return [];
      }
      case 'DeleteEmailTemplate': {
        if (state.status !== 'saved' || state.ownerId !== command.requestedBy)
          throw new EmailTemplateNotFound('No such template.');
        return [
          { type: 'EmailTemplateDeleted', data: { templateId: command.templateId, ownerId: state.ownerId } },
        ];
      }
    }
  },
};
