import type { OutreachSenderRow } from '@healthtal/contracts';
import CampaignIcon from '@mui/icons-material/Campaign';
import { OutreachPage } from './OutreachPage';

/** The `outreach-senders` resource: the Outreach screen, with the global opt-outs below the senders. */
export default {
  list: OutreachPage,
  icon: CampaignIcon,
  recordRepresentation: (row: OutreachSenderRow) => row.email ?? row.id,
};
