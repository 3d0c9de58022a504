import { SearchLimits, type SuggestedField } from '@healthtal/contracts';
import { Autocomplete, Box, Chip, TextField } from '@mui/material';
import { useState } from 'react';
import { useAheadRef } from './useAheadRef';
import { useFilterSuggestions } from './useFilterSuggestions';

type Props = {
  field: SuggestedField;
  label: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  /** At most this many values (tag inputs: five, spec §5). */
  max?: number;
  placeholder?: string;
};

/**
 * A typed filter (city, title, organization, skills, education) as the user types, with the
 * directory's values that start with the text and how many professionals hold each ("ACLS ·
 * 1,234"). Enter adds what was typed (trimmed, no empties, no duplicates ignoring case, at most
 * `max`); picking a suggestion adds it; Backspace in the empty input removes the last value.
 */
export function SuggestInput({
  field,
  label,
  values,
  onChange,
  max = SearchLimits.maxListValues,
  placeholder,
}: Props) {
  const [text, setText] = useState('');
  const { suggestions, loading } = useFilterSuggestions(field, text);
  const latest = useAheadRef(values);
  const counts = new Map(suggestions.map((s) => [s.value, s.count]));
  const full = values.length >= max;
  const emit = (next: readonly string[]) => {
    latest.current = next;
    onChange([...next]);
  };
  return (
    <Autocomplete
      multiple
      freeSolo
      size="small"
      filterSelectedOptions
      options={suggestions.map((s) => s.value)}
      // The server already matched the prefix (folding case and accents as the filter does).
      filterOptions={(options) => options}
      loading={loading}
      value={[...values]}
      inputValue={text}
      onInputChange={(_e, typed) => setText(typed)}
      onChange={(_e, next, reason) => {
        if (reason === 'removeOption' || reason === 'clear') return emit(next);
        const added = next.filter((v) => !latest.current.includes(v));
        const after = added.reduce((all, value) => addValue(all, value, max), latest.current);
        if (after !== latest.current) emit(after);
        setText('');
      }}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        const count = counts.get(option);
        return (
          <li key={key} {...rest}>
            <Box component="span" sx={{ flex: 1 }}>
              {option}
            </Box>
            {count !== undefined ? (
              <Box component="span" sx={{ color: 'text.secondary', typography: 'caption', ml: 1 }}>
                {` · ${count.toLocaleString('en-US')}`}
              </Box>
            ) : null}
          </li>
        );
      }}
      renderValue={(chosen, getItemProps) =>
        chosen.map((value, index) => {
          const { key, ...item } = getItemProps({ index });
          return <Chip key={key} size="small" label={value} {...item} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={full ? `At most ${max}` : (placeholder ?? 'Type to see suggestions')}
          helperText={full ? `At most ${max} ${label.toLowerCase()} values.` : undefined}
        />
      )}
    />
  );
}

/** Adds a value: trimmed, empty ignored, a duplicate (ignoring case) ignored, at most `max`. */
function addValue(values: readonly string[], typed: string, max: number): readonly string[] {
  const value = typed.trim();
  if (value === '' || values.length >= max) return values;
  if (values.some((v) => v.toLowerCase() === value.toLowerCase())) return values;
  return [...values, value];
}
