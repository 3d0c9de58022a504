import { EXPORT_FORMAT_LABELS, type ExportLogRow, ExportStatus } from '@healthtal/contracts';
import { Chip } from '@mui/material';
import { DataTable, List, SearchInput } from 'react-admin';
import { pacificTime } from '../fields/PacificTimeField';
import { StatusFilter } from '../inputs/StatusFilter';

const statusColor = { started: 'default', completed: 'success', aborted: 'warning' } as const;

/**
 * Every export anyone made, newest first: who exported what and how many rows went out. What an
 * admin checks before deciding a refund (an export ends the money-back guarantee) or when asked
 * where a file of contacts came from.
 */
export function ExportLogList() {
  return (
    <List
      title="Exports"
      sort={{ field: 'exportDate', order: 'DESC' }}
      filters={[
        <SearchInput key="q" source="q" alwaysOn placeholder="Search user email" />,
        <StatusFilter key="status" statuses={ExportStatus.options} />,
      ]}
      empty={false}
    >
      <DataTable<ExportLogRow> bulkActionButtons={false}>
        <DataTable.Col source="exportDate" label="Started" render={(row) => pacificTime(row.exportDate)} />
        <DataTable.Col source="userEmail" label="User" render={(row) => row.userEmail ?? row.userId} />
        <DataTable.Col source="fileName" label="File" disableSort />
        <DataTable.Col<ExportLogRow>
          label="Format"
          disableSort
          render={(row) => EXPORT_FORMAT_LABELS[row.format]}
        />
        <DataTable.Col source="scope" label="Scope" disableSort />
        <DataTable.Col<ExportLogRow>
          source="exportCount"
          label="Rows"
          render={(row) => `${row.exportCount} of ${row.rowsIntended}`}
        />
        <DataTable.Col<ExportLogRow>
          source="status"
          label="Status"
          render={(row) => <Chip size="small" label={row.status} color={statusColor[row.status]} />}
        />
      </DataTable>
    </List>
  );
}
