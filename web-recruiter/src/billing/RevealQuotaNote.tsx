import { Typography, type TypographyProps } from '@mui/material';
import { useRevealQuotaText } from './plans';

/** The daily contact reveals of each plan, in one line; nothing until the plans are loaded. */
export function RevealQuotaNote(props: TypographyProps) {
  const text = useRevealQuotaText();
  if (!text) return null;
  return (
    <Typography color="text.secondary" {...props}>
      {text}
    </Typography>
  );
}
