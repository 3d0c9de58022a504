import {
  AdminDashboard,
  AdminUserRow,
  AdminUserStats,
  DashboardQuery,
  MailOutboxFilter,
  MailOutboxRow,
  ParkedEventRow,
  ParkedEventsFilter,
  PublicSiteSettings,
  ReadModelRow,
  ReadModelsFilter,
  RetryParkedResult,
  SiteSettingFilter,
  SiteSettingKey,
  SiteSettingRow,
  UpdateSiteSettingRequest,
  UserHistoryEntry,
} from '@healthtal/contracts';
import { z } from 'zod';
import * as A from '../http/openapi-answers';
import { admin, adminList, Id, type JsonSchema, type RouteDoc } from '../http/route-doc';
import type { PolicyRoute } from '../policy';
import { mailOutboxSortFields } from './mail-outbox.queries';
import { parkedSortFields, readModelSortFields } from './read-models';
import { siteSettingSortFields } from './site-settings.queries';
import { AdminUserFilter, adminUserSortFields } from './users.queries';

const SiteSettingParams = z.object({ key: SiteSettingKey });

/** The image types a site setting may hold. */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml', 'image/x-icon'];

const uploadContent = Object.fromEntries(
  IMAGE_TYPES.map((type): [string, JsonSchema] => [type, {}]).concat([
    ['application/octet-stream', {}],
    [
      'multipart/form-data',
      {
        type: 'object',
        properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
        required: ['file'],
      },
    ],
  ]),
);

/**
 * The admin console's routes as the OpenAPI document describes them: the contracts each handler
 * parses and answers with. `http/openapi-routes.ts` gathers every context's.
 */
export const adminRouteDocs = {
  'GET /api/admin/users': adminList('Users.', AdminUserRow, adminUserSortFields, AdminUserFilter),
  'GET /api/admin/users/:id': admin('One user.', { params: Id, responses: { 200: AdminUserRow } }),
  'GET /api/admin/user-stats': admin('The Users page’s cards.', { responses: { 200: AdminUserStats } }),
  'DELETE /api/admin/users/:id': admin('Delete a user and erase their personal data.', {
    params: Id,
    responses: { 200: A.UserDeleted },
  }),
  'POST /api/admin/users/:id/admin-role': admin('Make a user an admin.', {
    params: Id,
    responses: { 200: A.AdminRoleChanged },
  }),
  'DELETE /api/admin/users/:id/admin-role': admin('Take the admin role away.', {
    params: Id,
    responses: { 200: A.AdminRoleChanged },
  }),
  'GET /api/admin/users/:id/history': admin('A user’s audit trail, from the events.', {
    params: Id,
    responses: { 200: z.array(UserHistoryEntry) },
  }),
  'GET /api/admin/mail-outbox': adminList(
    'Mail the product sent or kept.',
    MailOutboxRow,
    mailOutboxSortFields,
    MailOutboxFilter,
  ),
  'GET /api/admin/mail-outbox/:id': admin('One mail.', {
    params: z.object({ id: z.string().regex(/^[1-9]\d{0,14}$/) }),
    responses: { 200: MailOutboxRow },
  }),
  'GET /api/admin/outbox': adminList(
    'The mail outbox (alias).',
    MailOutboxRow,
    mailOutboxSortFields,
    MailOutboxFilter,
  ),
  'GET /api/admin/outbox/:id': admin('One mail (alias).', {
    params: z.object({ id: z.string().regex(/^[1-9]\d{0,14}$/) }),
    responses: { 200: MailOutboxRow },
  }),
  'GET /api/admin/dashboard': admin('The dashboard over 7, 30 or 90 days.', {
    query: DashboardQuery,
    responses: { 200: AdminDashboard },
  }),
  'GET /api/admin/read-models': adminList(
    'Read models: state, lag, parked events.',
    ReadModelRow,
    readModelSortFields,
    ReadModelsFilter,
  ),
  'GET /api/admin/read-models/:name': admin('One read model: state, lag, parked events.', {
    params: z.object({ name: z.string().regex(/^[a-z][a-z0-9_]{0,99}$/) }),
    responses: { 200: ReadModelRow },
  }),
  'GET /api/admin/parked-events/:id': admin('One parked event (`<read model>:<event id>`).', {
    params: z.object({ id: z.string() }),
    responses: { 200: ParkedEventRow },
  }),
  'GET /api/admin/parked-events': adminList(
    'Events the read models set aside.',
    ParkedEventRow,
    parkedSortFields,
    ParkedEventsFilter,
  ),
  'POST /api/admin/read-models/:name/retry': admin('Apply a read model’s parked events again.', {
    params: z.object({ name: z.string().regex(/^[a-z][a-z0-9_]{0,99}$/) }),
    responses: { 200: RetryParkedResult },
  }),
  'GET /api/admin/site-settings': adminList(
    'The twelve site settings.',
    SiteSettingRow,
    siteSettingSortFields,
    SiteSettingFilter,
  ),
  'GET /api/admin/site-settings/:key': admin('One site setting.', {
    params: SiteSettingParams,
    responses: { 200: SiteSettingRow },
  }),
  'PUT /api/admin/site-settings/:key': admin('Save a text setting (or clear an image one).', {
    params: SiteSettingParams,
    body: UpdateSiteSettingRequest,
    responses: { 200: SiteSettingRow },
  }),
  'POST /api/admin/site-settings/:key/image': admin('Upload an image setting (at most 5 MB).', {
    params: SiteSettingParams,
    bodyContent: uploadContent,
    responses: { 201: SiteSettingRow },
  }),
  'DELETE /api/admin/site-settings/:key/image': admin('Remove an image setting.', {
    params: SiteSettingParams,
    responses: { 200: SiteSettingRow },
  }),
  'GET /api/v1/site-settings': {
    summary: 'Every site setting, images as absolute URLs.',
    tags: ['admin'],
    responses: { 200: PublicSiteSettings },
  },
  'GET /api/v1/site-assets/:file': {
    summary: 'An uploaded site image (cached for a year: new content, new URL).',
    tags: ['admin'],
    params: z.object({ file: z.string().regex(/^[0-9a-f]{64}\.(png|jpg|gif|webp|svg|ico)$/) }),
    responses: {
      200: {
        description: 'The image.',
        content: Object.fromEntries(IMAGE_TYPES.map((type) => [type, {}])),
      },
    },
  },
} satisfies Partial<Record<PolicyRoute, RouteDoc>>;
