import { z } from 'zod';
import {
  SITE_IMAGE_KEYS,
  SITE_SETTING_GROUPS,
  SITE_SETTING_KEYS,
  SITE_TEXT_KEYS,
  SiteSettingLimits,
} from '../domain/site-settings';
import { AdminIdFilter } from './admin';

export const SiteSettingKey = z.enum(SITE_SETTING_KEYS, 'Must be one of the twelve site setting keys.');
export const SiteTextKey = z.enum(SITE_TEXT_KEYS, 'This setting holds text; images are uploaded.');
export const SiteImageKey = z.enum(SITE_IMAGE_KEYS, 'This setting holds an image; text is saved with PUT.');
export type SiteSettingKey = z.infer<typeof SiteSettingKey>;
export type SiteTextKey = z.infer<typeof SiteTextKey>;
export type SiteImageKey = z.infer<typeof SiteImageKey>;

/** A row of the console's Website Settings (ra-data-simple-rest: `id` is the key). */
export const SiteSettingRow = z.object({
  id: SiteSettingKey,
  key: SiteSettingKey,
  /** Text, or an image's absolute URL; empty when not set (a removed image is empty too). */
  value: z.string(),
  kind: z.enum(['text', 'image']),
  group: z.enum(SITE_SETTING_GROUPS),
  updatedAt: z.iso.datetime().nullable(),
});
export type SiteSettingRow = z.infer<typeof SiteSettingRow>;

/** The list's `filter`: by tab, by kind, or by key (react-admin's getMany sends `id`). */
export const SiteSettingFilter = z.object({
  group: z.enum(SITE_SETTING_GROUPS).optional(),
  kind: z.enum(['text', 'image']).optional(),
  id: AdminIdFilter(SiteSettingKey).optional(),
});
export type SiteSettingFilter = z.infer<typeof SiteSettingFilter>;

/** Saving one text setting (each has its own Save button). react-admin sends the whole record back. */
export const UpdateSiteSettingRequest = z.object({
  value: z
    .string('Must be text.')
    .trim()
    .max(SiteSettingLimits.textMax, `Must be at most ${SiteSettingLimits.textMax} characters.`),
});
export type UpdateSiteSettingRequest = z.infer<typeof UpdateSiteSettingRequest>;

/** The public page metadata: every key, image keys as absolute URLs, unset ones empty. */
export const PublicSiteSettings = z.record(SiteSettingKey, z.string());
export type PublicSiteSettings = z.infer<typeof PublicSiteSettings>;
