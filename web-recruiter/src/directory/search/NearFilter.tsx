import { NEAR_MILES, NEAR_MILES_CHOICES } from '@healthtal/contracts';
import { Stack, TextField } from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import { DEFAULT_NEAR_MILES, NEAR_LABEL, type NearValue } from './near';

type Props = {
  value: NearValue | null;
  onChange: (near: NearValue | null) => void;
  /** The API's field errors for `near.place` and `near.miles` ("We don't know the place …"). */
  errors?: { place?: string; miles?: string };
};

/**
 * "Within [50] miles of [78701 or Austin, TX]" (issue 35): the radius from the usual choices or any
 * number of miles (1–500), the place a ZIP or "City, ST", applied on Enter or when the place field
 * is left; an empty place removes the filter.
 */
export function NearFilter({ value, onChange, errors }: Props) {
  const [place, setPlace] = useState(value?.place ?? '');
  const [miles, setMiles] = useState(String(value?.miles ?? DEFAULT_NEAR_MILES));
  // The URL changed elsewhere (a chip removed, a saved search opened): show it.
  useEffect(() => {
    setPlace(value?.place ?? '');
    setMiles(String(value?.miles ?? DEFAULT_NEAR_MILES));
  }, [value]);
  const commit = (nextPlace = place, nextMiles = miles) => {
    const typed = nextPlace.trim();
    if (!typed) {
      if (value) onChange(null);
      return;
    }
    const radius = Number(nextMiles);
    if (typed === value?.place && radius === value.miles) return;
    onChange({ place: typed, miles: nextMiles.trim() === '' ? DEFAULT_NEAR_MILES : radius });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    commit();
  };
  return (
    <form onSubmit={submit} aria-label="Distance">
      <Stack direction="row" spacing={1}>
        <TextField
          size="small"
          label={`${NEAR_LABEL} (miles)`}
          type="number"
          value={miles}
          onChange={(event) => {
            setMiles(event.target.value);
            // A radius picked from the list applies at once when there is a place.
            if (value && (NEAR_MILES_CHOICES as readonly number[]).includes(Number(event.target.value)))
              commit(place, event.target.value);
          }}
          onBlur={() => commit()}
          error={Boolean(errors?.miles)}
          helperText={errors?.miles}
          slotProps={{
            htmlInput: { min: NEAR_MILES.min, max: NEAR_MILES.max, list: 'near-miles-choices' },
          }}
          sx={{ width: 130 }}
        />
        <TextField
          size="small"
          fullWidth
          label="of ZIP or city"
          placeholder="78701 or Austin, TX"
          value={place}
          onChange={(event) => setPlace(event.target.value)}
          onBlur={() => commit()}
          error={Boolean(errors?.place)}
          helperText={errors?.place}
        />
      </Stack>
      <datalist id="near-miles-choices">
        {NEAR_MILES_CHOICES.map((choice) => (
          <option key={choice} value={choice} />
        ))}
      </datalist>
      {/* Enter in either field applies. */}
      <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
    </form>
  );
}
