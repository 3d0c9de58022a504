import {
  activeFilterCount,
  type CandidateCard as Card,
  SearchMessages as M,
  searchParamsOf,
  searchStateOfFilters,
  titled,
} from '@healthtal/contracts';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Container,
  LinearProgress,
  Skeleton,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../../app/auth';
import { PageSpinner } from '../../app/RequireAuth';
import { useToast } from '../../app/toast';
import { CandidateCard } from '../CandidateCard';
import { Paywall } from './Paywall';
import { ResultsPagination } from './ResultsPagination';
import { SearchActions } from './SearchActions';
import { SearchToolbar } from './SearchToolbar';
import { SearchFailure, useSearchResults } from './useSearchResults';
import { useSearchState } from './useSearchState';
import { useSelection } from './useSelection';
import { useSpecialtyCounts } from './useSpecialtyCounts';

const SEARCH_ERROR_TOAST_MS = 5000;

/**
 * /search (spec §2): filters beside the results (a drawer on mobile), toolbar, cards, pagination,
 * selection and the actions on it. Demo accounts, admins and subscribers pass; everyone else sees
 * the page blurred under the paywall, with no results.
 */
export function SearchPage() {
  const auth = useAuth();
  const toast = useToast();
  const { state, update, clear } = useSearchState();
  const signedIn = auth.status === 'signed-in';
  const locked = !signedIn || !auth.can('basic');
  const results = useSearchResults(state, signedIn);
  const specialties = useSpecialtyCounts(signedIn);
  const cards = locked ? [] : (results.data?.data ?? []);
  const selection = useSelection(state, cards);
  const [filtersOpen, setFiltersOpen] = useState(false);
  useSavedSearchFromNavigation();

  // Spec §8: a failed search clears the results and shows "Search Error" with its time for 5 s.
  useEffect(() => {
    const error = results.error;
    if (!error) return;
    const ms = error instanceof SearchFailure ? ` (${error.elapsedMs} ms)` : '';
    toast(titled(M.searchErrorTitle, `${error.message}${ms}`), 'error', SEARCH_ERROR_TOAST_MS);
  }, [results.error, toast]);

  // Ours: a spinner, not the paywall, while the session loads, so a subscriber's reload does not
  // flash the paywall (the spec shows it then too).
  if (auth.status === 'loading') return <PageSpinner />;

  const goToPage = (page: number) => {
    update({ page });
    window.scrollTo({ top: 0 });
  };
  const sidebar = (
    <Suspense fallback={<FiltersSkeleton />}>
      <FilterSidebar state={state} update={update} clear={clear} specialties={specialties} />
    </Suspense>
  );
  const count = results.isError ? 0 : (results.data?.count ?? null);

  return (
    <Paywall locked={locked}>
      <Container maxWidth="xl" sx={{ py: 3 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          Search the Directory
        </Typography>
        <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start' }}>
          <Box component="aside" sx={{ width: 300, flexShrink: 0, display: { xs: 'none', md: 'block' } }}>
            {sidebar}
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <SearchToolbar
              state={state}
              update={update}
              count={count}
              tookMs={results.isError ? null : (results.data?.tookMs ?? null)}
              activeFilters={activeFilterCount(state)}
              onOpenFilters={() => setFiltersOpen(true)}
              selection={{ ...selection, size: selection.ids.size }}
            />
            <SearchActions state={state} selectedIds={selection.ids} loading={results.isFetching} />
            <Tabs value={state.tab} onChange={(_e, tab) => update({ tab })} aria-label="Views" sx={{ mb: 2 }}>
              <Tab value="results" label="Results" />
              <Tab value="selected" label={`Selected (${selection.ids.size})`} />
            </Tabs>
            {results.isFetching && results.data ? (
              <LinearProgress aria-label="Updating results" sx={{ mb: 1 }} />
            ) : null}
            {state.tab === 'results' ? (
              <ResultsView
                cards={cards}
                loading={results.isPending && signedIn}
                error={results.error}
                onRetry={() => void results.refetch()}
                onClear={clear}
                selected={selection.ids}
                onToggle={selection.toggleOne}
              />
            ) : (
              <SelectedView
                cards={selection.selectedCards}
                total={selection.ids.size}
                onToggle={selection.toggleOne}
              />
            )}
            {state.tab === 'results' && !results.isError ? (
              <ResultsPagination
                page={state.page}
                totalPages={results.data?.totalPages ?? 0}
                onPage={goToPage}
              />
            ) : null}
          </Box>
        </Box>
      </Container>
      {filtersOpen ? (
        <Suspense fallback={null}>
          <FiltersDrawer onClose={() => setFiltersOpen(false)}>{sidebar}</FiltersDrawer>
        </Suspense>
      ) : null}
    </Paywall>
  );
}

type ResultsProps = {
  cards: Card[];
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  onClear: () => void;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
};

function ResultsView({ cards, loading, error, onRetry, onClear, selected, onToggle }: ResultsProps) {
  if (loading)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label="Searching" />
      </Box>
    );
  if (error)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={onRetry}>
            {M.retry}
          </Button>
        }
      >
        {error.message}
      </Alert>
    );
  if (cards.length === 0)
    return (
      <Box sx={{ textAlign: 'center', py: 6 }}>
        <Typography gutterBottom>{M.noResults}</Typography>
        <Button onClick={onClear}>Clear all filters</Button>
      </Box>
    );
  return (
    <Stack spacing={1.5} component="section" aria-label="Search results">
      {cards.map((card) => (
        <CandidateCard
          key={card.id}
          card={card}
          selected={selected.has(card.id)}
          onToggleSelected={onToggle}
        />
      ))}
    </Stack>
  );
}

function SelectedView({
  cards,
  total,
  onToggle,
}: {
  cards: Card[];
  total: number;
  onToggle: (id: string) => void;
}) {
  if (total === 0) return <Typography color="text.secondary">No candidates selected yet.</Typography>;
  return (
    <Stack spacing={1.5} component="section" aria-label="Selected candidates">
      {cards.map((card) => (
        <CandidateCard key={card.id} card={card} selected onToggleSelected={onToggle} />
      ))}
      {total > cards.length ? (
        <Typography color="text.secondary">
          and {(total - cards.length).toLocaleString('en-US')} more selected with Select All.
        </Typography>
      ) : null}
    </Stack>
  );
}

/** Spec §2: /search also accepts a saved search in navigation state; it becomes the URL. */
function useSavedSearchFromNavigation() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const saved = (location.state as { savedSearch?: unknown } | null)?.savedSearch;
    if (!saved || typeof saved !== 'object' || !('searchParams' in saved)) return;
    const params = (saved as { searchParams: Record<string, unknown> }).searchParams;
    navigate(`/search?${new URLSearchParams(searchParamsOf(searchStateOfFilters(params)))}`, {
      replace: true,
    });
  }, [location.state, navigate]);
}

// The filters (with MUI's Autocomplete) arrive just after the results: not in the first download.
const FiltersDrawer = lazy(() => import('./FiltersDrawer').then((m) => ({ default: m.FiltersDrawer })));
const FilterSidebar = lazy(() => import('./FilterSidebar').then((m) => ({ default: m.FilterSidebar })));

function FiltersSkeleton() {
  return (
    <Stack spacing={2} component="section" aria-busy="true" aria-label="Search filters">
      {Array.from({ length: 12 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} variant="rounded" height={40} />
      ))}
    </Stack>
  );
}
