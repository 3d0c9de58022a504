import type { ExportLogRow } from '@healthtal/contracts';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { ExportLogList } from './ExportLogList';

/** The `export-logs` resource: every export anyone made, who made it and how it ended. */
export default {
  list: ExportLogList,
  icon: FileDownloadIcon,
  recordRepresentation: (row: ExportLogRow) => `${row.userEmail ?? row.userId}: ${row.fileName}`,
};
