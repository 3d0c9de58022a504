import type { CandidateProfile } from '@healthtal/contracts';
import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { FactSource } from './FactSource';

/** One fact of a section: its label, its value, and the profile key whose source it shows. */
type Fact = { label: string; value: ReactNode; from: string };

/** Years since graduation, as the Years in practice filter counts them (search-fields.ts). */
export const yearsInPracticeText = (graduationYear: number, year: number): string => {
  const years = Math.max(0, year - graduationYear);
  return `${years} ${years === 1 ? 'year' : 'years'} (since ${graduationYear})`;
};

/** What a hospital is called on the profile: its name and CCN, or the CCN alone when CMS gives no name. */
const hospitalText = ({ ccn, name }: { ccn: string | null; name: string | null }) =>
  name ? (ccn ? `${name} (CCN ${ccn})` : name) : `CCN ${ccn ?? 'unknown'}`;

const telehealthText = (telehealth: boolean | null) =>
  telehealth === null ? 'Unknown' : telehealth ? 'Yes' : 'No';

/**
 * The profile's education and experience, affiliations and practice (issue 34), from the CMS
 * Doctors and Clinicians file and the registry's credential: each fact with where it comes from.
 * A part with no fact is left out; the licenses have their own section.
 */
export function ExperienceSections({ profile: p, year }: { profile: CandidateProfile; year: number }) {
  const education: Fact[] = [];
  if (p.credential.length > 0)
    education.push({ label: 'Credential', value: p.credential.join(', '), from: 'credential' });
  if (p.medicalSchool)
    education.push({ label: 'Medical school', value: p.medicalSchool, from: 'medicalSchool' });
  if (p.graduationYear !== null) {
    education.push({ label: 'Graduation year', value: String(p.graduationYear), from: 'graduationYear' });
    education.push({
      label: 'Years in practice',
      value: yearsInPracticeText(p.graduationYear, year),
      from: 'graduationYear',
    });
  }
  const affiliations = p.hospitalAffiliations;
  const practice: Fact[] = [];
  if (p.groupPractice)
    practice.push({ label: 'Group practice', value: p.groupPractice, from: 'groupPractice' });
  if (p.primarySpecialty)
    practice.push({ label: 'CMS primary specialty', value: p.primarySpecialty, from: 'primarySpecialty' });
  if (p.secondarySpecialties.length > 0)
    practice.push({
      label: 'CMS secondary specialties',
      value: p.secondarySpecialties.join(', '),
      from: 'secondarySpecialties',
    });
  // Telehealth is CMS's to say: shown (unknown included) where CMS told us something of the practice.
  if (practice.length > 0 || p.telehealth !== null)
    practice.push({ label: 'Telehealth', value: telehealthText(p.telehealth), from: 'telehealth' });
  return (
    <>
      <FactList id="experience-heading" title="Education and experience" facts={education} profile={p} />
      {affiliations.length > 0 ? (
        <Box component="section" aria-labelledby="affiliations-heading" sx={{ mt: 2 }}>
          <Typography id="affiliations-heading" variant="h6" component="h2">
            Affiliations
          </Typography>
          <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
            {affiliations.map((hospital) => (
              <Typography component="li" key={`${hospital.ccn}|${hospital.name}`}>
                {hospitalText(hospital)}
              </Typography>
            ))}
          </Box>
          <FactSource source={p.provenance.hospitalAffiliations} />
        </Box>
      ) : null}
      <FactList id="practice-heading" title="Practice" facts={practice} profile={p} />
    </>
  );
}

function FactList({
  id,
  title,
  facts,
  profile,
}: {
  id: string;
  title: string;
  facts: Fact[];
  profile: CandidateProfile;
}) {
  if (facts.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 2 }}>
      <Typography id={id} variant="h6" component="h2">
        {title}
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { sm: '200px 1fr' }, gap: 1, m: 0, mt: 1 }}
      >
        {facts.flatMap(({ label, value, from }) => [
          <Typography key={`${label}-t`} component="dt" color="text.secondary">
            {label}
          </Typography>,
          <Typography key={`${label}-d`} component="dd" sx={{ m: 0 }}>
            {value}
            <FactSource source={profile.provenance[from]} />
          </Typography>,
        ])}
      </Box>
    </Box>
  );
}
