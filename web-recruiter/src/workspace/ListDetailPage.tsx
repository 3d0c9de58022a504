import {
  DEMO_DISABLED_TOOLTIP,
  type ExportFormat,
  ListMembersChanged,
  ListMembersPage,
  WorkspaceMessages as M,
} from '@healthtal/contracts';
import ArrowBack from '@mui/icons-material/ArrowBack';
import {
  Alert,
  Button,
  Checkbox,
  Container,
  FormControlLabel,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ApiError, api } from '../app/api';
import { useAuth } from '../app/auth';
import { Gated } from '../app/Gated';
import { PageSpinner } from '../app/RequireAuth';
import { useToast } from '../app/toast';
import { CandidateCard } from '../directory/CandidateCard';
import { ExportButton } from '../directory/ExportButton';
import { useExportDownload } from '../directory/export-download';
import { ResultsPagination } from '../directory/search/ResultsPagination';
import { SearchMessages, titled } from '../directory/search/search-screen';
import { useContacted } from '../outreach/sequences/sequences-api';
import { useListMembers, workspaceKeys } from './workspace-api';

// Loaded when first opened: the list's first download stays small.
const SendEmailDialog = lazy(() =>
  import('../outreach/SendEmailDialog').then((m) => ({ default: m.SendEmailDialog })),
);
const AddToSequenceDialog = lazy(() =>
  import('../outreach/sequences/AddToSequenceDialog').then((m) => ({ default: m.AddToSequenceDialog })),
);

const LOAD_FAILED = 'Failed to load list details';
const TYPING_PAUSE_MS = 300;
const removedText = (n: number) =>
  `Removed ${n} ${n === 1 ? 'healthcare worker' : 'healthcare workers'} from the list.`;

/**
 * One list (spec §2 "List detail"): back to the directory, search within the list, Select All,
 * Send Email and Export (CSV, Excel or PDF sheets; premium) of the selection or the whole list
 * (issue 37), Remove from list, and an empty state that leads to /search.
 */
export function ListDetailPage() {
  const { listId = '' } = useParams();
  const auth = useAuth();
  const toast = useToast();
  const client = useQueryClient();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  // The Send Email dialog's recipients while it is open.
  const [emailIds, setEmailIds] = useState<string[] | null>(null);
  const [sequencing, setSequencing] = useState(false);
  const exporting = useExportDownload();
  const members = useListMembers(listId, q, page);
  const contacted = useContacted(members.data?.data.map((card) => card.id) ?? []);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setQ(typed.trim());
      setPage(1);
    }, TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);
  const notFound = members.error instanceof ApiError && members.error.status === 404;
  useEffect(() => {
    if (members.isError) toast(titled('Error', notFound ? M.listNotFound : LOAD_FAILED), 'error');
  }, [members.isError, notFound, toast]);

  const data = members.data;
  const allSelected = data !== undefined && data.count > 0 && selected.size === data.count;
  /** Every member matching the search within the list, in list order. */
  const matchingIds = async () =>
    (
      await api(
        `/api/v1/lists/${listId}/members?${new URLSearchParams({ ...(q ? { q } : {}), selectAll: 'true' })}`,
        { schema: ListMembersPage },
      )
    ).ids ?? [];
  const toggleAll = async () => {
    if (allSelected) return setSelected(new Set());
    setSelected(new Set(await matchingIds()));
  };
  // The selected members, or with none selected the list's (as Export does).
  const openEmail = async () => {
    try {
      setEmailIds(selected.size > 0 ? [...selected] : await matchingIds());
    } catch {
      toast(titled('Error', LOAD_FAILED), 'error');
    }
  };
  const toggleOne = (id: string) =>
    setSelected((before) => {
      const next = new Set(before);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const remove = async () => {
    if (selected.size === 0)
      return toast(titled(SearchMessages.selectionRequiredTitle, SearchMessages.selectToRemove), 'error');
    setBusy(true);
    try {
      const changed = await api(`/api/v1/lists/${listId}/members`, {
        method: 'DELETE',
        json: { candidateIds: [...selected] },
        schema: ListMembersChanged,
      });
      toast(removedText(changed.removed));
      setSelected(new Set());
      void client.invalidateQueries({ queryKey: workspaceKeys.lists, exact: true });
      await client.invalidateQueries({ queryKey: workspaceKeys.members(listId, q, page), exact: true });
    } catch {
      toast(M.removeFailed, 'error');
    } finally {
      setBusy(false);
    }
  };
  const exportList = (format: ExportFormat) =>
    exporting.run(
      `/api/v1/lists/${listId}/export`,
      { format, ...(selected.size > 0 ? { candidateIds: [...selected] } : {}) },
      selected.size > 0 ? selected.size : (data?.list.memberCount ?? 0),
    );

  const isDemo = auth.me?.demo.isDemo ?? false;
  const canExport = auth.can('premium') && !isDemo;
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Button startIcon={<ArrowBack />} component={RouterLink} to="/directory">
        Back
      </Button>
      {members.isPending ? <PageSpinner /> : null}
      {members.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {notFound ? M.listNotFound : LOAD_FAILED}
        </Alert>
      ) : null}
      {data ? (
        <>
          <Typography variant="h4" component="h1" sx={{ mt: 2 }}>
            {data.list.name}
          </Typography>
          <Typography color="text.secondary" gutterBottom>
            {[data.list.description, M.memberCount(data.list.memberCount)].filter(Boolean).join(' · ')}
          </Typography>
          {data.list.memberCount === 0 ? (
            <Stack spacing={2} sx={{ alignItems: 'flex-start', mt: 3 }}>
              <Typography>This list is empty.</Typography>
              <Button variant="contained" component={RouterLink} to="/search">
                Go to Search
              </Button>
            </Stack>
          ) : (
            <>
              <Stack
                direction="row"
                spacing={2}
                useFlexGap
                sx={{ flexWrap: 'wrap', alignItems: 'center', my: 2 }}
              >
                <TextField
                  size="small"
                  label="Search this list"
                  value={typed}
                  onChange={(e) => setTyped(e.target.value)}
                  slotProps={{ htmlInput: { role: 'searchbox' } }}
                />
                <FormControlLabel
                  control={<Checkbox checked={allSelected} onChange={() => void toggleAll()} />}
                  label="Select all"
                />
                <Typography variant="body2" color="text.secondary">
                  {selected.size} selected
                </Typography>
                <Tooltip title={canExport ? '' : SearchMessages.selectAllNeedsPremium}>
                  <span>
                    <ExportButton
                      label={selected.size > 0 ? `Export ${selected.size}` : 'Export'}
                      disabled={!canExport}
                      busy={exporting.busy}
                      onExport={exportList}
                    />
                  </span>
                </Tooltip>
                <Gated reason={isDemo ? DEMO_DISABLED_TOOLTIP : null}>
                  <Button variant="outlined" onClick={() => void openEmail()} disabled={isDemo}>
                    {selected.size > 0 ? `Send Email to ${selected.size}` : 'Send Email'}
                  </Button>
                </Gated>
                <Gated reason={isDemo ? DEMO_DISABLED_TOOLTIP : null}>
                  <Button variant="outlined" onClick={() => setSequencing(true)} disabled={isDemo}>
                    {selected.size > 0 ? `Add ${selected.size} to sequence…` : 'Add to sequence…'}
                  </Button>
                </Gated>
                <Button variant="outlined" color="error" onClick={() => void remove()} disabled={busy}>
                  Remove from list
                </Button>
              </Stack>
              {data.data.length === 0 ? <Typography>No one on this list matches “{q}”.</Typography> : null}
              <Stack spacing={1.5} component="section" aria-label="List members">
                {data.data.map((card) => (
                  <CandidateCard
                    key={card.id}
                    card={card}
                    selected={selected.has(card.id)}
                    onToggleSelected={toggleOne}
                    contact={contacted.get(card.id)}
                  />
                ))}
              </Stack>
              <ResultsPagination page={page} totalPages={data.totalPages} onPage={setPage} />
            </>
          )}
        </>
      ) : null}
      <Suspense fallback={null}>
        {emailIds ? <SendEmailDialog open onClose={() => setEmailIds(null)} candidateIds={emailIds} /> : null}
        {sequencing && data ? (
          <AddToSequenceDialog
            onClose={() => setSequencing(false)}
            target={selected.size > 0 ? { candidateIds: [...selected] } : { listId }}
            who={
              selected.size > 0
                ? `the ${selected.size} selected members of “${data.list.name}”`
                : `every member of “${data.list.name}” (${M.memberCount(data.list.memberCount)})`
            }
          />
        ) : null}
      </Suspense>
    </Container>
  );
}
