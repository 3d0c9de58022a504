import { Button, Chip, Stack } from '@mui/material';
import { appliedFilters, withoutFilter } from './results-table';
import type { SearchScreenState } from './search-screen';
import type { SearchPatch } from './useSearchState';

type Props = {
  state: SearchScreenState;
  update: (change: SearchPatch) => void;
  clear: () => void;
};

/**
 * The filters in force, one chip per value above the results (issue 17), each removable, and
 * Clear all. Labels come from the table of search fields, so a new filter gets its chip for free.
 */
export function AppliedFilterChips({ state, update, clear }: Props) {
  const applied = appliedFilters(state);
  if (applied.length === 0) return null;
  return (
    <Stack
      direction="row"
      spacing={0.75}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}
      role="group"
      aria-label="Applied filters"
    >
      {applied.map((filter) => {
        const remove = () => update(withoutFilter(state, filter));
        return (
          <Chip
            key={`${filter.field}:${filter.value}`}
            size="small"
            label={filter.label}
            aria-label={`Remove ${filter.label}`}
            onClick={remove}
            onDelete={remove}
            sx={{ maxWidth: 280 }}
          />
        );
      })}
      <Button size="small" onClick={clear} sx={{ py: 0 }}>
        Clear all
      </Button>
    </Stack>
  );
}
