import SettingsIcon from '@mui/icons-material/Settings';
import { SiteSettingList } from './SiteSettingList';

/** The `site-settings` resource: Website Settings (/admin-settings). */
export default {
  list: SiteSettingList,
  icon: SettingsIcon,
  recordRepresentation: 'key',
};
