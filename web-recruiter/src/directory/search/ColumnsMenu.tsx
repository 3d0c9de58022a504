import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import ViewColumn from '@mui/icons-material/ViewColumn';
import { Button, Checkbox, FormControlLabel, IconButton, Popover, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import {
  moveColumn,
  REQUIRED_COLUMN,
  RESULTS_COLUMN_LABELS,
  RESULTS_COLUMNS,
  type ResultsColumn,
  toggleColumn,
} from './results-table';

type Props = { columns: readonly ResultsColumn[]; onChange: (columns: ResultsColumn[]) => void };

/**
 * The table's columns: a checkbox to show or hide each, and Move up / Move down to order the shown
 * ones. Shown columns are listed in their order, hidden ones after them.
 */
export function ColumnsMenu({ columns, onChange }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const hidden = RESULTS_COLUMNS.filter((column) => !columns.includes(column));
  const row = (column: ResultsColumn) => {
    const shown = columns.includes(column);
    const at = columns.indexOf(column);
    const label = RESULTS_COLUMN_LABELS[column];
    return (
      <Stack key={column} direction="row" sx={{ alignItems: 'center', pr: 1 }}>
        <FormControlLabel
          sx={{ flex: 1, mr: 1, ml: 0 }}
          label={label}
          control={
            <Checkbox
              size="small"
              checked={shown}
              disabled={column === REQUIRED_COLUMN}
              onChange={() => onChange(toggleColumn(columns, column))}
            />
          }
        />
        <IconButton
          size="small"
          aria-label={`Move ${label} up`}
          disabled={!shown || at === 0}
          onClick={() => onChange(moveColumn(columns, column, -1))}
        >
          <ArrowUpward fontSize="inherit" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={`Move ${label} down`}
          disabled={!shown || at === columns.length - 1}
          onClick={() => onChange(moveColumn(columns, column, 1))}
        >
          <ArrowDownward fontSize="inherit" />
        </IconButton>
      </Stack>
    );
  };
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<ViewColumn />}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Columns
      </Button>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': 'Columns' } }}
      >
        <Stack sx={{ py: 1, pl: 1.5, minWidth: 260 }}>
          <Typography variant="overline" color="text.secondary">
            Columns
          </Typography>
          {columns.map(row)}
          {hidden.map(row)}
        </Stack>
      </Popover>
    </>
  );
}
