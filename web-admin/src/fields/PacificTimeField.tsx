import { Typography } from '@mui/material';
import { type FieldProps, type RaRecord, useFieldValue } from 'react-admin';
import { formatPacificDate, formatPacificTime } from '../admin-console';

/**
 * The console's one way of writing a time: US Pacific, labelled "PT" (contracts' formatPacificTime),
 * with "—" (or `empty`) when there is none. Every list, show page and dialog uses it, so no screen
 * shows the browser's own time zone.
 */
export const pacificTime = (
  iso: string | null | undefined,
  { empty = '—', seconds = false }: { empty?: string; seconds?: boolean } = {},
): string => (iso ? formatPacificTime(iso, { seconds }) : empty);

/** The day only, in US Pacific time, for columns that show dates (sign-up, last sign-in). */
export const pacificDate = (iso: string | null | undefined, empty = '—'): string =>
  iso ? formatPacificDate(iso) : empty;

type PacificTimeFieldProps<R extends RaRecord> = FieldProps<R> & {
  /** What to show without a time. */
  empty?: string;
  /** Keep the seconds (the search error logs). */
  seconds?: boolean;
};

/** A react-admin field for `source`'s time: in a DataTable.Col (`field`), a show layout or on its own. */
export function PacificTimeField<R extends RaRecord = RaRecord>({
  empty = '—',
  seconds = false,
  ...props
}: PacificTimeFieldProps<R>) {
  const value = useFieldValue(props) as string | null | undefined;
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {pacificTime(value, { empty, seconds })}
    </Typography>
  );
}
