import type { SearchErrorLogRow } from '@healthtal/contracts';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { SearchErrorLogList } from './SearchErrorLogList';

/** The `search-error-logs` resource: Search Error Logs (/admin-logs). */
export default {
  list: SearchErrorLogList,
  icon: ErrorOutlineIcon,
  recordRepresentation: (log: SearchErrorLogRow) => `${log.errorType}: ${log.errorMessage}`,
};
