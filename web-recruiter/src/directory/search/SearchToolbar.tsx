import { SORT_KEYS, type SortKey } from '@healthtal/contracts';
import FilterList from '@mui/icons-material/FilterList';
import { Badge, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { DISTANCE_SORT_LABEL } from './near';
import type { SearchScreenState } from './search-screen';
import type { SearchPatch } from './useSearchState';
import type { SelectionMode } from './useSelection';

const SORT_LABELS: Record<SortKey, string> = {
  relevance: 'Relevance',
  name: 'Name',
  specialty: 'Specialty',
  location: 'Location',
  verified: 'Recently verified',
  distance: DISTANCE_SORT_LABEL,
};

type Props = {
  state: SearchScreenState;
  update: (change: SearchPatch) => void;
  count: number | null;
  /** The search failed: no count at all (not "0 results" beside Retry, issue 17). */
  failed?: boolean;
  tookMs: number | null;
  activeFilters: number;
  onOpenFilters: () => void;
  selection: {
    mode: SelectionMode;
    size: number;
    busy: boolean;
    pageSelected: boolean;
    togglePage: () => void;
    toggleAll: () => void;
    clear: () => void;
  };
};

/** Result count, sort, and the Select Page / Select All toggles (spec §2, §4). */
export function SearchToolbar({
  state,
  update,
  count,
  failed = false,
  tookMs,
  activeFilters,
  onOpenFilters,
  selection,
}: Props) {
  return (
    <Stack
      direction="row"
      spacing={1.5}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}
      role="toolbar"
      aria-label="Results"
    >
      <Badge badgeContent={activeFilters} color="primary" sx={{ display: { md: 'none' } }}>
        <Button variant="outlined" startIcon={<FilterList />} onClick={onOpenFilters}>
          Search Filters
        </Button>
      </Badge>
      <Typography role="status" aria-live="polite" sx={{ fontWeight: 600 }}>
        {failed
          ? null
          : count === null
            ? 'Searching…'
            : `${count.toLocaleString('en-US')} ${count === 1 ? 'result' : 'results'}`}
        {tookMs !== null ? (
          <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
            in {Math.round(tookMs)} ms
          </Typography>
        ) : null}
      </Typography>
      <TextField
        select
        size="small"
        label="Sort by"
        value={state.sortKey}
        onChange={(e) => update({ sortKey: e.target.value as SortKey })}
        sx={{ minWidth: 170 }}
      >
        {/* Distance only with a "Within" place to measure from (issue 35). */}
        {SORT_KEYS.filter((key) => key !== 'distance' || state.near).map((key) => (
          <MenuItem key={key} value={key}>
            {SORT_LABELS[key]}
          </MenuItem>
        ))}
      </TextField>
      <Button
        size="small"
        onClick={() => update({ sortDirection: state.sortDirection === 'asc' ? 'desc' : 'asc' })}
        aria-label={`Sort direction: ${state.sortDirection === 'asc' ? 'ascending' : 'descending'}`}
      >
        {state.sortDirection === 'asc' ? 'Ascending ↑' : 'Descending ↓'}
      </Button>
      <Stack direction="row" spacing={1} sx={{ ml: { md: 'auto' }, alignItems: 'center' }}>
        <Button
          size="small"
          variant={selection.pageSelected ? 'contained' : 'outlined'}
          onClick={selection.togglePage}
        >
          {selection.pageSelected ? 'Deselect Page' : 'Select Page'}
        </Button>
        <Button
          size="small"
          variant={selection.mode === 'all' ? 'contained' : 'outlined'}
          onClick={selection.toggleAll}
          disabled={selection.busy}
        >
          {selection.mode === 'all' ? 'Deselect All' : 'Select All'}
        </Button>
        <SelectedCount selection={selection} onShow={() => update({ tab: 'selected' })} />
      </Stack>
    </Stack>
  );
}

/**
 * "N selected" (kept for the session, issue 37): it opens the Selected view, and Clear empties the
 * selection.
 */
function SelectedCount({ selection, onShow }: { selection: Props['selection']; onShow: () => void }) {
  const text = `${selection.size.toLocaleString('en-US')} selected`;
  if (selection.size === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    );
  return (
    <>
      <Button size="small" onClick={onShow} aria-label={`${text}: show them`}>
        {text}
      </Button>
      <Button size="small" color="inherit" onClick={selection.clear}>
        Clear selection
      </Button>
    </>
  );
}
