import { describe, it } from 'vitest';
import { given } from '../shared/decider-spec';
import { type SiteSettingsEvent, siteSettingsDecider, type UploadSiteImage } from './site-settings.decider';

const admin = 'admin-1';
const sha = (digit: string) => digit.repeat(64);
const logo = {
  key: 'site_logo_url',
  sha256: sha('a'),
  extension: 'png',
  mediaType: 'image/png',
  sizeBytes: 2048,
  uploadedBy: admin,
} as const;
const upload: UploadSiteImage = { type: 'UploadSiteImage', ...logo };
const uploaded: SiteSettingsEvent = { type: 'SiteImageUploaded', data: { ...logo } };
const titleChanged = (value: string): SiteSettingsEvent => ({
  type: 'SiteSettingChanged',
  data: { key: 'seo_title', value, changedBy: admin },
});
const changeTitle = (value: string) =>
  ({ type: 'ChangeSiteSetting', key: 'seo_title', value, changedBy: admin }) as const;
const removeLogo = { type: 'RemoveSiteImage', key: 'site_logo_url', removedBy: admin } as const;
const logoRemoved: SiteSettingsEvent = {
  type: 'SiteImageRemoved',
  data: { key: 'site_logo_url', removedBy: admin },
};

describe('Site settings', () => {
  it('records a saved text setting', () =>
    given(siteSettingsDecider, [])
      .when(changeTitle('HealthTal'))
      .thenEmits([titleChanged('HealthTal')]));

  it('records a changed text setting', () =>
    given(siteSettingsDecider, [titleChanged('HealthTal')])
      .when(changeTitle('HealthTal: find nurses'))
      .thenEmits([titleChanged('HealthTal: find nurses')]));

  it('records nothing when the text saved is already there', () =>
    given(siteSettingsDecider, [titleChanged('HealthTal')])
      .when(changeTitle('HealthTal'))
      .thenEmits([]));

  it('records nothing when an empty text setting is saved empty', () =>
    given(siteSettingsDecider, []).when(changeTitle('')).thenEmits([]));

  it('records an uploaded image', () => given(siteSettingsDecider, []).when(upload).thenEmits([uploaded]));

  it('records nothing when the same image is uploaded again', () =>
    given(siteSettingsDecider, [uploaded]).when(upload).thenEmits([]));

  it('records a different image for the same setting', () =>
    given(siteSettingsDecider, [uploaded])
      .when({ ...upload, sha256: sha('b') })
      .thenEmits([{ type: 'SiteImageUploaded', data: { ...logo, sha256: sha('b') } }]));

  it('removes an image, leaving the setting empty', () =>
    given(siteSettingsDecider, [uploaded]).when(removeLogo).thenEmits([logoRemoved]));

  it('records nothing when removing an image that is not there', () =>
    given(siteSettingsDecider, [uploaded, logoRemoved]).when(removeLogo).thenEmits([]));

  it('takes the same image back after it was removed', () =>
    given(siteSettingsDecider, [uploaded, logoRemoved]).when(upload).thenEmits([uploaded]));
});
