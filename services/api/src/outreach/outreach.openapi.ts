import {
  EmailTemplate,
  EmailTemplateList,
  GeneratedEmail,
  GenerateEmailRequest,
  SaveEmailTemplateRequest,
} from '@healthtal/contracts';
import { Id, noContent, type RouteDoc } from '../http/route-doc';
import type { PolicyRoute } from '../policy';

/**
 * Outreach's routes as the OpenAPI document describes them: the contracts each handler
 * parses and answers with. `http/openapi-routes.ts` gathers every context's.
 */
export const outreachRouteDocs = {
  'POST /api/v1/email/generate': {
    summary: 'Write an outreach email (the configured model, or the built-in template writer).',
    tags: ['outreach'],
    body: GenerateEmailRequest,
    responses: { 200: GeneratedEmail },
  },
  'GET /api/v1/email/templates': {
    summary: 'The caller’s templates, newest first.',
    tags: ['outreach'],
    responses: { 200: EmailTemplateList },
  },
  'POST /api/v1/email/templates': {
    summary: 'Save a template.',
    tags: ['outreach'],
    body: SaveEmailTemplateRequest,
    responses: { 201: EmailTemplate },
  },
  'GET /api/v1/email/templates/:id': {
    summary: 'One of the caller’s templates.',
    tags: ['outreach'],
    params: Id,
    responses: { 200: EmailTemplate },
  },
  'DELETE /api/v1/email/templates/:id': {
    summary: 'Delete one of the caller’s templates.',
    tags: ['outreach'],
    params: Id,
    responses: { 204: noContent },
  },
} satisfies Partial<Record<PolicyRoute, RouteDoc>>;
