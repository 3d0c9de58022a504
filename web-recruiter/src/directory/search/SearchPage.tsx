import { type CandidateCard as Card, type ContactedCandidate, SearchLimits } from '@healthtal/contracts';
import ContentPaste from '@mui/icons-material/ContentPaste';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Container,
  LinearProgress,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../../app/auth';
import { PageSpinner } from '../../app/RequireAuth';
import { useToast } from '../../app/toast';
import { useContacted } from '../../outreach/sequences/sequences-api';
import { CandidateCard } from '../CandidateCard';
import { AppliedFilterChips } from './AppliedFilterChips';
import { ColumnsMenu } from './ColumnsMenu';
import { Paywall } from './Paywall';
import { ResultsPagination } from './ResultsPagination';
import { ResultsTable } from './ResultsTable';
import { ResultsViewToggle } from './ResultsViewToggle';
import type { ResultsColumn, ResultsView as ResultsViewKind } from './results-table';
import { SearchActions } from './SearchActions';
import { SearchToolbar } from './SearchToolbar';
import {
  activeFilterCount,
  SearchMessages as M,
  searchParamsOf,
  searchStateOfFilters,
  titled,
} from './search-screen';
import { TeaserCards } from './TeaserCards';
import { usePageClamp } from './usePageClamp';
import { usePainted } from './usePainted';
import { useResultsView } from './useResultsView';
import { SearchFailure, useSearchResults } from './useSearchResults';
import { useSearchState } from './useSearchState';
import { useSelection } from './useSelection';
import { useSpecialtyCounts } from './useSpecialtyCounts';
import { ViewTabs } from './ViewTabs';

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
  const view = useResultsView();
  const table = view.view === 'table';
  const pageSize = table ? view.pageSize : SearchLimits.pageSizeDefault;
  // Started once the token is in hand, beside /me rather than after it (issue 17: first result fast).
  const results = useSearchResults(state, auth.hasSession, pageSize);
  const specialties = useSpecialtyCounts(signedIn);
  const cards = locked ? [] : (results.data?.data ?? []);
  const selection = useSelection(state, cards);
  // One request for the page's "Contacted by you" and opt-outs, not one per card (issue 36).
  const contacted = useContacted(cards.map((card) => card.id));
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [pastingJob, setPastingJob] = useState(false);
  const { painted, module: filters } = usePainted(loadFilterSidebar);
  useSavedSearchFromNavigation();

  // Spec §8: a failed search clears the results and shows "Search Error" with its time for 5 s.
  useEffect(() => {
    const error = results.error;
    if (!error) return;
    const ms = error instanceof SearchFailure ? ` (${error.elapsedMs} ms)` : '';
    toast(titled(M.searchErrorTitle, `${error.message}${ms}`), 'error', SEARCH_ERROR_TOAST_MS);
  }, [results.error, toast]);

  // A failed search shows no count (issue 17), rather than "0 results" beside Retry.
  const count = results.isError ? null : (results.data?.count ?? null);
  // A page past the last (an old link, ?page=999) moves to the last; the URL is corrected.
  const pastLastPage = usePageClamp(state.page, results.isPlaceholderData ? undefined : results.data);
  // Matches but no rows on screen (a page past the last, or the previous answer of one kept while
  // the right page loads): wait, rather than say nothing matches.
  const rowsPending = !locked && cards.length === 0 && (results.data?.count ?? 0) > 0;
  // Ours: a spinner, not the paywall, while the session loads, so a subscriber's reload does not
  // flash the paywall (the spec shows it then too).
  if (auth.status === 'loading') return <PageSpinner />;

  const goToPage = (page: number) => {
    update({ page });
    window.scrollTo({ top: 0 });
  };
  // The filters' chunk is fetched now; their inputs come after the first results are painted.
  const sidebar = filters ? (
    <filters.FilterSidebar
      state={state}
      update={update}
      clear={clear}
      specialties={specialties}
      fieldErrors={results.error instanceof SearchFailure ? results.error.fieldErrors : undefined}
    />
  ) : (
    <FiltersSkeleton />
  );
  // Another page size numbers the pages differently: start again from the first.
  const showAs = (next: ResultsViewKind) => {
    const size = next === 'table' ? view.pageSize : SearchLimits.pageSizeDefault;
    view.change({ view: next });
    if (size !== pageSize) update({ page: 1 });
  };

  return (
    <Paywall locked={locked} count={count}>
      {/* Issue 37: little above the results, so a laptop shows 25 rows and a phone the first result. */}
      <Container maxWidth="xl" sx={{ py: { xs: 1.5, md: 2 } }}>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
        >
          <Typography variant="h5" component="h1">
            Search the Directory
          </Typography>
          {/* Issue 35: a pasted job posting proposes the filters. */}
          {locked ? null : (
            <Button variant="outlined" startIcon={<ContentPaste />} onClick={() => setPastingJob(true)}>
              Paste a job
            </Button>
          )}
        </Stack>
        <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start' }}>
          <Box component="aside" sx={STICKY_SIDEBAR}>
            {sidebar}
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <SearchToolbar
              state={state}
              update={update}
              count={count}
              failed={results.isError}
              tookMs={results.isError ? null : (results.data?.tookMs ?? null)}
              activeFilters={activeFilterCount(state)}
              onOpenFilters={() => setFiltersOpen(true)}
              selection={{ ...selection, size: selection.ids.size }}
            />
            <SearchActions
              state={state}
              selectedIds={selection.ids}
              loading={results.isFetching}
              count={count}
            />
            <AppliedFilterChips state={state} update={update} clear={clear} />
            <Stack
              direction="row"
              sx={{ alignItems: 'center', flexWrap: 'wrap', mb: table ? 0.5 : 1, gap: 1 }}
            >
              <ViewTabs
                label="Views"
                value={state.tab}
                onChange={(tab) => update({ tab })}
                compact={table}
                tabs={[
                  { value: 'results', label: 'Results' },
                  { value: 'selected', label: `Selected (${selection.ids.size})` },
                ]}
              />
              {state.tab === 'results' ? (
                <ResultsViewToggle
                  view={view.view}
                  onView={showAs}
                  pageSize={view.pageSize}
                  onPageSize={(size) => {
                    view.change({ pageSize: size });
                    update({ page: 1 });
                  }}
                  columnsMenu={
                    <ColumnsMenu columns={view.columns} onChange={(columns) => view.change({ columns })} />
                  }
                />
              ) : null}
            </Stack>
            {results.isFetching && results.data ? (
              <LinearProgress aria-label="Updating results" sx={{ mb: 1 }} />
            ) : null}
            {state.tab === 'results' ? (
              <ResultsView
                cards={cards}
                locked={locked}
                loading={(results.isPending && signedIn) || rowsPending}
                error={results.error}
                onRetry={() => void results.refetch()}
                onClear={clear}
                selected={selection.ids}
                onToggle={selection.toggleOne}
                contacted={contacted}
                firstPaint={!painted}
                table={
                  table
                    ? {
                        columns: view.columns,
                        pageSelected: selection.pageSelected,
                        onTogglePage: selection.togglePage,
                      }
                    : null
                }
              />
            ) : (
              <SelectedView
                cards={selection.selectedCards}
                total={selection.ids.size}
                onToggle={selection.toggleOne}
              />
            )}
            {state.tab === 'results' && !results.isError && !pastLastPage ? (
              <ResultsPagination
                page={state.page}
                totalPages={results.data?.totalPages ?? 0}
                onPage={goToPage}
              />
            ) : null}
          </Box>
        </Box>
      </Container>
      {pastingJob ? (
        <Suspense fallback={null}>
          <PasteJobDialog onClose={() => setPastingJob(false)} onSearch={update} />
        </Suspense>
      ) : null}
      {filtersOpen ? (
        <Suspense fallback={null}>
          <FiltersDrawer onClose={() => setFiltersOpen(false)}>{sidebar}</FiltersDrawer>
        </Suspense>
      ) : null}
    </Paywall>
  );
}

type ResultsProps = {
  /** Behind the paywall: blurred placeholder cards, never "no match". */
  locked: boolean;
  cards: Card[];
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  onClear: () => void;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  /** Shown as the table, with its columns and the header's Select Page; null for cards. */
  table: { columns: ResultsColumn[]; pageSelected: boolean; onTogglePage: () => void } | null;
  /** The screen's first paint is still to come: only the results a tall screen shows at once. */
  firstPaint: boolean;
  contacted: ReadonlyMap<string, ContactedCandidate>;
};

/**
 * How many results the first paint holds (usePainted): what a window 1,250 px tall shows (cards
 * start ~250 px down and are ~125 px tall; rows ~25 px). The page's 25 cards took ~150 ms of one
 * task before anything showed on this machine; each card ~9 ms of the first render.
 */
const FIRST_PAINT = { cards: 8, rows: 30 } as const;

/** The filters stay in view while the results scroll, with their own scroll when taller. */
const STICKY_SIDEBAR = {
  width: 300,
  flexShrink: 0,
  display: { xs: 'none', md: 'block' },
  position: 'sticky',
  top: 80,
  maxHeight: 'calc(100vh - 96px)',
  overflowY: 'auto',
  pt: 1,
  pr: 1,
} as const;

function ResultsView({
  locked,
  cards,
  loading,
  error,
  onRetry,
  onClear,
  selected,
  onToggle,
  table,
  firstPaint,
  contacted,
}: ResultsProps) {
  if (locked) return <TeaserCards />;
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
  const shown = firstPaint ? cards.slice(0, table ? FIRST_PAINT.rows : FIRST_PAINT.cards) : cards;
  if (table)
    return (
      <ResultsTable cards={shown} selected={selected} onToggle={onToggle} contacted={contacted} {...table} />
    );
  return (
    <Stack spacing={1} component="section" aria-label="Search results">
      {shown.map((card) => (
        <CandidateCard
          key={card.id}
          card={card}
          selected={selected.has(card.id)}
          onToggleSelected={onToggle}
          contact={contacted.get(card.id)}
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
    <Stack spacing={1} component="section" aria-label="Selected candidates">
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
const loadFilterSidebar = () => import('./FilterSidebar');
const PasteJobDialog = lazy(() => import('./PasteJobDialog').then((m) => ({ default: m.PasteJobDialog })));

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
