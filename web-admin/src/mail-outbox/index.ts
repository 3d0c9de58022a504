import type { MailOutboxRow } from '@healthtal/contracts';
import MarkunreadMailboxIcon from '@mui/icons-material/MarkunreadMailbox';
import { MailOutboxList } from './MailOutboxList';
import { MailShow } from './MailShow';

/** The `mail-outbox` resource: every mail the product sent or kept. */
export default {
  list: MailOutboxList,
  show: MailShow,
  icon: MarkunreadMailboxIcon,
  recordRepresentation: (row: MailOutboxRow) => `${row.recipient}: ${row.subject}`,
};
