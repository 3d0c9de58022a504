import { type CandidateProfile, humanDate } from '@healthtal/contracts';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { Alert, Box, Link, Typography } from '@mui/material';

type Registry = NonNullable<CandidateProfile['registry']>;

/** How the record's fields are named to a recruiter; fields the profile does not show are left out. */
const FIELD_LABELS: Record<string, string> = {
  firstName: 'name',
  lastName: 'name',
  middleName: 'name',
  namePrefix: 'name',
  nameSuffix: 'name',
  title: 'credential',
  specialty: 'specialty',
  taxonomyCode: 'specialty',
  city: 'practice location',
  state: 'practice location',
  officeZip: 'practice location',
  phone: 'practice phone',
  workEmail: 'email',
  licenses: 'licenses',
  licenseRecords: 'licenses',
  gender: 'sex',
};

/** "Feb 15, 2024: practice location, practice phone · Jan 15, 2024: name, credential", newest first. */
function updatedOn(fields: Record<string, string>): string | null {
  const byDate = new Map<string, Set<string>>();
  for (const [field, date] of Object.entries(fields)) {
    const label = FIELD_LABELS[field];
    if (!label) continue;
    if (!byDate.has(date)) byDate.set(date, new Set());
    byDate.get(date)!.add(label);
  }
  const dates = [...byDate.keys()].sort().reverse();
  return dates.length > 0
    ? dates.map((d) => `${humanDate(d)}: ${[...byDate.get(d)!].join(', ')}`).join(' · ')
    : null;
}

/**
 * Where a professional from the NPI registry comes from: the NPI with a link to the registry's
 * public page, the taxonomy code (the licenses have their own section), the file the profile was read from (its name and
 * date), and when the registry last changed each field.
 */
export function RegistrySection({ registry }: { registry: Registry }) {
  const rows: [string, React.ReactNode][] = [
    [
      'NPI',
      <Link href={registry.url} target="_blank" rel="noopener noreferrer" key="npi">
        {registry.npi}
        <OpenInNew
          sx={{ fontSize: 14, ml: 0.5, verticalAlign: 'middle' }}
          aria-label="(opens the NPI registry)"
        />
      </Link>,
    ],
    ['Taxonomy code', registry.taxonomyCode],
    [
      'NPI registry file',
      [registry.sourceFile, registry.sourceDate ? humanDate(registry.sourceDate) : null]
        .filter(Boolean)
        .join(' of ') || null,
    ],
    ['Updated in the registry', updatedOn(registry.fieldUpdatedOn)],
  ];
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        NPI registry
      </Typography>
      {registry.deactivatedOn ? (
        <Alert severity="warning" sx={{ my: 1 }}>
          The registry deactivated this NPI on {humanDate(registry.deactivatedOn)}: the profile is out of
          search.
        </Alert>
      ) : null}
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { sm: '200px 1fr' }, gap: 1, m: 0, mt: 1 }}
      >
        {rows.flatMap(([label, value]) =>
          value
            ? [
                <Typography key={`${label}-t`} component="dt" color="text.secondary">
                  {label}
                </Typography>,
                <Typography key={`${label}-d`} component="dd" sx={{ m: 0 }}>
                  {value}
                </Typography>,
              ]
            : [],
        )}
      </Box>
    </>
  );
}
