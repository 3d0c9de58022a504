import type { SavedSearchView } from '@healthtal/contracts';
import { Button, Chip, Stack, Typography } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../app/auth';
import { shortDate } from '../directory/candidate-card';
import {
  newSinceSearchParams,
  searchParamsOf,
  searchStateOfFilters,
} from '../directory/search/search-screen';
import { SideSheet } from './SideSheet';
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
  const navigate = useNavigate();
  const searches = useSavedSearches(open && auth.status === 'signed-in');
  const remove = useDeleteSavedSearch();
  const opened = useOpenSavedSearch();

  const openSearch = (search: SavedSearchView, params: [string, string][]) => {
    opened.mutate(search.id);
    onClose();
    navigate(`/search?${new URLSearchParams(params)}`);
  };
  const apply = (search: SavedSearchView) =>
    openSearch(search, searchParamsOf(searchStateOfFilters(search.searchParams)));
  // Issue 37: the badge opens exactly the new ones, the saved filters plus the alert's boundary.
  const showNew = (search: SavedSearchView) =>
    openSearch(search, newSinceSearchParams(search.searchParams, search.since));

  return (
    <SideSheet
      open={open}
      onClose={onClose}
      texts={SavedSearchTexts}
      items={searches}
      remove={(search) => remove.mutateAsync(search.id)}
      body={(search) => (
        <>
          <Stack direction="row" sx={{ alignItems: 'center' }}>
            <Typography sx={{ fontWeight: 600, flex: 1 }}>{search.name}</Typography>
            {newSinceText(search) ? (
              <Chip
                size="small"
                color="secondary"
                label={newSinceText(search)}
                aria-label={`Show the ${newSinceText(search)}`}
                onClick={() => showNew(search)}
              />
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
        </>
      )}
      action={(search) => (
        <Button size="small" variant="contained" onClick={() => apply(search)}>
          Apply Search
        </Button>
      )}
    />
  );
}
