import { randomUUID } from 'node:crypto';
import {
  type ContactMessageAccepted,
  type ContactMessageId,
  ContactMessageRequest,
  streamName,
} from '@healthtal/contracts';
import { z } from 'zod';
import type { ApiDependencies, ApiServices } from '../dependencies';
import { parseAdminPage, sendAdminList } from '../http/admin-list';
import type { RouteRegistrar } from '../http/routes';
import { parseBody, parseParams } from '../http/validate';
import { handleCommand } from '../shared/command-handler';
import { commandContext } from '../shared/idempotency';
import { uuidFromName } from '../shared/ids';
import { notFound } from '../shared/problem';
import { anonymousWriteChecks } from '../shared/rate-limit';
import { contactMessageDecider } from './contact-message.decider';
import {
  contactMessageSortFields,
  findContactMessage,
  listContactMessages,
} from './contact-messages.queries';

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

  routes.route('GET /api/admin/contact-messages', async (req, res) => {
    const page = parseAdminPage(req, contactMessageSortFields);
    const { rows, total } = await listContactMessages(pool, page);
    sendAdminList(res, 'contact-messages', page, rows, total);
  });

  routes.route('GET /api/admin/contact-messages/:id', async (req, res) => {
    const { id } = parseParams(z.object({ id: z.uuid() }), req);
    const message = await findContactMessage(pool, id);
    if (!message) throw notFound('Contact message');
    res.json(message);
  });
}
