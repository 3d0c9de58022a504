import {
  COUNTRY,
  FLAG_ON,
  type ListFilter,
  type RangeFilter as RangeField,
  SEARCH_FIELD_NAMES,
  type SearchField,
  type SpecialtyCount,
  SUGGESTED_FIELDS,
  type SuggestedField,
  searchField,
  US_STATES,
} from '@healthtal/contracts';
import {
  Autocomplete,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, memo, useEffect, useState } from 'react';
import { NearFilter } from './NearFilter';
import { RangeFilter } from './RangeFilter';
import { SuggestInput } from './SuggestInput';
import { MAX_TAGS, type SearchScreenState } from './search-screen';
import { useOptionCounts } from './useOptionCounts';

type Props = {
  state: SearchScreenState;
  update: (patch: Partial<SearchScreenState>) => void;
  clear: () => void;
  specialties: SpecialtyCount[];
  /** The API's field errors of the last search (a range out of bounds), by request field path. */
  fieldErrors?: Readonly<Record<string, string>>;
};

/**
 * The search filters (spec §2): free text, then one control per field of the search table
 * (search-fields.ts): city/title/organization tags, one state (50 + DC) with the country locked to
 * the United States beside it, where a license is held (several states, with counts) and a compact
 * license (a checkbox, with its count), specialty (with counts), skills, education, years in
 * practice (a range: lowest and highest), hospital affiliation, and the company filters.
 * Every change goes straight to the URL; the free text when submitted (Enter) or after a pause in
 * typing, so each keystroke is not a search.
 */
// Memoised: an arriving page of results re-renders the screen, and need not re-render the filters.
export const FilterSidebar = memo(function FilterSidebar({
  state,
  update,
  clear,
  specialties,
  fieldErrors,
}: Props) {
  return (
    <Stack spacing={2} component="section" aria-label="Search filters">
      <QueryField value={state.query} onCommit={(query) => update({ query })} />
      <NearFilter
        value={state.near}
        onChange={(near) =>
          update({ near, ...(near === null && state.sortKey === 'distance' ? { sortKey: 'relevance' } : {}) })
        }
        errors={{ place: fieldErrors?.['near.place'], miles: fieldErrors?.['near.miles'] }}
      />
      {SEARCH_FIELD_NAMES.map((name) => (
        <FilterControl
          key={name}
          name={name}
          state={state}
          update={update}
          specialties={specialties}
          fieldErrors={fieldErrors}
        />
      ))}
      <Button variant="text" onClick={clear}>
        Clear all filters
      </Button>
    </Stack>
  );
});

function FilterControl({
  name,
  state,
  update,
  specialties,
  fieldErrors,
}: Omit<Props, 'clear'> & { name: SearchField }) {
  const field = searchField(name);
  const { label, placeholder, picks } = field.control;
  if (field.kind === 'range')
    return (
      <RangeFilter
        name={name as RangeField}
        value={state[name as RangeField]}
        onChange={(range) => update({ [name]: range } as Partial<SearchScreenState>)}
        error={fieldErrorOf(fieldErrors, name)}
      />
    );
  if (field.kind === 'state')
    return (
      <>
        <Autocomplete
          size="small"
          options={(field.options ?? []) as string[]}
          value={state.state}
          onChange={(_e, value) => update({ state: value })}
          getOptionLabel={stateName}
          renderInput={(params) => <TextField {...params} label={label} />}
        />
        <TextField
          size="small"
          label="Country"
          value={COUNTRY}
          slotProps={{ input: { readOnly: true } }}
          helperText="Locked: the directory covers the United States."
        />
      </>
    );
  const list = name as ListFilter;
  if (picks === 'counted')
    return <CountedFilter name={name as SuggestedField & ListFilter} state={state} update={update} />;
  // Typed filters suggest the directory's values with their counts as the user types.
  if (SUGGESTED_FIELDS.includes(name as SuggestedField))
    return (
      <SuggestInput
        field={name as SuggestedField}
        label={label}
        placeholder={placeholder}
        values={state[list]}
        max={field.kind === 'tags' ? MAX_TAGS : undefined}
        onChange={(values) => update({ [list]: values } as Partial<SearchScreenState>)}
      />
    );
  const bySpecialty = picks === 'specialty counts';
  return (
    <MultiPicker
      label={label}
      name={list}
      state={state}
      update={update}
      options={bySpecialty ? specialties.map((s) => s.specialty) : (field.options ?? [])}
      counts={bySpecialty ? new Map(specialties.map((s) => [s.specialty, s.count])) : undefined}
      freeSolo={picks === 'typed'}
      placeholder={placeholder}
    />
  );
}

/** The API's first error for a filter or one of its parts (`yearsInPractice.min`). */
const fieldErrorOf = (errors: Props['fieldErrors'], name: SearchField) =>
  Object.entries(errors ?? {}).find(([path]) => path === name || path.startsWith(`${name}.`))?.[1];

const TYPING_PAUSE_MS = 500;

function QueryField({ value, onCommit }: { value: string; onCommit: (query: string) => void }) {
  const [text, setText] = useState(value);
  // The URL changed elsewhere (back button, a saved search): show its query.
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = window.setTimeout(() => onCommit(text.trim()), TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value, onCommit]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onCommit(text.trim());
  };
  return (
    <form onSubmit={submit} aria-label="Keyword search">
      <TextField
        size="small"
        fullWidth
        label="Keywords"
        placeholder="Name, title, specialty…"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}

const stateName = (code: string) => `${US_STATES[code as keyof typeof US_STATES] ?? code} (${code})`;

/**
 * A filter picked from its options with how many hold each (the index's counts): a flag is a
 * checkbox ("Compact license · 1,234"), a list a multiple pick ("Texas (TX) · 5,678").
 */
function CountedFilter({
  name,
  state,
  update,
}: {
  name: SuggestedField & ListFilter;
  state: SearchScreenState;
  update: (patch: Partial<SearchScreenState>) => void;
}) {
  const field = searchField(name);
  const counts = useOptionCounts(name);
  if (field.kind === 'flag') {
    const count = counts.get(FLAG_ON);
    return (
      <FormControlLabel
        control={
          <Checkbox
            size="small"
            checked={state[name].includes(FLAG_ON)}
            onChange={(event) =>
              update({ [name]: event.target.checked ? [FLAG_ON] : [] } as Partial<SearchScreenState>)
            }
          />
        }
        label={
          <>
            {field.control.label}
            {count !== undefined ? (
              <Typography component="span" variant="caption" color="text.secondary">
                {` · ${count.toLocaleString('en-US')}`}
              </Typography>
            ) : null}
          </>
        }
      />
    );
  }
  return (
    <MultiPicker
      label={field.control.label}
      name={name}
      state={state}
      update={update}
      options={field.options ?? []}
      counts={counts}
      optionLabel={field.control.shows === 'state names' ? stateName : undefined}
    />
  );
}

type PickerProps = {
  label: string;
  name: ListFilter;
  state: SearchScreenState;
  update: (patch: Partial<SearchScreenState>) => void;
  options: readonly string[];
  counts?: ReadonlyMap<string, number>;
  freeSolo?: boolean;
  placeholder?: string;
  /** How an option reads (state codes by name); the value as it is by default. */
  optionLabel?: (option: string) => string;
};

function MultiPicker({
  label,
  name,
  state,
  update,
  options,
  counts,
  freeSolo = false,
  placeholder,
  optionLabel = (option) => option,
}: PickerProps) {
  return (
    <Autocomplete
      multiple
      size="small"
      freeSolo={freeSolo}
      options={options as string[]}
      value={state[name]}
      getOptionLabel={optionLabel}
      onChange={(_e, values) =>
        update({
          [name]: [...new Set(values.map((v) => v.trim()).filter(Boolean))],
        } as Partial<SearchScreenState>)
      }
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            <Typography sx={{ flex: 1 }}>{optionLabel(option)}</Typography>
            {counts?.has(option) ? (
              <Typography variant="caption" color="text.secondary">
                {counts.get(option)!.toLocaleString('en-US')}
              </Typography>
            ) : null}
          </li>
        );
      }}
      renderValue={(values, getItemProps) =>
        values.map((value, index) => {
          const { key, ...item } = getItemProps({ index });
          return <Chip key={key} size="small" label={optionLabel(value)} {...item} />;
        })
      }
      renderInput={(params) => <TextField {...params} label={label} placeholder={placeholder} />}
    />
  );
}
