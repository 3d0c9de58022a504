import { MailDelivery } from '@healthtal/contracts';
import { z } from 'zod';
import { accessRouteDocs } from '../access/access.openapi';
import { billingRouteDocs } from '../billing/billing.openapi';
import { directoryRouteDocs } from '../directory/directory.openapi';
import { identityRouteDocs } from '../identity/identity.openapi';
import { intakeRouteDocs } from '../intake/intake.openapi';
import { opsRouteDocs } from '../ops/ops.openapi';
import { outreachRouteDocs } from '../outreach/outreach.openapi';
import { sequenceContactRouteDocs } from '../outreach/sequences/sequence-contacts.openapi';
import { sequenceRouteDocs } from '../outreach/sequences/sequences.openapi';
import type { PolicyRoute } from '../policy';
import { siteRouteDocs } from '../site/site.openapi';
import { workspaceRouteDocs } from '../workspace/workspace.openapi';
import { adminResourceDocs } from './admin-resource';
import * as A from './openapi-answers';
import { admin, html, type RouteDoc } from './route-doc';

/**
 * Every route of the policy table, documented: the contracts its handler parses and answers with.
 * Each context documents its own routes (`<context>/<context>.openapi.ts`), the console's resources'
 * lists and records are documented from contracts' ADMIN_RESOURCES (`admin-resource.ts`); these are
 * the HTTP layer's own. A route added to `policy.ts` without an entry in one of them does not compile.
 * `openapi.ts` builds the OpenAPI document from it; `services/api/test/openapi.http.int.test.ts`
 * checks real answers against it.
 */
export const routeDocs = {
  'GET /healthz': {
    summary: 'Liveness: the process answers.',
    tags: ['health'],
    responses: { 200: A.Healthz },
  },
  'GET /readyz': {
    summary: 'Readiness: the database answers and every check passes.',
    tags: ['health'],
    responses: { 200: A.Readyz, 503: A.Readyz },
  },
  'GET /metrics': {
    summary: 'Prometheus metrics.',
    description: 'The bearer token is METRICS_TOKEN or an admin’s access token.',
    tags: ['health'],
    security: 'bearer',
    responses: {
      200: { description: 'Prometheus text format.', content: { 'text/plain': { type: 'string' } } },
    },
  },
  ...adminResourceDocs,
  ...identityRouteDocs,
  ...billingRouteDocs,
  ...accessRouteDocs,
  ...directoryRouteDocs,
  ...intakeRouteDocs,
  ...outreachRouteDocs,
  ...sequenceRouteDocs,
  ...sequenceContactRouteDocs,
  ...workspaceRouteDocs,
  ...opsRouteDocs,
  ...siteRouteDocs,
  'GET /api/admin/mail-delivery': admin(
    'How this server delivers mail: `outbox` when no SMTP server is configured (mail is only kept).',
    { responses: { 200: MailDelivery } },
    'mail',
  ),
  'GET /api/openapi.json': {
    summary: 'This OpenAPI 3.1 document.',
    tags: ['docs'],
    responses: { 200: { description: 'The document.', content: { 'application/json': { type: 'object' } } } },
  },
  'GET /api/docs': {
    summary: 'The interactive API reference (Swagger UI).',
    tags: ['docs'],
    responses: { 200: html('The reference page.') },
  },
  'GET /api/docs/:file': {
    summary: 'The reference page’s scripts and styles.',
    tags: ['docs'],
    params: z.object({ file: z.string() }),
    responses: {
      200: {
        description: 'The file.',
        content: {
          'text/javascript': { type: 'string' },
          'application/javascript': { type: 'string' },
          'text/css': { type: 'string' },
          'image/png': {},
        },
      },
    },
  },
} satisfies Record<PolicyRoute, RouteDoc>;
