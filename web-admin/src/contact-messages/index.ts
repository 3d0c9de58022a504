import type { ContactMessageRow } from '@healthtal/contracts';
import MailIcon from '@mui/icons-material/Mail';
import { ContactMessageList } from './ContactMessageList';
import { ContactMessageShow } from './ContactMessageShow';

/** The `contact-messages` resource: what visitors sent through the contact form. */
export default {
  list: ContactMessageList,
  show: ContactMessageShow,
  icon: MailIcon,
  recordRepresentation: (row: ContactMessageRow) => `${row.name}: ${row.subject}`,
};
