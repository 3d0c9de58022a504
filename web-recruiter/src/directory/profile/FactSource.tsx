import { type FieldProvenance, humanDate, sourceLabel } from '@healthtal/contracts';
import { Typography } from '@mui/material';

/**
 * Where one fact of a profile comes from (issue 34, the answer's `provenance`): the source in a
 * recruiter's words, the file and its date, and a registry's own last update of the record
 * ("CMS Doctors and Clinicians · DAC_NationalDownloadableFile.csv · Sep 1, 2024"). Written out
 * beneath the fact, so it is read by everyone and not only on hover.
 */
export function factSourceText(source: FieldProvenance): string {
  return [
    sourceLabel(source.source),
    source.file,
    source.date ? humanDate(source.date) : null,
    source.updatedOn && source.updatedOn !== source.date
      ? `record updated ${humanDate(source.updatedOn)}`
      : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

export function FactSource({ source }: { source: FieldProvenance | undefined }) {
  if (!source) return null;
  return (
    <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
      Source: {factSourceText(source)}
    </Typography>
  );
}
