import { placeholderValues } from '@healthtal/contracts';
import { Typography } from '@mui/material';

/** Placeholders whose empty value is replaced by a stock phrase (spec §3). */
const FALLBACKS = Object.entries(placeholderValues({})).filter(([, fallback]) => fallback !== '');
const WITHOUT_FALLBACK = Object.entries(placeholderValues({}))
  .filter(([, fallback]) => fallback === '')
  .map(([name]) => `{{${name}}}`);

/** Says which placeholders a subject or body may use and what an empty field becomes. */
export function PlaceholderHint() {
  return (
    <Typography variant="body2" color="text.secondary" aria-label="Placeholders">
      Placeholders are filled in for each recipient:{' '}
      {FALLBACKS.map(([name, fallback]) => `{{${name}}} (“${fallback}” when unknown)`).join(', ')}; also{' '}
      {WITHOUT_FALLBACK.join(', ')}.
    </Typography>
  );
}
