import { z } from 'zod';
import { SiteImageKey, SiteTextKey } from '../api/site';
import { SITE_IMAGE_TYPES, SiteSettingLimits } from '../domain/site-settings';
import { event } from './envelope';

/** An admin saved a text setting (SEO title, description, …). Stream `site-settings`. */
export const SiteSettingChanged = event(
  'SiteSettingChanged',
  z.object({
    key: SiteTextKey,
    value: z.string().max(SiteSettingLimits.textMax),
    changedBy: z.string(),
  }),
);
export type SiteSettingChanged = z.infer<typeof SiteSettingChanged>;

/**
 * An admin uploaded an image for a setting. The bytes live in the asset storage under their SHA-256,
 * so the URL changes with the content and can be cached for ever.
 */
export const SiteImageUploaded = event(
  'SiteImageUploaded',
  z.object({
    key: SiteImageKey,
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    extension: z.enum(Object.keys(SITE_IMAGE_TYPES) as [keyof typeof SITE_IMAGE_TYPES]),
    mediaType: z.string(),
    sizeBytes: z.number().int().positive(),
    uploadedBy: z.string(),
  }),
);
export type SiteImageUploaded = z.infer<typeof SiteImageUploaded>;

/** An admin removed a setting's image: its value is empty again. */
export const SiteImageRemoved = event(
  'SiteImageRemoved',
  z.object({ key: SiteImageKey, removedBy: z.string() }),
);
export type SiteImageRemoved = z.infer<typeof SiteImageRemoved>;

export const SiteEvent = z.discriminatedUnion('type', [
  SiteSettingChanged,
  SiteImageUploaded,
  SiteImageRemoved,
]);
export type SiteEvent = z.infer<typeof SiteEvent>;
