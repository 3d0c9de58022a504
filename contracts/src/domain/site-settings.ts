/** Website Settings (admin-intake-outreach §2 "Website Settings", §3 "Site setting", §5, §8, §9). */
export const SITE_SETTING_KEYS = [
  'favicon_url',
  'site_logo_url',
  'site_icon_url',
  'seo_title',
  'seo_description',
  'seo_keywords',
  'google_search_title',
  'google_search_description',
  'seo_image_url',
  'social_facebook_image',
  'social_twitter_image',
  'social_linkedin_image',
] as const;

export const SITE_IMAGE_KEYS = [
  'favicon_url',
  'site_logo_url',
  'site_icon_url',
  'seo_image_url',
  'social_facebook_image',
  'social_twitter_image',
  'social_linkedin_image',
] as const satisfies readonly (typeof SITE_SETTING_KEYS)[number][];

export const SITE_TEXT_KEYS = [
  'seo_title',
  'seo_description',
  'seo_keywords',
  'google_search_title',
  'google_search_description',
] as const satisfies readonly (typeof SITE_SETTING_KEYS)[number][];

export const isSiteImageKey = (key: string): key is (typeof SITE_IMAGE_KEYS)[number] =>
  (SITE_IMAGE_KEYS as readonly string[]).includes(key);

/** The console's tabs: Visual Assets, SEO & Search, Social Media. */
export const SITE_SETTING_GROUPS = ['visual', 'seo', 'social'] as const;
export type SiteSettingGroup = (typeof SITE_SETTING_GROUPS)[number];
export const siteSettingGroupOf = (key: (typeof SITE_SETTING_KEYS)[number]): SiteSettingGroup =>
  key.startsWith('social_')
    ? 'social'
    : key === 'favicon_url' || key === 'site_logo_url' || key === 'site_icon_url'
      ? 'visual'
      : 'seo';

/** Image formats the server recognises by their first bytes (never by the client's name or type). */
export const SITE_IMAGE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
} as const;
export type SiteImageExtension = keyof typeof SITE_IMAGE_TYPES;

/** The favicon control accepts .ico, .png and .svg; the other images any common web format. */
export const ACCEPTED_IMAGE_TYPES: Record<(typeof SITE_IMAGE_KEYS)[number], readonly SiteImageExtension[]> = {
  favicon_url: ['ico', 'png', 'svg'],
  site_logo_url: ['png', 'jpg', 'gif', 'webp', 'svg'],
  site_icon_url: ['png', 'jpg', 'gif', 'webp', 'svg', 'ico'],
  seo_image_url: ['png', 'jpg', 'gif', 'webp'],
  social_facebook_image: ['png', 'jpg', 'gif', 'webp'],
  social_twitter_image: ['png', 'jpg', 'gif', 'webp'],
  social_linkedin_image: ['png', 'jpg', 'gif', 'webp'],
};

export const SiteSettingLimits = {
  /** Spec §9: image upload limit 5 MB. */
  imageMaxBytes: 5 * 1024 * 1024,
  /** Ours: a title or description, not a page. */
  textMax: 2000,
} as const;

export const SiteSettingMessages = {
  invalidFileType: 'Invalid file type: Please select an image file.',
  fileTooLarge: 'File too large: Please select an image smaller than 5MB.',
  /** Ours: a real image, but not one this setting can use (an SVG share image, a JPEG favicon). */
  typeNotAccepted: (accepted: readonly SiteImageExtension[]) =>
    `This setting takes ${accepted.map((ext) => `.${ext}`).join(', ')} images.`,
  loadFailed: 'Failed to load settings',
  saveFailed: 'Save failed',
  uploadFailed: 'Upload failed',
  deleteFailed: 'Delete failed',
  saved: 'Setting saved',
  imageUploaded: 'Image uploaded successfully',
  imageRemoved: 'Image removed',
} as const;

/** Where an uploaded image is served: its content hash names it, so the URL changes with the image. */
export const siteAssetPath = (sha256: string, extension: string) =>
  `/api/v1/site-assets/${sha256}.${extension}`;
