import {
  AdminConsoleMessages,
  RESUME_PAGE_SIZE,
  RESUME_STATUSES,
  ResumeMessages,
  type ResumeStatus,
  type ResumeSubmissionRow,
} from '@healthtal/contracts';
import { Alert, Tab, Tabs, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { DataTable, List, useListContext } from 'react-admin';
import { useAdminDataProvider } from '../api';
import { failureText, useToast } from '../notify';
import { ResumeBulkActions, ResumeBulkToolbar, ResumeRowActions } from './ResumeActions';
import { ResumePagination } from './ResumePagination';

const label = (status: ResumeStatus) => status[0]!.toUpperCase() + status.slice(1);
const formatDate = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US') : '—');

/** The tab the list shows: its `status` filter. */
function useStatus(): ResumeStatus {
  const { filterValues } = useListContext();
  return (filterValues.status ?? 'pending') as ResumeStatus;
}

/** Pending, Approved and Rejected: the list's status filter, with the count on the active tab. */
function StatusTabs() {
  const { filterValues, setFilters, onUnselectItems } = useListContext();
  const status = useStatus();
  const dataProvider = useAdminDataProvider();
  const { data: counts } = useQuery({
    queryKey: ['resume-submissions', 'counts'],
    queryFn: () => dataProvider.resumeCounts(),
  });
  return (
    <Tabs
      value={status}
      onChange={(_event, next: ResumeStatus) => {
        setFilters({ ...filterValues, status: next });
        onUnselectItems();
      }}
      aria-label="Submission status"
    >
      {RESUME_STATUSES.map((tab) => (
        <Tab
          key={tab}
          value={tab}
          label={tab === status && counts ? `${label(tab)} (${counts[tab]})` : label(tab)}
        />
      ))}
    </Tabs>
  );
}

/** "No {status} submissions found.", or, past the last page, a hint to try another. */
function NoSubmissions() {
  const { total } = useListContext();
  const status = useStatus();
  return (
    <>
      {status === 'pending' ? <ResumeBulkToolbar /> : null}
      <Alert severity="info" sx={{ m: 2 }}>
        {!total ? ResumeMessages.noSubmissions(status) : AdminConsoleMessages.noSubmissionsOnPage}
      </Alert>
    </>
  );
}

function NameCell({ row }: { row: ResumeSubmissionRow }) {
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {row.firstName} {row.lastName}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {row.title}
      </Typography>
    </>
  );
}

/** The pending tab selects rows for the bulk buttons and decides each row on its own too. */
function ResumeTable() {
  const status = useStatus();
  const pending = status === 'pending';
  return (
    <DataTable<ResumeSubmissionRow>
      rowClick={false}
      bulkActionButtons={pending ? <ResumeBulkActions /> : false}
      bulkActionsToolbar={pending ? <ResumeBulkToolbar /> : undefined}
      empty={<NoSubmissions />}
      aria-label={`${label(status)} submissions`}
    >
      <DataTable.Col<ResumeSubmissionRow>
        source="lastName"
        label="Name"
        disableSort
        render={(row) => <NameCell row={row} />}
      />
      <DataTable.Col source="email" label="Email" disableSort />
      <DataTable.Col source="companyName" label="Company" disableSort />
      <DataTable.Col source="location" label="Location" disableSort />
      <DataTable.Col label="Specialty" disableSort render={(row) => row.specialty || 'General'} />
      <DataTable.Col label="Submitted" disableSort render={(row) => formatDate(row.submittedAt)} />
      {status === 'approved' ? (
        <DataTable.Col label="Approved At" disableSort render={(row) => formatDate(row.approvedAt)} />
      ) : null}
      {status === 'rejected' ? (
        <DataTable.Col label="Processed At" disableSort render={(row) => formatDate(row.processedAt)} />
      ) : null}
      {pending ? (
        <DataTable.Col label="Actions" align="right" disableSort render={() => <ResumeRowActions />} />
      ) : null}
    </DataTable>
  );
}

/**
 * Resume Submissions (/resume-approval): a react-admin List of the `resume-submissions` resource
 * with a tab per status, 25 a page, newest first; like Posters Galore's review moderation, the
 * pending tab has bulk Approve Selected / Reject Selected and a decision per row.
 */
export function ResumeList() {
  const toast = useToast();
  return (
    <List
      resource="resume-submissions"
      title="Resume Submissions"
      filterDefaultValues={{ status: 'pending' }}
      sort={{ field: 'submittedAt', order: 'DESC' }}
      perPage={RESUME_PAGE_SIZE}
      pagination={<ResumePagination />}
      actions={false}
      empty={false}
      queryOptions={{
        onError: (error: Error) =>
          toast(
            AdminConsoleMessages.errorLoadingSubmissions,
            failureText(error, AdminConsoleMessages.couldNotLoadSubmissions),
            'error',
          ),
      }}
    >
      <StatusTabs />
      <ResumeTable />
    </List>
  );
}
