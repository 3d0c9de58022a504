import type {
  SiteImageKey,
  SiteImageRemoved,
  SiteImageUploaded,
  SiteSettingChanged,
  SiteSettingKey,
} from '@healthtal/contracts';
import type { Decider } from '../shared/command-handler';

export type ChangeSiteSetting = { type: 'ChangeSiteSetting' } & SiteSettingChanged['data'];
export type UploadSiteImage = { type: 'UploadSiteImage' } & SiteImageUploaded['data'];
export type RemoveSiteImage = { type: 'RemoveSiteImage'; key: SiteImageKey; removedBy: string };
export type SiteSettingsCommand = ChangeSiteSetting | UploadSiteImage | RemoveSiteImage;
export type SiteSettingsEvent = SiteSettingChanged | SiteImageUploaded | SiteImageRemoved;

/** The current value of each key that was ever set: text, or an image's content hash; '' when removed. */
export type SiteSettingsState = { values: Partial<Record<SiteSettingKey, string>> };

/**
 * All twelve settings are one aggregate on the `site-settings` stream: an admin's saves are
 * serialised by the stream version, and saving what is already there records nothing.
 */
export const siteSettingsDecider: Decider<SiteSettingsCommand, SiteSettingsState, SiteSettingsEvent> = {
  initialState: { values: {} },
  evolve: (state, event) => {
    switch (event.type) {
      case 'SiteSettingChanged':
        return { values: { ...state.values, [event.data.key]: event.data.value } };
      case 'SiteImageUploaded':
        return { values: { ...state.values, [event.data.key]: event.data.sha256 } };
      case 'SiteImageRemoved':
        return { values: { ...state.values, [event.data.key]: '' } };
    }
  },
  decide: (command, { values }) => {
    switch (command.type) {
      case 'ChangeSiteSetting': {
        if ((values[command.key] ?? '') === command.value) return [];
        const { type: _type, ...data } = command;
        return [{ type: 'SiteSettingChanged', data }];
      }
      case 'UploadSiteImage': {
        if (values[command.key] === command.sha256) return [];
        const { type: _type, ...data } = command;
        return [{ type: 'SiteImageUploaded', data }];
      }
      case 'RemoveSiteImage': {
        if (!values[command.key]) return [];
        return [{ type: 'SiteImageRemoved', data: { key: command.key, removedBy: command.removedBy } }];
      }
    }
  },
};
