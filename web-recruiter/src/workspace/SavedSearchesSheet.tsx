import {
  type SavedSearchView,
  searchParamsOf,
  searchStateOfFilters,
  shortDate,
  titled,
} from '@healthtal/contracts';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { Box, Button, Chip, CircularProgress, Drawer, IconButton, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../app/auth';
import { useToast } from '../app/toast';
import { SheetHeader } from './SheetHeader';
import { useDeleteSavedSearch, useOpenSavedSearch, useSavedSearches } from './workspace-api';

export const SavedSearchTexts = {
  title: 'Saved Searches',
  loadFailed: 'Failed to load your saved searches',
  deleteFailed: 'Failed to delete saved search',
  deleted: 'Search deleted',
  // Ours: the sheet's empty state.
  empty: 'No saved searches yet. Run a search and choose Save Search.',
} as const;

/** "12 new since Nov 3": candidates that arrived since the search was last opened. */
export const newSinceText = (search: SavedSearchView) =>
  search.newCount ? `${search.newCount} new since ${shortDate(search.since)}` : null;

/** The tags a saved search shows: its specialties, location and job titles (spec §2). */
function tagsOf(search: SavedSearchView): string[] {
  const p = search.searchParams;
  const location = [...(p.city ?? []), ...(p.state ?? [])].join(', ');
  return [...(p.specialty ?? []), ...(location ? [location] : []), ...(p.title ?? [])];
}

/**
 * The Saved Searches side sheet (spec §2): loads when opened (signed in), each search with its name,
 * date, tags and new-candidate badge, Apply Search (to /search with its filters) and delete.
 */
export function SavedSearchesSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const auth = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const searches = useSavedSearches(open && auth.status === 'signed-in');
  const remove = useDeleteSavedSearch();
  const opened = useOpenSavedSearch();

  useEffect(() => {
    if (searches.isError) toast(titled('Error', SavedSearchTexts.loadFailed), 'error');
  }, [searches.isError, toast]);

  const apply = (search: SavedSearchView) => {
    const query = new URLSearchParams(searchParamsOf(searchStateOfFilters(search.searchParams)));
    opened.mutate(search.id);
    onClose();
    navigate(`/search?${query}`);
  };
  const del = async (search: SavedSearchView) => {
    try {
      await remove.mutateAsync(search.id);
      toast(SavedSearchTexts.deleted);
    } catch {
      toast(titled('Error', SavedSearchTexts.deleteFailed), 'error');
    }
  };

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 420 } } } }}
    >
      <Box sx={{ p: 2 }} role="region" aria-label={SavedSearchTexts.title}>
        <SheetHeader title={SavedSearchTexts.title} onClose={onClose} />
        {searches.isLoading ? <CircularProgress aria-label="Loading" /> : null}
        {searches.data?.length === 0 ? (
          <Typography color="text.secondary">{SavedSearchTexts.empty}</Typography>
        ) : null}
        <Stack spacing={2}>
          {searches.data?.map((search) => (
            <Box
              key={search.id}
              component="article"
              aria-label={search.name}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
            >
              <Stack direction="row" sx={{ alignItems: 'center' }}>
                <Typography sx={{ fontWeight: 600, flex: 1 }}>{search.name}</Typography>
                {newSinceText(search) ? (
                  <Chip size="small" color="secondary" label={newSinceText(search)} />
                ) : null}
              </Stack>
              <Typography variant="caption" color="text.secondary">
                Saved {shortDate(search.createdAt)}
              </Typography>
              <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', my: 1 }}>
                {tagsOf(search).map((tag) => (
                  <Chip key={tag} size="small" variant="outlined" label={tag} />
                ))}
              </Stack>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Button size="small" variant="contained" onClick={() => apply(search)}>
                  Apply Search
                </Button>
                <Box sx={{ flex: 1 }} />
                <IconButton aria-label={`Delete ${search.name}`} onClick={() => void del(search)}>
                  <DeleteOutline />
                </IconButton>
              </Stack>
            </Box>
          ))}
        </Stack>
      </Box>
    </Drawer>
  );
}
