import type { AdminUserRow } from '@healthtal/contracts';
import PeopleIcon from '@mui/icons-material/People';
import { UserList } from './UserList';

/** The `users` resource: User Management (/users), with demo grants and deletion per row. */
export default {
  list: UserList,
  icon: PeopleIcon,
  recordRepresentation: (user: AdminUserRow) => user.email,
};
