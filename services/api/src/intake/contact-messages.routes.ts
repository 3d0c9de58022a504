import { randomUUID } from 'node:crypto';
import {
  type ContactMessageAccepted,
  type ContactMessageId,
  ContactMessageRequest,
  streamName,
} from '@healthtal/contracts';
import type { ApiDependencies, ApiServices } from '../dependencies';
import { serveAdminList, serveAdminRecord } from '../http/admin-resource';
import type { RouteRegistrar } from '../http/routes';
import { parseBody } from '../http/validate';
import { handleCommand } from '../shared/command-handler';
import { commandContext } from '../shared/idempotency';
import { uuidFromName } from '../shared/ids';
import { anonymousWriteChecks } from '../shared/rate-limit';
import { contactMessageDecider } from './contact-message.decider';
import { findContactMessage, listContactMessages } from './contact-messages.queries';

export function contactMessageRoutes(
  routes: RouteRegistrar,
  { store, pool, rateLimiter }: Pick<ApiDependencies, 'store' | 'pool'> & ApiServices,
) {
  routes.route('POST /api/v1/contact-messages', async (req, res) => {
    const form = parseBody(ContactMessageRequest, req);
    await rateLimiter.hit(anonymousWriteChecks('contact', req.ip));
    const context = commandContext(req);
    // With an Idempotency-Key the id follows from the command, so a retry lands on the same message.
    const messageId = (
      req.get('idempotency-key') ? uuidFromName(context.commandId) : randomUUID()
    ) as ContactMessageId;
    await handleCommand(
      store,
      streamName('contact', messageId),
      contactMessageDecider,
      { type: 'ReceiveContactMessage', messageId, ...form },
      context,
    );
    const body: ContactMessageAccepted = { id: messageId };
    res.status(201).json(body);
  });

  serveAdminList(routes, 'contact-messages', (page, filter) => listContactMessages(pool, page, filter));
  serveAdminRecord(routes, 'contact-messages', (id) => findContactMessage(pool, id));
}
