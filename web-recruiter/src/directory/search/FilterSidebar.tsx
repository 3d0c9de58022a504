import {
  COUNTRY,
  type ExcludableFilter,
  type ExclusionKey,
  exclusionOf,
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
import { memo, useState } from 'react';
import { KeywordsField } from './KeywordsField';
import { NearFilter } from './NearFilter';
import { RangeFilter } from './RangeFilter';
import { filterValueLabel } from './results-table';
import { SuggestInput } from './SuggestInput';
import { MAX_TAGS, type SearchScreenState } from './search-screen';
import { useOptionCounts } from './useOptionCounts';
import { listEdit, type SearchPatch } from './useSearchState';

type Props = {
  state: SearchScreenState;
  update: (change: SearchPatch) => void;
  clear: () => void;
  specialties: SpecialtyCount[];
  /** The API's field errors of the last search (a range out of bounds), by request field path. */
  fieldErrors?: Readonly<Record<string, string>>;
};

/**
 * The search filters (spec §2): free text, then one control per field of the search table
 * (search-fields.ts): city/title/organization tags, states (several, with counts) with the country
 * locked to the United States beside them, where a license is held (several states, with counts)
 * and a compact license (a checkbox, with its count), specialty (with counts), skills, education,
 * years in practice (a range: lowest and highest), hospital affiliation, the company filters, and
 * has email / has phone / email status. State, organization, specialty and credential also take
 * "none of" values (issue 35), behind an "Exclude…" link.
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
      <KeywordsField value={state.query} onCommit={(query) => update({ query })} error={fieldErrors?.query} />
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
  const { label } = field.control;
  if (field.kind === 'range')
    return (
      <RangeFilter
        name={name as RangeField}
        value={state[name as RangeField]}
        onChange={(range) => update({ [name]: range } as Partial<SearchScreenState>)}
        error={fieldErrorOf(fieldErrors, name)}
      />
    );
  const list = name as ListFilter;
  const control = (
    <ListControl
      name={list}
      into={list}
      label={label}
      state={state}
      update={update}
      specialties={specialties}
    />
  );
  const excluded = field.exclude ? (
    <ExclusionControl
      name={name as ExcludableFilter}
      state={state}
      update={update}
      specialties={specialties}
    />
  ) : null;
  if (name === 'state')
    return (
      <>
        {control}
        {excluded}
        <TextField
          size="small"
          label="Country"
          value={COUNTRY}
          slotProps={{ input: { readOnly: true } }}
          helperText="Locked: the directory covers the United States."
        />
      </>
    );
  return excluded ? (
    <>
      {control}
      {excluded}
    </>
  ) : (
    control
  );
}

/**
 * A list filter's control, writing its values to `into`: the filter itself, or its "none of"
 * values (`notState`), picked the same way.
 */
function ListControl({
  name,
  into,
  label,
  state,
  update,
  specialties,
}: {
  name: ListFilter;
  into: ListFilter | ExclusionKey;
  label: string;
  state: SearchScreenState;
  update: Props['update'];
  specialties: SpecialtyCount[];
}) {
  const field = searchField(name);
  const { placeholder, picks } = field.control;
  if (picks === 'counted')
    return (
      <CountedFilter
        name={name as SuggestedField & ListFilter}
        into={into}
        label={label}
        state={state}
        update={update}
      />
    );
  // Typed filters suggest the directory's values with their counts as the user types.
  if (SUGGESTED_FIELDS.includes(name as SuggestedField))
    return (
      <SuggestInput
        field={name as SuggestedField}
        label={label}
        placeholder={placeholder}
        values={state[into]}
        max={field.kind === 'tags' ? MAX_TAGS : undefined}
        onChange={(values) => update(listEdit(into, state[into], values))}
      />
    );
  const bySpecialty = picks === 'specialty counts';
  return (
    <MultiPicker
      label={label}
      name={into}
      state={state}
      update={update}
      options={bySpecialty ? specialties.map((s) => s.specialty) : (field.options ?? [])}
      counts={bySpecialty ? new Map(specialties.map((s) => [s.specialty, s.count])) : undefined}
      freeSolo={picks === 'typed'}
      placeholder={placeholder}
    />
  );
}

/**
 * "None of" (issue 35): behind an "Exclude…" link until used, so the sidebar stays short; open while
 * it holds values.
 */
function ExclusionControl({
  name,
  state,
  update,
  specialties,
}: {
  name: ExcludableFilter;
  state: SearchScreenState;
  update: Props['update'];
  specialties: SpecialtyCount[];
}) {
  const key = exclusionOf(name);
  const [open, setOpen] = useState(false);
  const label = searchField(name).exclude!.label;
  if (!open && state[key].length === 0)
    return (
      <Button
        size="small"
        variant="text"
        onClick={() => setOpen(true)}
        sx={{ alignSelf: 'flex-start', mt: '4px !important', py: 0 }}
      >
        {`${label}…`}
      </Button>
    );
  return (
    <ListControl
      name={name}
      into={key}
      label={label}
      state={state}
      update={update}
      specialties={specialties}
    />
  );
}

/** The API's first error for a filter or one of its parts (`yearsInPractice.min`). */
const fieldErrorOf = (errors: Props['fieldErrors'], name: SearchField) =>
  Object.entries(errors ?? {}).find(([path]) => path === name || path.startsWith(`${name}.`))?.[1];

const stateName = (code: string) => `${US_STATES[code as keyof typeof US_STATES] ?? code} (${code})`;

/**
 * A filter picked from its options with how many hold each (the index's counts): a flag is a
 * checkbox ("Compact license · 1,234"), a list a multiple pick ("Texas (TX) · 5,678").
 */
function CountedFilter({
  name,
  into,
  label,
  state,
  update,
}: {
  name: SuggestedField & ListFilter;
  into: ListFilter | ExclusionKey;
  label: string;
  state: SearchScreenState;
  update: (change: SearchPatch) => void;
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
      label={label}
      name={into}
      state={state}
      update={update}
      options={field.options ?? []}
      counts={counts}
      optionLabel={
        field.control.shows === 'state names'
          ? stateName
          : field.control.shows
            ? (value) => filterValueLabel(name, value)
            : undefined
      }
    />
  );
}

type PickerProps = {
  label: string;
  name: ListFilter | ExclusionKey;
  state: SearchScreenState;
  update: (change: SearchPatch) => void;
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
        update(listEdit(name, state[name], [...new Set(values.map((v) => v.trim()).filter(Boolean))]))
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
