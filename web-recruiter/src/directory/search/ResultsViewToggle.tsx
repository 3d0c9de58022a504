import TableRows from '@mui/icons-material/TableRows';
import ViewAgenda from '@mui/icons-material/ViewAgenda';
import { Box, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { ReactNode } from 'react';
import { type ResultsView, TABLE_PAGE_SIZES, type TablePageSize } from './results-table';

/** On a phone the icons alone: the toolbar stays on one line. */
const LABEL = { display: { xs: 'none', sm: 'inline' } } as const;

type Props = {
  view: ResultsView;
  onView: (view: ResultsView) => void;
  pageSize: TablePageSize;
  onPageSize: (size: TablePageSize) => void;
  /** The table's column chooser, shown with the table only. */
  columnsMenu: ReactNode;
};

/** Cards or table, and for the table its columns and rows per page (issue 17). */
export function ResultsViewToggle({ view, onView, pageSize, onPageSize, columnsMenu }: Props) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', ml: 'auto' }}>
      {view === 'table' ? (
        <>
          {columnsMenu}
          <TextField
            select
            size="small"
            label="Rows"
            value={pageSize}
            onChange={(event) => onPageSize(Number(event.target.value) as TablePageSize)}
            sx={{ width: 84, '& .MuiInputBase-input': { py: 0.75 } }}
          >
            {TABLE_PAGE_SIZES.map((size) => (
              <MenuItem key={size} value={size}>
                {size}
              </MenuItem>
            ))}
          </TextField>
        </>
      ) : null}
      <ToggleButtonGroup
        size="small"
        exclusive
        value={view}
        onChange={(_event, next: ResultsView | null) => {
          if (next) onView(next);
        }}
        aria-label="Results view"
      >
        <ToggleButton value="cards" aria-label="Cards" sx={{ py: 0.5, gap: 0.5 }}>
          <ViewAgenda fontSize="small" />
          <Box component="span" sx={LABEL}>
            Cards
          </Box>
        </ToggleButton>
        <ToggleButton value="table" aria-label="Table" sx={{ py: 0.5, gap: 0.5 }}>
          <TableRows fontSize="small" />
          <Box component="span" sx={LABEL}>
            Table
          </Box>
        </ToggleButton>
      </ToggleButtonGroup>
    </Stack>
  );
}
