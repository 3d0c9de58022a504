import {
  RESUME_STATUSES,
  ResumeMessages,
  type ResumeStatus,
  type ResumeSubmissionRow,
} from '@healthtal/contracts';
import { Alert, Link, Tab, Tabs, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, type Identifier, List, useListContext, useStoreContext } from 'react-admin';
import { useLocation } from 'react-router';
import { AdminConsoleMessages, RESUME_PAGE_SIZE } from '../admin-console';
import { useAdminDataProvider } from '../api';
import { pacificTime } from '../fields/PacificTimeField';
import { failureText, useToast } from '../notify';
import { ResumeBulkActions, ResumeBulkToolbar, ResumeRowActions } from './ResumeActions';
import { fullName, ResumeDrawer } from './ResumeDrawer';
import { ResumePagination } from './ResumePagination';

const label = (status: ResumeStatus) => status[0]!.toUpperCase() + status.slice(1);

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

/** The name opens the submission's drawer (the whole row does too, for a pointer). */
function NameCell({ row, onOpen }: { row: ResumeSubmissionRow; onOpen(id: Identifier): void }) {
  return (
    <>
      <Link
        component="button"
        variant="body2"
        underline="hover"
        sx={{ fontWeight: 600, display: 'block', textAlign: 'left' }}
        onClick={(event) => {
          event.stopPropagation();
          onOpen(row.id);
        }}
        aria-label={`Details of ${fullName(row)}`}
      >
        {row.firstName} {row.lastName}
      </Link>
      <Typography variant="caption" color="text.secondary">
        {row.title}
      </Typography>
    </>
  );
}

/** The pending tab selects rows for the bulk buttons and decides each row on its own too. */
function ResumeTable({ onOpen }: { onOpen(id: Identifier): void }) {
  const status = useStatus();
  const pending = status === 'pending';
  return (
    <DataTable<ResumeSubmissionRow>
      rowClick={(id) => {
        onOpen(id);
        return false;
      }}
      bulkActionButtons={pending ? <ResumeBulkActions /> : false}
      bulkActionsToolbar={pending ? <ResumeBulkToolbar /> : undefined}
      empty={<NoSubmissions />}
      aria-label={`${label(status)} submissions`}
    >
      <DataTable.Col<ResumeSubmissionRow>
        source="lastName"
        label="Name"
        disableSort
        render={(row) => <NameCell row={row} onOpen={onOpen} />}
      />
      <DataTable.Col source="email" label="Email" disableSort />
      <DataTable.Col source="companyName" label="Company" disableSort />
      <DataTable.Col source="location" label="Location" disableSort />
      <DataTable.Col label="Specialty" disableSort render={(row) => row.specialty || 'General'} />
      <DataTable.Col label="Submitted" disableSort render={(row) => pacificTime(row.submittedAt)} />
      {status === 'approved' ? (
        <DataTable.Col label="Approved At" disableSort render={(row) => pacificTime(row.approvedAt)} />
      ) : null}
      {status === 'rejected' ? (
        <DataTable.Col label="Processed At" disableSort render={(row) => pacificTime(row.processedAt)} />
      ) : null}
      {pending ? (
        <DataTable.Col label="Actions" align="right" disableSort render={() => <ResumeRowActions />} />
      ) : null}
    </DataTable>
  );
}

/** Where react-admin keeps the list's last parameters (its default store key for the resource). */
const LIST_PARAMS_KEY = 'resume-submissions.listParams';

/**
 * Entered without parameters in the address (from the menu), the screen forgets the last visit's tab
 * before the list reads it, so it opens on Pending; a tab chosen on the screen is in the address
 * (reload, back) and kept. Done once, before the List's first render (a state initialiser), because
 * the list reads its stored parameters as it renders. (`storeKey={false}` would do it too, but
 * react-admin then stops reloading the list after a decision.)
 */
function useOpenOnPending() {
  const { search } = useLocation();
  const store = useStoreContext();
  useState(() => {
    if (search === '') store.removeItem(LIST_PARAMS_KEY);
    return null;
  });
}

/**
 * Resume Submissions (/resume-approval): a react-admin List of the `resume-submissions` resource
 * with a tab per status, 25 a page, newest first; like Posters Galore's review moderation, the
 * pending tab has bulk Approve Selected / Reject Selected and a decision per row. A row opens the
 * submission in full in a drawer (ResumeDrawer), where it can be decided too.
 *
 * It opens on Pending every time it is entered from the menu (issue 37: reopening on the last tab,
 * Approved, hid what waits): see useOpenOnPending.
 */
export function ResumeList() {
  useOpenOnPending();
  const toast = useToast();
  const [openId, setOpenId] = useState<Identifier | null>(null);
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
      <ResumeTable onOpen={setOpenId} />
      <ResumeDrawer id={openId} onClose={() => setOpenId(null)} />
    </List>
  );
}
