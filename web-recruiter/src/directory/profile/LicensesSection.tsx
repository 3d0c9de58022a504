import {
  type CandidateProfile,
  COMPACT_LICENSE_NOTE,
  humanDate,
  NURSE_LICENSURE_COMPACT,
  sourceLabel,
  US_STATES,
} from '@healthtal/contracts';
import {
  Box,
  Chip,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';

/**
 * A professional's licenses (issue 34): each with its state, number, the taxonomy it is held for,
 * whether it is the primary one and whether it is compact, then where they come from (the registry
 * file and its date, or the source) and what "compact" proves and does not.
 */
export function LicensesSection({ profile: p }: { profile: CandidateProfile }) {
  const licenses = p.licenseRecords;
  if (licenses.length === 0) return null;
  const registry = p.registry;
  const updatedOn = registry?.fieldUpdatedOn.licenseRecords ?? registry?.fieldUpdatedOn.licenses;
  const source = registry
    ? [
        `NPI registry file ${registry.sourceFile ?? ''}`.trim(),
        registry.sourceDate ? `of ${humanDate(registry.sourceDate)}` : null,
        updatedOn ? `(updated in the registry ${humanDate(updatedOn)})` : null,
      ]
        .filter(Boolean)
        .join(' ')
    : sourceLabel(p.source);
  return (
    <Box component="section" aria-labelledby="licenses-heading" sx={{ mt: 2 }}>
      <Typography id="licenses-heading" variant="h6" component="h2">
        Licenses
      </Typography>
      <Table size="small" aria-labelledby="licenses-heading">
        <TableHead>
          <TableRow>
            <TableCell>State</TableCell>
            <TableCell>Number</TableCell>
            <TableCell>Taxonomy</TableCell>
            <TableCell>Compact</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {licenses.map((license) => (
            <TableRow key={`${license.state}|${license.number}|${license.taxonomyCode}`}>
              <TableCell>
                {US_STATES[license.state as keyof typeof US_STATES] ?? license.state} ({license.state})
                {license.primary ? <Chip size="small" label="Primary" sx={{ ml: 1 }} /> : null}
              </TableCell>
              <TableCell>{license.number ?? '—'}</TableCell>
              <TableCell>{license.taxonomyCode ?? '—'}</TableCell>
              <TableCell>{license.compact ? 'Compact' : 'No'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Stack spacing={0.5} sx={{ mt: 1 }}>
        <Typography variant="caption" color="text.secondary">
          Source: {source}
        </Typography>
        {licenses.some((license) => license.compact) ? (
          <Typography variant="caption" color="text.secondary">
            {COMPACT_LICENSE_NOTE} Compact states as of {humanDate(NURSE_LICENSURE_COMPACT.asOf)}:{' '}
            <Link href={NURSE_LICENSURE_COMPACT.source} target="_blank" rel="noopener noreferrer">
              NCSBN's Nurse Licensure Compact map
            </Link>
            .
          </Typography>
        ) : null}
      </Stack>
    </Box>
  );
}
