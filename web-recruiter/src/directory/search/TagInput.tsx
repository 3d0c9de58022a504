import { addTag, MAX_TAGS, removeLastTag } from '@healthtal/contracts';
import { Box, Chip, TextField } from '@mui/material';
import { type KeyboardEvent, useState } from 'react';
import { useAheadRef } from './useAheadRef';

type Props = {
  label: string;
  tags: readonly string[];
  onChange: (tags: string[]) => void;
  placeholder?: string;
};

/**
 * City, title and organization filters (spec §5): Enter adds the typed value (trimmed, no empties, no
 * duplicates, at most five); Backspace in the empty input removes the last tag.
 */
export function TagInput({ label, tags, onChange, placeholder }: Props) {
  const [text, setText] = useState('');
  const latest = useAheadRef(tags);
  const emit = (next: readonly string[]) => {
    latest.current = next;
    onChange([...next]);
  };
  const full = tags.length >= MAX_TAGS;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      const next = addTag(latest.current, text);
      if (next !== latest.current) emit(next);
      setText('');
    } else if (event.key === 'Backspace' && text === '' && latest.current.length > 0) {
      emit(removeLastTag(latest.current));
    }
  };
  return (
    <Box>
      <TextField
        label={label}
        size="small"
        fullWidth
        value={text}
        placeholder={full ? `At most ${MAX_TAGS}` : (placeholder ?? 'Type and press Enter')}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        helperText={full ? `At most ${MAX_TAGS} ${label.toLowerCase()} tags.` : undefined}
      />
      {tags.length > 0 ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
          {tags.map((tag) => (
            <Chip
              key={tag}
              size="small"
              label={tag}
              onDelete={() => onChange(tags.filter((t) => t !== tag))}
            />
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
