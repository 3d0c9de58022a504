import {
  DEMO_DISABLED_TOOLTIP,
  type ExportFormat,
  ExportMessages,
  SearchLimits,
  WorkspaceMessages,
} from '@healthtal/contracts';
import ScheduleSendOutlined from '@mui/icons-material/ScheduleSendOutlined';
import { Button, IconButton, Stack } from '@mui/material';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useAuth } from '../../app/auth';
import { Gated } from '../../app/Gated';
import { LazyTooltip } from '../../app/lazy-tooltip';
import { useToast } from '../../app/toast';
import { ExportButton } from '../ExportButton';
import { downloadExport } from '../export-download';
import {
  hasTermOrFilter,
  SearchMessages as M,
  type SearchScreenState,
  savedSearchParamsOf,
  searchFiltersOf,
  titled,
} from './search-screen';

// Loaded when first opened: the search page's first download stays small.
const SendEmailDialog = lazy(() =>
  import('../../outreach/SendEmailDialog').then((m) => ({ default: m.SendEmailDialog })),
);
const AddToSequenceDialog = lazy(() =>
  import('../../outreach/sequences/AddToSequenceDialog').then((m) => ({ default: m.AddToSequenceDialog })),
);
const AddToListDialog = lazy(() =>
  import('../../workspace/AddToListDialog').then((m) => ({ default: m.AddToListDialog })),
);
const SavedListsSheet = lazy(() =>
  import('../../workspace/SavedListsSheet').then((m) => ({ default: m.SavedListsSheet })),
);
const SavedSearchesSheet = lazy(() =>
  import('../../workspace/SavedSearchesSheet').then((m) => ({ default: m.SavedSearchesSheet })),
);
const SaveSearchDialog = lazy(() =>
  import('../../workspace/SaveSearchDialog').then((m) => ({ default: m.SaveSearchDialog })),
);

type Props = {
  state: SearchScreenState;
  selectedIds: ReadonlySet<string>;
  loading: boolean;
  /** The search's result count (null while unknown): Export with nothing selected exports them. */
  count: number | null;
};
type Open = 'list' | 'email' | 'sequence' | 'save' | 'searches' | 'lists' | null;

/**
 * The search area's actions (spec §2): Add to List, Send Email, Add to Sequence (issue 36), Export
 * (premium), Save Search, and the Saved Searches and Saved Lists sheets.
 */
export function SearchActions({ state, selectedIds, loading, count }: Props) {
  const auth = useAuth();
  const toast = useToast();
  const [open, setOpen] = useState<Open>(null);
  const [exporting, setExporting] = useState(false);
  const close = () => setOpen(null);
  const signedIn = auth.status === 'signed-in';
  const isDemo = auth.me?.demo.isDemo ?? false;
  const ids = useMemo(() => [...selectedIds], [selectedIds]);

  const needSelection = (title: string, text: string) => {
    if (ids.length > 0) return true;
    toast(titled(title, text), 'error');
    return false;
  };
  const openList = () => {
    if (!signedIn) return toast(titled('Authentication required', WorkspaceMessages.signInForLists), 'error');
    if (needSelection(WorkspaceMessages.noCandidatesSelectedTitle, WorkspaceMessages.noCandidatesSelected))
      setOpen('list');
  };
  const openEmail = () => {
    if (needSelection(WorkspaceMessages.noCandidatesSelectedTitle, WorkspaceMessages.noCandidatesSelected))
      setOpen('email');
  };
  const openSequence = () => {
    if (needSelection(WorkspaceMessages.noCandidatesSelectedTitle, WorkspaceMessages.noCandidatesSelected))
      setOpen('sequence');
  };
  const openSave = () => {
    if (!signedIn)
      return toast(titled('Authentication required', WorkspaceMessages.signInForSearches), 'error');
    setOpen('save');
  };
  // Nothing selected: the export is the search's, run by the server from these filters (issue 37).
  const wholeSearch = ids.length === 0;
  const canExportNow = () => {
    if (!signedIn) {
      toast(titled(M.authRequiredTitle, M.signInToExport), 'error');
      return false;
    }
    if (wholeSearch && !count) toast(ExportMessages.nothingToExport, 'info');
    return !wholeSearch || Boolean(count);
  };
  const askAboutSearch = () =>
    wholeSearch && count
      ? {
          title: ExportMessages.searchTitle(count, SearchLimits.selectAllCap),
          text: ExportMessages.searchText(SearchLimits.selectAllCap),
          confirm: ExportMessages.searchConfirm,
          cancel: ExportMessages.searchCancel,
        }
      : null;
  const exportSelection = async (format: ExportFormat) => {
    setExporting(true);
    try {
      const what = wholeSearch ? { search: searchFiltersOf(state) } : { candidateIds: ids };
      await downloadExport('/api/v1/exports', { ...what, format });
      toast(M.exported(wholeSearch ? Math.min(count ?? 0, SearchLimits.selectAllCap) : ids.length));
    } catch (error) {
      toast(titled(M.exportFailedTitle, error instanceof Error ? error.message : M.exportFailed), 'error');
    } finally {
      setExporting(false);
    }
  };

  const exportReason = isDemo ? DEMO_DISABLED_TOOLTIP : auth.can('premium') ? null : M.selectAllNeedsPremium;
  return (
    <>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        // One row on a phone, scrolled sideways, so the first result is on the first screen (issue 37).
        sx={{
          flexWrap: { xs: 'nowrap', sm: 'wrap' },
          overflowX: { xs: 'auto', sm: 'visible' },
          '& > *': { flexShrink: 0 },
          mb: 1,
          // Room for the Format field's label, which a sideways scroll would cut.
          pt: { xs: 1, sm: 0 },
          pb: { xs: 0.5, sm: 0 },
        }}
        aria-label="Actions"
        role="group"
      >
        <Gated reason={isDemo ? DEMO_DISABLED_TOOLTIP : null}>
          <Button variant="contained" onClick={openList} disabled={isDemo}>
            Add to List
          </Button>
        </Gated>
        <Gated reason={isDemo ? DEMO_DISABLED_TOOLTIP : null}>
          <Button variant="outlined" onClick={openEmail} disabled={isDemo}>
            Send Email
          </Button>
        </Gated>
        {/* An icon with its name on hover: a labelled button would wrap the row at 1440 px (issue 37). */}
        <LazyTooltip title={isDemo ? DEMO_DISABLED_TOOLTIP : 'Add to Sequence'}>
          <span>
            <IconButton
              aria-label="Add to Sequence"
              onClick={openSequence}
              disabled={isDemo}
              color="primary"
              sx={{ border: 1, borderColor: 'divider' }}
            >
              <ScheduleSendOutlined />
            </IconButton>
          </span>
        </LazyTooltip>
        <Gated reason={exportReason}>
          <ExportButton
            label="Export"
            disabled={exportReason !== null}
            busy={exporting}
            ready={canExportNow}
            ask={askAboutSearch}
            onExport={exportSelection}
          />
        </Gated>
        <Button variant="outlined" onClick={openSave} disabled={loading || !hasTermOrFilter(state)}>
          Save Search
        </Button>
        <Button onClick={() => setOpen('searches')} disabled={!signedIn}>
          Saved Searches
        </Button>
        <Button onClick={() => setOpen('lists')} disabled={!signedIn}>
          Saved Lists
        </Button>
        <Button href="/email" target="_blank" rel="noopener">
          AI Email Generator
        </Button>
      </Stack>
      <Suspense fallback={null}>
        {open === 'list' ? <AddToListDialog open onClose={close} candidateIds={ids} /> : null}
        {open === 'email' ? <SendEmailDialog open onClose={close} candidateIds={ids} /> : null}
        {open === 'sequence' ? (
          <AddToSequenceDialog
            onClose={close}
            target={{ candidateIds: ids }}
            who={`the ${ids.length} selected ${ids.length === 1 ? 'candidate' : 'candidates'}`}
          />
        ) : null}
        {open === 'save' ? (
          <SaveSearchDialog open onClose={close} searchParams={savedSearchParamsOf(state)} />
        ) : null}
        {open === 'searches' ? <SavedSearchesSheet open onClose={close} /> : null}
        {open === 'lists' ? <SavedListsSheet open onClose={close} /> : null}
      </Suspense>
    </>
  );
}
