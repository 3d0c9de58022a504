import type { RemovalRequestRow } from '@healthtal/contracts';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import { RemovalRequestList } from './RemovalRequestList';
import { requestReference } from './request-reference';

/** The `removal-requests` resource: requests to erase someone from the directory, with their age. */
export default {
  list: RemovalRequestList,
  icon: DeleteSweepIcon,
  recordRepresentation: (row: RemovalRequestRow) => requestReference(row.id),
};
