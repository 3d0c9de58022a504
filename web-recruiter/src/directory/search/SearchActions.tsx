import {
  DEMO_DISABLED_TOOLTIP,
  hasTermOrFilter,
  SearchMessages as M,
  type SearchScreenState,
  searchFiltersOf,
  titled,
  WorkspaceMessages,
} from '@healthtal/contracts';
import { Button, Stack, Tooltip } from '@mui/material';
import { type ReactElement, useMemo, useState } from 'react';
import { useAuth } from '../../app/auth';
import { useToast } from '../../app/toast';
import { SendEmailDialog } from '../../outreach/SendEmailDialog';
import { AddToListDialog } from '../../workspace/AddToListDialog';
import { SavedListsSheet } from '../../workspace/SavedListsSheet';
import { SavedSearchesSheet } from '../../workspace/SavedSearchesSheet';
import { SaveSearchDialog } from '../../workspace/SaveSearchDialog';
import { downloadExport } from '../export-download';

type Props = { state: SearchScreenState; selectedIds: ReadonlySet<string>; loading: boolean };
type Open = 'list' | 'email' | 'save' | 'searches' | 'lists' | null;

/** A button that is off with a reason, shown as its tooltip (the demo gate of spec §6). */
function Gated({ reason, children }: { reason: string | null; children: ReactElement }) {
  return reason ? (
    <Tooltip title={reason} enterDelay={700} enterNextDelay={300}>
      <span>{children}</span>
    </Tooltip>
  ) : (
    children
  );
}

/**
 * The search area's actions (spec §2): Add to List, Send Email, Export (premium), Save Search, and
 * the Saved Searches and Saved Lists sheets.
 */
export function SearchActions({ state, selectedIds, loading }: Props) {
  const auth = useAuth();
  const toast = useToast();
  const [open, setOpen] = useState<Open>(null);
  const [exporting, setExporting] = useState(false);
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
  const openSave = () => {
    if (!signedIn)
      return toast(titled('Authentication required', WorkspaceMessages.signInForSearches), 'error');
    setOpen('save');
  };
  const exportSelection = async () => {
    if (!signedIn) return toast(titled(M.authRequiredTitle, M.signInToExport), 'error');
    if (!needSelection(M.selectionRequiredTitle, M.selectToExport)) return;
    setExporting(true);
    try {
      await downloadExport('/api/v1/exports', { candidateIds: ids, format: 'csv' });
      toast(M.exported(ids.length));
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
        sx={{ flexWrap: 'wrap', mb: 2 }}
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
        <Gated reason={exportReason}>
          <Button
            variant="outlined"
            onClick={() => void exportSelection()}
            disabled={exportReason !== null || exporting}
          >
            {exporting ? 'Exporting…' : 'Export'}
          </Button>
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
      <AddToListDialog open={open === 'list'} onClose={() => setOpen(null)} candidateIds={ids} />
      <SendEmailDialog open={open === 'email'} onClose={() => setOpen(null)} candidateIds={ids} />
      <SaveSearchDialog
        open={open === 'save'}
        onClose={() => setOpen(null)}
        searchParams={searchFiltersOf(state)}
      />
      <SavedSearchesSheet open={open === 'searches'} onClose={() => setOpen(null)} />
      <SavedListsSheet open={open === 'lists'} onClose={() => setOpen(null)} />
    </>
  );
}
