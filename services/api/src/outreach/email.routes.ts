import { randomUUID } from 'node:crypto';
import {
  type EmailGenerated,
  type EmailTemplate,
  type GeneratedEmail,
  GenerateEmailRequest,
  OutreachLimits,
  OutreachMessages,
  SaveEmailTemplateRequest,
  streamName,
} from '@healthtal/contracts';
import type { Request } from 'express';
import { z } from 'zod';
import type { ApiDependencies, ApiServices } from '../dependencies';
import type { RouteRegistrar } from '../http/routes';
import { parseBody, parseParams } from '../http/validate';
import { handleCommand, toEnvelopes } from '../shared/command-handler';
import { commandContext } from '../shared/idempotency';
import { uuidFromName } from '../shared/ids';
import { HttpProblem, notFound } from '../shared/problem';
import type { RateRule } from '../shared/rate-limit';
import { emailTemplateDecider } from './email-template.decider';
import { findEmailTemplate, listEmailTemplates } from './email-templates.queries';
import { type EmailWriter, withPositionType } from './email-writer';
import { OpenAiEmailWriter } from './openai-email-writer';
import { TemplateEmailWriter } from './template-email-writer';

/** Each generation costs money at the AI provider: enough for a recruiter's day, not for a script. */
export const GENERATE_PER_USER: RateRule = { name: 'email-generate:user', limit: 20, windowSeconds: 10 * 60 };

const TemplateParams = z.object({ id: z.uuid() });

/** The configured model when there is a key, the built-in writer otherwise. */
export function emailWriterOf({
  settings,
  logger,
}: Pick<ApiDependencies, 'settings' | 'logger'>): EmailWriter {
  return settings.openai ? new OpenAiEmailWriter(settings.openai, logger) : new TemplateEmailWriter();
}

/** The AI Email Generator and the user's saved templates (admin-intake-outreach §2, §3, §7). */
export function outreachRoutes(
  routes: RouteRegistrar,
  deps: Pick<ApiDependencies, 'pool' | 'store' | 'emailWriter' | 'settings' | 'logger'> & ApiServices,
) {
  const { pool, store, rateLimiter } = deps;
  const writer = deps.emailWriter ?? emailWriterOf(deps);

  routes.route('POST /api/v1/email/generate', async (req, res) => {
    const request = withPositionType(parseGenerateRequest(req));
    const context = commandContext(req);
    const userId = context.userId!;
    await rateLimiter.hit([{ rule: GENERATE_PER_USER, key: userId }]);
    const email = await writer.write(request, req.log);
    const generated: EmailGenerated = {
      type: 'EmailGenerated',
      data: {
        userId,
        generator: writer.kind,
        tone: request.tone,
        length: request.length,
        positionType: request.positionType,
      },
    };
    // A usage log, not an aggregate: nothing to decide, so it is appended without reading it first.
    const stream = streamName('email_generations', userId);
    await store.append(stream, toEnvelopes(stream, [generated], context), { expectedVersion: 'any' });
    const body: GeneratedEmail = {
      ...email,
      generator: writer.kind,
      canSend: !(req.accessProfile?.isDemo ?? false),
      positionType: request.positionType,
    };
    res.json(body);
  });

  routes.route('GET /api/v1/email/templates', async (req, res) => {
    res.json(await listEmailTemplates(pool, commandContext(req).userId!));
  });

  routes.route('GET /api/v1/email/templates/:id', async (req, res) => {
    const { id } = parseParams(TemplateParams, req);
    const template = await findEmailTemplate(pool, commandContext(req).userId!, id);
    if (!template) throw notFound('Template');
    res.json(template);
  });

  routes.route('POST /api/v1/email/templates', async (req, res) => {
    const { jobTitle, ...form } = parseBody(SaveEmailTemplateRequest, req);
    const context = commandContext(req);
    // With an Idempotency-Key the id follows from the command, so a retry lands on the same template.
    const templateId = req.get('idempotency-key') ? uuidFromName(context.commandId) : randomUUID();
    await handleCommand(
      store,
      streamName('template', templateId),
      emailTemplateDecider,
      { type: 'SaveEmailTemplate', templateId, ownerId: context.userId!, name: jobTitle, ...form },
      context,
    );
    // Answered from the command: the list's read model may not have caught up yet.
    const saved: EmailTemplate = {
      id: templateId,
      name: jobTitle,
      ...form,
      excerpt: form.body.slice(0, OutreachLimits.excerptLength),
      createdAt: context.now.toISOString(),
    };
    res.status(201).json(saved);
  });

  routes.route('DELETE /api/v1/email/templates/:id', async (req, res) => {
    const { id } = parseParams(TemplateParams, req);
    const context = commandContext(req);
    await handleCommand(
      store,
      streamName('template', id),
      emailTemplateDecider,
      { type: 'DeleteEmailTemplate', templateId: id, requestedBy: context.userId! },
      context,
    );
    res.status(204).end();
  });
}

/** Both fields missing is one message in the spec's mapping ("Please fill in both…"). */
function parseGenerateRequest(req: Request): GenerateEmailRequest {
  try {
    return parseBody(GenerateEmailRequest, req);
  } catch (error) {
    if (error instanceof HttpProblem && error.errors?.jobTitle && error.errors.jobDescription)
      throw new HttpProblem(error.status, error.title, OutreachMessages.bothRequired, error.errors);
    throw error;
  }
}
