import { isBooleanKeywords, parseKeywords } from '@healthtal/contracts';
import { TextField } from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import { KEYWORDS_HELP } from './search-screen';

const TYPING_PAUSE_MS = 500;

/** The syntax error of boolean Keywords, in the API's words (the same parser), or null. */
function keywordSyntaxError(text: string): string | null {
  if (!isBooleanKeywords(text)) return null;
  const parsed = parseKeywords(text);
  return 'error' in parsed ? parsed.error.message : null;
}

/**
 * The Keywords field (spec §2 free text; boolean syntax, ADR 0053): searched when submitted (Enter)
 * or after a pause in typing, so each keystroke is not a search; under it, what it takes, or the
 * syntax error of what was typed.
 */
export function KeywordsField({
  value,
  onCommit,
  error,
}: {
  value: string;
  onCommit: (query: string) => void;
  /** The API's error for the Keywords (a boolean syntax error, with its position). */
  error?: string | undefined;
}) {
  const [text, setText] = useState(value);
  // A pause in typing does not search with Keywords that do not parse (`icu OR` half typed): it says
  // why, in the API's words (the same parser); Enter searches anyway, and the API's error shows.
  const [unfinished, setUnfinished] = useState<string | null>(null);
  // The URL changed elsewhere (back button, a saved search): show its query.
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = window.setTimeout(() => {
      const problem = keywordSyntaxError(text.trim());
      setUnfinished(problem);
      if (!problem) onCommit(text.trim());
    }, TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value, onCommit]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setUnfinished(null);
    onCommit(text.trim());
  };
  const shown = unfinished ?? error;
  return (
    <form onSubmit={submit} aria-label="Keyword search">
      <TextField
        size="small"
        fullWidth
        label="Keywords"
        placeholder="Name, title, specialty…"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setUnfinished(null);
        }}
        error={Boolean(shown)}
        helperText={shown ?? KEYWORDS_HELP}
        slotProps={{
          htmlInput: { title: 'Phrases match their words in one field (a title, a name…), in any order.' },
          formHelperText: shown ? { role: 'alert' } : {},
        }}
      />
    </form>
  );
}
