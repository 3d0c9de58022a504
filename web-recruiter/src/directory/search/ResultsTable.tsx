import {
  type CandidateCard as Card,
  type ContactedCandidate,
  cleanLocation,
  humanDate,
  locationText,
  sourceLabel,
} from '@healthtal/contracts';
import {
  Box,
  Checkbox,
  Link as MuiLink,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import { memo, type ReactNode, useCallback } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ContactedIcons } from '../../outreach/sequences/ContactedNote';
import { candidateName } from '../candidate-card';
import { milesText } from './near';
import { RowContacts } from './RowContacts';
import { RESULTS_COLUMN_LABELS, type ResultsColumn } from './results-table';
import { useTableKeyboard } from './useTableKeyboard';

type Props = {
  cards: readonly Card[];
  columns: readonly ResultsColumn[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  pageSelected: boolean;
  onTogglePage: () => void;
  /** "Contacted by you" and opt-outs by candidate id (issue 36): icons in the name cell. */
  contacted?: ReadonlyMap<string, ContactedCandidate>;
};

/**
 * Issue 37: the table fits its area at 1280–1920 px (fixed layout: the checkbox and Contact columns
 * keep their width, the others share the rest), cells cut short with the whole text on hover, and
 * rows about 23 px tall, so 25 fit above the fold at 1440×900.
 */
const CELL = {
  py: 0.125,
  px: 1,
  fontSize: '0.8125rem',
  lineHeight: 1.5,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
} as const;
const COLUMN_WIDTHS: Partial<Record<ResultsColumn, string | number>> = { name: '16%', contact: 168 };
const CHECKBOX = { py: 0, width: 36, px: 0.5 } as const;

/** The latest verification of the record's contacts, if any. */
const verifiedAt = (card: Card): string | null =>
  [card.emailVerifiedAt, card.phoneVerifiedAt]
    .filter((d): d is string => d !== null)
    .sort()
    .at(-1) ?? null;

function provenance(card: Card): string {
  const when = verifiedAt(card);
  return when ? `${sourceLabel(card.source)} · ${humanDate(when)}` : sourceLabel(card.source);
}

function cellOf(card: Card, column: ResultsColumn, contact: ContactedCandidate | undefined): ReactNode {
  switch (column) {
    case 'name':
      return (
        <>
          <ContactedIcons contact={contact} />
          <MuiLink component={RouterLink} to={`/physician/${card.id}`} underline="hover" tabIndex={-1}>
            {candidateName(card.firstName, card.lastName)}
          </MuiLink>
        </>
      );
    case 'title':
      return card.title;
    case 'specialty':
      return card.specialty;
    case 'organization':
      return card.organization;
    case 'location': {
      // With a "Within" search, the distance after the place: "Austin, TX · 12.3 mi" (issue 35).
      const location = cleanLocation(card.location) ?? locationText(card.city, card.state);
      const distance = milesText(card.distanceMiles);
      return distance ? [location, distance].filter(Boolean).join(' · ') : location;
    }
    case 'provenance':
      return provenance(card);
    case 'contact':
      return <RowContacts card={card} />;
  }
}

/** Plain text cells show their whole value on hover when cut short. */
const textOf = (content: ReactNode) => (typeof content === 'string' ? content : undefined);

type RowProps = {
  card: Card;
  index: number;
  columns: readonly ResultsColumn[];
  selected: boolean;
  focused: boolean;
  /** The row Tab reaches (roving focus): the focused one, else the first. */
  tabbable: boolean;
  onToggle: (id: string) => void;
  onFocusRow: (index: number) => void;
  contact: ContactedCandidate | undefined;
};

const ResultRow = memo(function ResultRow({
  card,
  index,
  columns,
  selected,
  focused,
  tabbable,
  onToggle,
  onFocusRow,
  contact,
}: RowProps) {
  const name = candidateName(card.firstName, card.lastName);
  return (
    <TableRow
      hover
      selected={selected}
      tabIndex={tabbable ? 0 : -1}
      aria-label={name}
      aria-selected={selected}
      data-focused={focused || undefined}
      onFocus={() => onFocusRow(index)}
      sx={{
        '&:focus': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
        '&[data-focused]': { bgcolor: 'action.focus' },
      }}
    >
      <TableCell padding="checkbox" sx={CHECKBOX}>
        <Checkbox
          size="small"
          checked={selected}
          onChange={() => onToggle(card.id)}
          tabIndex={-1}
          slotProps={{ input: { 'aria-label': `Select ${name}` } }}
          sx={{ p: 0.125 }}
        />
      </TableCell>
      {columns.map((column) => {
        const content = cellOf(card, column, contact);
        return (
          <TableCell key={column} title={column === 'name' ? name : (textOf(content) ?? undefined)} sx={CELL}>
            {content ?? '—'}
          </TableCell>
        );
      })}
    </TableRow>
  );
});

/**
 * The results as a dense table (issue 17): one row per professional, the chosen columns in the
 * chosen order, a header that stays while the rows scroll, and the keyboard of useTableKeyboard.
 * Row checkboxes are the search's one selection (useSelection); the header's is Select Page.
 */
export function ResultsTable({
  cards,
  columns,
  selected,
  onToggle,
  pageSelected,
  onTogglePage,
  contacted,
}: Props) {
  const navigate = useNavigate();
  const open = useCallback((id: string) => navigate(`/physician/${id}`), [navigate]);
  const ids = cards.map((card) => card.id);
  const { tableRef, focused, setFocused } = useTableKeyboard(ids, { onToggle, onOpen: open });
  const someSelected = !pageSelected && ids.some((id) => selected.has(id));
  return (
    <Box component="section" aria-label="Search results">
      <TableContainer
        ref={tableRef}
        component={Paper}
        variant="outlined"
        sx={{ maxHeight: { xs: '70vh', md: 'calc(100vh - 96px)' } }}
      >
        <Table
          size="small"
          stickyHeader
          aria-label="Results table"
          aria-describedby="results-table-keys"
          sx={{ tableLayout: 'fixed', width: '100%', minWidth: { xs: 720, md: 0 } }}
        >
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" sx={CHECKBOX}>
                <Checkbox
                  size="small"
                  checked={pageSelected}
                  indeterminate={someSelected}
                  onChange={onTogglePage}
                  slotProps={{ input: { 'aria-label': 'Select page' } }}
                  sx={{ p: 0.125 }}
                />
              </TableCell>
              {columns.map((column) => (
                <TableCell
                  key={column}
                  title={RESULTS_COLUMN_LABELS[column]}
                  sx={{ ...CELL, fontWeight: 600, width: COLUMN_WIDTHS[column] }}
                >
                  {RESULTS_COLUMN_LABELS[column]}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {cards.map((card, index) => (
              <ResultRow
                key={card.id}
                card={card}
                index={index}
                columns={columns}
                selected={selected.has(card.id)}
                focused={focused === index}
                tabbable={focused === index || (focused < 0 && index === 0)}
                onToggle={onToggle}
                onFocusRow={setFocused}
                contact={contacted?.get(card.id)}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Box
        id="results-table-keys"
        sx={{ typography: 'caption', color: 'text.secondary', mt: 0.5, display: { xs: 'none', md: 'block' } }}
      >
        Keys: j / k or ↓ / ↑ move, x selects, Enter opens the profile.
      </Box>
    </Box>
  );
}
