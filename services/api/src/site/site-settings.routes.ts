import { createHash } from 'node:crypto';
import {
  ACCEPTED_IMAGE_TYPES,
  type AdminFilter,
  type AdminSortField,
  isSiteImageKey,
  SITE_IMAGE_TYPES,
  type SiteImageKey,
  SiteSettingKey,
  SiteSettingMessages,
  type SiteSettingRow,
  siteAssetPath,
  streamName,
  UpdateSiteSettingRequest,
} from '@healthtal/contracts';
import type { Request, Response } from 'express';
import { z } from 'zod';
import type { ApiDependencies } from '../dependencies';
import { serveAdminList } from '../http/admin-resource';
import type { RouteRegistrar } from '../http/routes';
import { parseBody, parseParams } from '../http/validate';
import { handleCommand } from '../shared/command-handler';
import { commandContext } from '../shared/idempotency';
import { HttpProblem, notFound } from '../shared/problem';
import { S3SiteAssetStorage } from './s3-site-assets';
import { PostgresSiteAssetStorage, type SiteAssetStorage } from './site-assets';
import { mediaTypeOf, sniffImageType } from './site-image';
import { invalidFileType, readImageUpload } from './site-image-upload';
import { siteSettingsDecider } from './site-settings.decider';
import { findSiteSetting, listSiteSettings, publicSiteSettings } from './site-settings.queries';

const STREAM = streamName('site', 'settings');
const AssetFile = z.object({
  file: z.string().regex(/^[0-9a-f]{64}\.(png|jpg|gif|webp|svg|ico)$/, 'Not a site asset.'),
});
/** A year, and never revalidated: the URL names the content, so new content gets a new URL. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** An SVG opened on its own must not run anything, whatever it holds. */
const ASSET_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** The key in the path; an unknown key is a missing resource. */
function keyOf(req: Request) {
  const parsed = SiteSettingKey.safeParse(req.params.key);
  if (!parsed.success) throw notFound('Site setting');
  return parsed.data;
}

function imageKeyOf(req: Request): SiteImageKey {
  const key = keyOf(req);
  if (!isSiteImageKey(key))
    throw new HttpProblem(400, 'Not an image setting', 'This setting holds text; save it with PUT.', {
      key: 'This setting holds text; save it with PUT.',
    });
  return key;
}

/** Website Settings (admin-intake-outreach §2, §3, §5): twelve keys, text saves and image uploads. */
export function siteSettingsRoutes(
  routes: RouteRegistrar,
  deps: Pick<ApiDependencies, 'pool' | 'store' | 'settings' | 'siteAssets'>,
) {
  const { pool, store } = deps;
  const publicUrl = deps.settings.publicUrl;
  const assets: SiteAssetStorage =
    deps.siteAssets ??
    (deps.settings.s3 ? new S3SiteAssetStorage(deps.settings.s3) : new PostgresSiteAssetStorage(pool));
  const answerWith = async (res: Response, key: SiteSettingKey) =>
    res.json(await findSiteSetting(pool, publicUrl, key));
  /**
   * The row as the command left it. The read model may not have caught up with the event yet, and
   * react-admin shows what a save answers.
   */
  const savedRow = async (key: SiteSettingKey, value: string, changed: boolean, now: Date) => {
    const row = await findSiteSetting(pool, publicUrl, key);
    return { ...row, value, updatedAt: changed ? now.toISOString() : row.updatedAt };
  };

  serveAdminList(routes, 'site-settings', async (page, filter) => {
    const rows = (await listSiteSettings(pool, publicUrl)).filter(matches(filter));
    const [field, order]: [AdminSortField<'site-settings'>, string] = page.sort ?? ['key', 'ASC'];
    // Twelve rows: sorted here when asked, in the spec's order otherwise.
    if (page.sort) rows.sort((a, b) => a[field].localeCompare(b[field]) * (order === 'ASC' ? 1 : -1));
    return { rows: rows.slice(page.offset, page.offset + page.limit), total: rows.length };
  });

  // Not the registry's plain record route: a key that is not one of the twelve names no setting (404).
  routes.route('GET /api/admin/site-settings/:key', async (req, res) => {
    await answerWith(res, keyOf(req));
  });

  routes.route('PUT /api/admin/site-settings/:key', async (req, res) => {
    const key = keyOf(req);
    const { value } = parseBody(UpdateSiteSettingRequest, req);
    const context = commandContext(req);
    if (isSiteImageKey(key)) {
      // react-admin saves whole records: the image's own URL back is no change, an empty one removes it.
      const current = await findSiteSetting(pool, publicUrl, key);
      if (value !== '' && value !== current.value) throw imageNeedsUpload();
      if (value !== '') return answerWith(res, key);
      const { events } = await handleCommand(
        store,
        STREAM,
        siteSettingsDecider,
        removeImage(key, context.userId!),
        context,
      );
      return res.json(await savedRow(key, '', events.length > 0, context.now));
    }
    const { events } = await handleCommand(
      store,
      STREAM,
      siteSettingsDecider,
      { type: 'ChangeSiteSetting', key, value, changedBy: context.userId! },
      context,
    );
    res.json(await savedRow(key, value, events.length > 0, context.now));
  });

  routes.route('POST /api/admin/site-settings/:key/image', async (req, res) => {
    const key = imageKeyOf(req);
    const bytes = await readImageUpload(req);
    const extension = sniffImageType(bytes);
    if (!extension) throw invalidFileType();
    if (!ACCEPTED_IMAGE_TYPES[key].includes(extension))
      throw invalidFileType(SiteSettingMessages.typeNotAccepted(ACCEPTED_IMAGE_TYPES[key]));
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const mediaType = mediaTypeOf(extension);
    const context = commandContext(req);
    // Bytes first: an event never points at an asset that is not there. An asset whose event then
    // fails to append is unreferenced and harmless (the same bytes reuse it).
    await assets.put({ sha256, mediaType, bytes });
    const { events } = await handleCommand(
      store,
      STREAM,
      siteSettingsDecider,
      {
        type: 'UploadSiteImage',
        key,
        sha256,
        extension,
        mediaType,
        sizeBytes: bytes.length,
        uploadedBy: context.userId!,
      },
      context,
    );
    const url = `${publicUrl.replace(/\/$/, '')}${siteAssetPath(sha256, extension)}`;
    res.status(201).json(await savedRow(key, url, events.length > 0, context.now));
  });

  routes.route('DELETE /api/admin/site-settings/:key/image', async (req, res) => {
    const key = imageKeyOf(req);
    const context = commandContext(req);
    const { events } = await handleCommand(
      store,
      STREAM,
      siteSettingsDecider,
      removeImage(key, context.userId!),
      context,
    );
    res.json(await savedRow(key, '', events.length > 0, context.now));
  });

  routes.route('GET /api/v1/site-settings', async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=60').json(await publicSiteSettings(pool, publicUrl));
  });

  routes.route('GET /api/v1/site-assets/:file', async (req, res) => {
    const { file } = parseParams(AssetFile, req);
    const [sha256, extension] = file.split('.') as [string, keyof typeof SITE_IMAGE_TYPES];
    const asset = await assets.get(sha256);
    if (!asset || asset.mediaType !== SITE_IMAGE_TYPES[extension]) throw notFound('Site asset');
    res
      .set({
        'Content-Type': asset.mediaType,
        'Cache-Control': IMMUTABLE,
        ETag: `"${sha256}"`,
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': ASSET_CSP,
      })
      .send(asset.bytes);
  });
}

const removeImage = (key: SiteImageKey, removedBy: string) =>
  ({ type: 'RemoveSiteImage', key, removedBy }) as const;

const imageNeedsUpload = () =>
  new HttpProblem(
    400,
    SiteSettingMessages.saveFailed,
    'This setting holds an image: upload a file instead.',
    {
      value: 'This setting holds an image: upload a file instead.',
    },
  );

const matches = (filter: AdminFilter<'site-settings'>) => (row: SiteSettingRow) =>
  (!filter.group || row.group === filter.group) &&
  (!filter.kind || row.kind === filter.kind) &&
  (!filter.id || filter.id.includes(row.id));
