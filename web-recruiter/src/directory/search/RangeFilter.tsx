import {
  type RangeFilter as RangeField,
  type RangeValue,
  rangeLabel,
  searchField,
} from '@healthtal/contracts';
import { Box, Stack, TextField, Typography } from '@mui/material';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';

type Props = {
  name: RangeField;
  value: RangeValue;
  onChange: (value: RangeValue) => void;
  /** The API's field error for this filter (its bounds, or the lowest above the highest). */
  error?: string;
};

const asText = (bound: number | null) => (bound === null ? '' : String(bound));
/** A bound as typed: empty is open; anything but a whole number is not a bound yet. */
const boundOf = (text: string): number | null | undefined =>
  text.trim() === '' ? null : /^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : undefined;

/**
 * A range filter of the search table (kind `range`: years in practice): a lowest and a highest
 * number, either left empty (open), read back as the chip says it ("5+ years"). The range goes to
 * the URL on Enter or on leaving a box (not while typing: "1" on the way to "15" is no search); what the API refuses (out of the
 * field's bounds, the lowest above the highest) comes back as its field error, shown here.
 */
export function RangeFilter({ name, value, onChange, error }: Props) {
  const { label, placeholder } = searchField(name).control;
  const [min, setMin] = useState(asText(value.min));
  const [max, setMax] = useState(asText(value.max));
  // The URL changed elsewhere (a chip removed, Clear all, a saved search): show its range. Not when
  // it is the range this control sent, which may arrive after more was typed (the other box).
  const sent = useRef(value);
  useEffect(() => {
    if (value.min === sent.current.min && value.max === sent.current.max) return;
    sent.current = value;
    setMin(asText(value.min));
    setMax(asText(value.max));
  }, [value]);
  const typed = { min: boundOf(min), max: boundOf(max) };
  const whole = typed.min !== undefined && typed.max !== undefined;
  const changed = whole && (typed.min !== value.min || typed.max !== value.max);
  const commit = () => {
    if (!changed) return;
    sent.current = { min: typed.min ?? null, max: typed.max ?? null };
    onChange(sent.current);
  };
  const onEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter') commit();
  };
  const headingId = useId();
  const helpId = useId();
  const reading = rangeLabel(name, value);
  const help = !whole
    ? 'Whole years only.'
    : changed
      ? 'Press Enter to apply.'
      : (error ?? (reading ? `Showing ${reading}` : placeholder));
  return (
    <Box role="group" aria-labelledby={headingId}>
      <Typography id={headingId} variant="body2" color="text.secondary" sx={{ mb: 0.75 }}>
        {label}
      </Typography>
      <Stack direction="row" spacing={1}>
        {(
          [
            ['Min', min, setMin],
            ['Max', max, setMax],
          ] as const
        ).map(([bound, text, set]) => (
          <TextField
            key={bound}
            size="small"
            type="number"
            label={`${bound} years`}
            value={text}
            error={!whole || Boolean(error)}
            onChange={(event) => set(event.target.value)}
            onBlur={commit}
            onKeyDown={onEnter}
            slotProps={{
              htmlInput: { inputMode: 'numeric', min: 0, step: 1, 'aria-describedby': helpId },
            }}
          />
        ))}
      </Stack>
      <Typography
        id={helpId}
        variant="caption"
        color={!whole || error ? 'error' : 'text.secondary'}
        role={error ? 'alert' : undefined}
        sx={{ display: 'block', mt: 0.5 }}
      >
        {help}
      </Typography>
    </Box>
  );
}
