import type { DemoGrantRow } from '@healthtal/contracts';
import KeyIcon from '@mui/icons-material/Key';
import { DemoGrantList } from './DemoGrantList';

/** The `demo-grants` resource: every demo grant, its expiry and uses left, and Revoke. */
export default {
  list: DemoGrantList,
  icon: KeyIcon,
  recordRepresentation: (grant: DemoGrantRow) => `Demo access of ${grant.user_email}`,
};
