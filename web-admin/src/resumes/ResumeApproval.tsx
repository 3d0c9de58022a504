import {
  AdminConsoleMessages,
  actionFailedText,
  bulkOutcome,
  paginationItems,
  RESUME_PAGE_SIZE,
  RESUME_STATUSES,
  type ResumeAction,
  ResumeMessages,
  type ResumeStatus,
  type ResumeSubmissionRow,
  selectionCounter,
} from '@healthtal/contracts';
import {
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
  CircularProgress,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useGetList } from 'react-admin';
import { adminApi } from '../api';
import { failureText, useToast } from '../notify';
import { useLoad } from '../useLoad';

const label = (status: ResumeStatus) => status[0]!.toUpperCase() + status.slice(1);
const formatDate = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US') : '—');

/** Resume Submissions (/resume-approval): Pending, Approved and Rejected tabs, 25 a page. */
export function ResumeApproval() {
  const [status, setStatus] = useState<ResumeStatus>('pending');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const counts = useLoad(adminApi.resumeCounts, 'resume-counts');
  const list = useGetList<ResumeSubmissionRow>(
    'resume-submissions',
    {
      pagination: { page, perPage: RESUME_PAGE_SIZE },
      sort: { field: 'submittedAt', order: 'DESC' },
      filter: { status },
    },
    {
      onError: (error) =>
        toast(
          AdminConsoleMessages.errorLoadingSubmissions,
          failureText(error, AdminConsoleMessages.couldNotLoadSubmissions),
          'error',
        ),
    },
  );
  const rows = list.data ?? [];
  const total = list.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / RESUME_PAGE_SIZE));

  // When the last page empties (everything on it was decided), step back to the new last page.
  useEffect(() => {
    if (!list.isPending && page > pages) setPage(pages);
  }, [list.isPending, page, pages]);

  const switchTab = (next: ResumeStatus) => {
    setStatus(next);
    setPage(1);
    setSelected([]);
  };

  /** The API answers once the read model has the decisions (read-your-writes): reload tabs and counts. */
  const reload = () => {
    setSelected([]);
    counts.reload();
    list.refetch();
  };

  const decideOne = async (id: string, action: ResumeAction) => {
    setBusy(true);
    try {
      const result = await adminApi.decideResume(id, action);
      toast(result.message, null);
    } catch (error) {
      toast(AdminConsoleMessages.actionFailed, failureText(error, actionFailedText(action)), 'error');
    }
    reload();
    setBusy(false);
  };

  const decideSelected = async (action: ResumeAction) => {
    if (selected.length === 0) {
      const [title, text] = ResumeMessages.noneSelected.split(': ');
      toast(title!, text ?? null, 'warning');
      return;
    }
    setBusy(true);
    try {
      const result =
        action === 'approve' ? await adminApi.bulkApprove(selected) : await adminApi.bulkReject(selected);
      const decided = 'approved' in result ? result.approved : result.rejected;
      const outcome = bulkOutcome(action, decided, result.failed.length);
      toast(outcome.title, outcome.text, outcome.severity);
    } catch (error) {
      const fallback = action === 'approve' ? ResumeMessages.approvalFailed : ResumeMessages.rejectionFailed;
      toast(AdminConsoleMessages.actionFailed, failureText(error, fallback), 'error');
    }
    reload();
    setBusy(false);
  };

  const pageIds = rows.map((row) => row.id);
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  const toggle = (id: string) =>
    setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));
  const pending = status === 'pending';

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Resume Submissions" />
      <Tabs
        value={status}
        onChange={(_event, next: ResumeStatus) => switchTab(next)}
        aria-label="Submission status"
      >
        {RESUME_STATUSES.map((tab) => (
          <Tab
            key={tab}
            value={tab}
            label={tab === status && counts.data ? `${label(tab)} (${counts.data[tab]})` : label(tab)}
          />
        ))}
      </Tabs>
      {pending ? (
        <Stack direction="row" sx={{ p: 2, gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" aria-live="polite">
            {selectionCounter(selected.length, rows.length)}
          </Typography>
          <Box sx={{ flex: 1 }} />
          <Button variant="outlined" color="error" disabled={busy} onClick={() => decideSelected('reject')}>
            Reject Selected
          </Button>
          <Button variant="contained" disabled={busy} onClick={() => decideSelected('approve')}>
            Approve Selected
          </Button>
        </Stack>
      ) : null}
      {list.isPending ? (
        <Box sx={{ p: 4, textAlign: 'center' }}>
          <CircularProgress />
        </Box>
      ) : rows.length === 0 ? (
        <Alert severity="info" sx={{ m: 2 }}>
          {total === 0 ? ResumeMessages.noSubmissions(status) : AdminConsoleMessages.noSubmissionsOnPage}
        </Alert>
      ) : (
        <Table size="small" aria-label={`${label(status)} submissions`}>
          <TableHead>
            <TableRow>
              {pending ? (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allSelected}
                    indeterminate={!allSelected && selected.length > 0}
                    onChange={() => setSelected(allSelected ? [] : pageIds)}
                    slotProps={{ input: { 'aria-label': 'Select all' } }}
                  />
                </TableCell>
              ) : null}
              <TableCell>Name</TableCell>
              <TableCell>Email</TableCell>
              <TableCell>Company</TableCell>
              <TableCell>Location</TableCell>
              <TableCell>Specialty</TableCell>
              <TableCell>Submitted</TableCell>
              {status === 'approved' ? <TableCell>Approved At</TableCell> : null}
              {status === 'rejected' ? <TableCell>Processed At</TableCell> : null}
              {pending ? <TableCell align="right">Actions</TableCell> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const name = `${row.firstName} ${row.lastName}`;
              return (
                <TableRow key={row.id} hover selected={selected.includes(row.id)}>
                  {pending ? (
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected.includes(row.id)}
                        onChange={() => toggle(row.id)}
                        slotProps={{ input: { 'aria-label': `Select ${name}` } }}
                      />
                    </TableCell>
                  ) : null}
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {name}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {row.title}
                    </Typography>
                  </TableCell>
                  <TableCell>{row.email}</TableCell>
                  <TableCell>{row.companyName}</TableCell>
                  <TableCell>{row.location}</TableCell>
                  <TableCell>{row.specialty || 'General'}</TableCell>
                  <TableCell>{formatDate(row.submittedAt)}</TableCell>
                  {status === 'approved' ? <TableCell>{formatDate(row.approvedAt)}</TableCell> : null}
                  {status === 'rejected' ? <TableCell>{formatDate(row.processedAt)}</TableCell> : null}
                  {pending ? (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Button
                        size="small"
                        color="error"
                        disabled={busy}
                        onClick={() => decideOne(row.id, 'reject')}
                        aria-label={`Reject ${name}`}
                      >
                        Reject
                      </Button>
                      <Button
                        size="small"
                        variant="contained"
                        disabled={busy}
                        onClick={() => decideOne(row.id, 'approve')}
                        aria-label={`Approve ${name}`}
                      >
                        Approve
                      </Button>
                    </TableCell>
                  ) : null}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      <PageButtons page={page} pages={pages} onPage={setPage} />
    </Card>
  );
}

/** Previous, the pages (a window of five, first, last and ellipses: the recruiter app's rule), Next. */
function PageButtons({ page, pages, onPage }: { page: number; pages: number; onPage(page: number): void }) {
  if (pages <= 1) return null;
  return (
    <Stack
      component="nav"
      aria-label="Pages"
      direction="row"
      sx={{ p: 2, gap: 0.5, justifyContent: 'center' }}
    >
      <Button size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      {paginationItems(page, pages).map((item) =>
        typeof item === 'string' ? (
          <Box key={item} component="span" sx={{ px: 1, alignSelf: 'center' }}>
            …
          </Box>
        ) : (
          <Button
            key={item}
            size="small"
            variant={item === page ? 'contained' : 'text'}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => onPage(item)}
          >
            {item}
          </Button>
        ),
      )}
      <Button size="small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Stack>
  );
}
