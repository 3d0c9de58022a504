import {
  PublicSiteSettings,
  SiteSettingKey,
  SiteSettingRow,
  UpdateSiteSettingRequest,
} from '@healthtal/contracts';
import { z } from 'zod';
import { admin, type JsonSchema, type RouteDoc } from '../http/route-doc';
import type { PolicyRoute } from '../policy';

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
 * Site's routes as the OpenAPI document describes them: Website Settings, the public metadata and
 * the uploaded images. `http/openapi-routes.ts` gathers every context's.
 */
export const siteRouteDocs = {
  'PUT /api/admin/site-settings/:key': admin(
    'Save a text setting (or clear an image one).',
    {
      params: SiteSettingParams,
      body: UpdateSiteSettingRequest,
      responses: { 200: SiteSettingRow },
    },
    'site',
  ),
  'POST /api/admin/site-settings/:key/image': admin(
    'Upload an image setting (at most 5 MB).',
    {
      params: SiteSettingParams,
      bodyContent: uploadContent,
      responses: { 201: SiteSettingRow },
    },
    'site',
  ),
  'DELETE /api/admin/site-settings/:key/image': admin(
    'Remove an image setting.',
    {
      params: SiteSettingParams,
      responses: { 200: SiteSettingRow },
    },
    'site',
  ),
  'GET /api/v1/site-settings': {
    summary: 'Every site setting, images as absolute URLs.',
    tags: ['site'],
    responses: { 200: PublicSiteSettings },
  },
  'GET /api/v1/site-assets/:file': {
    summary: 'An uploaded site image (cached for a year: new content, new URL).',
    tags: ['site'],
    params: z.object({ file: z.string().regex(/^[0-9a-f]{64}\.(png|jpg|gif|webp|svg|ico)$/) }),
    responses: {
      200: {
        description: 'The image.',
        content: Object.fromEntries(IMAGE_TYPES.map((type) => [type, {}])),
      },
    },
  },
} satisfies Partial<Record<PolicyRoute, RouteDoc>>;
