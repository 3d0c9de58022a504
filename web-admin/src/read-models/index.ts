import StorageIcon from '@mui/icons-material/Storage';
import { ReadModelList } from './ReadModelList';

/** The `read-models` resource: each projection's lag and parked events (its `parked-events`). */
export default {
  list: ReadModelList,
  icon: StorageIcon,
  recordRepresentation: 'id',
};
