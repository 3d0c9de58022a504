import {
  COUNTRY,
  OTHER_SPECIALTY,
  ResumeMessages,
  ResumeSubmissionRequest,
  SPECIALTIES_A_TO_Z,
  US_STATES,
} from '@healthtal/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Box,
  Button,
  Chip,
  Container,
  Grid,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { api } from '../app/api';
import { errorsFromServer, FormField, fieldErrorsOf, useFormState } from '../app/forms';
import { RESUME_SUBMITTED_PATH } from './paths';
import { ResumeFilePicker, resumeFileUpload } from './ResumeFilePicker';

type Education = { school: string; degree: string };

const TEXT_FIELDS = [
  ['firstName', 'First name', true, 'given-name'],
  ['middleName', 'Middle name', false, 'additional-name'],
  ['lastName', 'Last name', true, 'family-name'],
  ['title', 'Physician title', true, 'organization-title'],
  ['companyName', 'Company name', true, 'organization'],
  ['email', 'Email', true, 'email'],
  ['phone', 'Phone', true, 'tel'],
  ['linkedinUrl', 'LinkedIn URL', false, 'url'],
  ['city', 'City', true, 'address-level2'],
] as const;

/** The public resume form: every field and rule of the spec, checked by the same schema as the API. */
export function SubmitResumePage() {
  const navigate = useNavigate();
  const form = useFormState({
    firstName: '',
    middleName: '',
    lastName: '',
    title: '',
    companyName: '',
    specialty: '',
    otherSpecialty: '',
    email: '',
    phone: '',
    city: '',
    state: '',
    country: COUNTRY as string,
    linkedinUrl: '',
    education: [] as Education[],
    skills: [] as string[],
    resumeFile: null as File | null,
  });
  const { values, set, errors, setErrors, busy, setBusy } = form;
  const [skillDraft, setSkillDraft] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { resumeFile, ...fields } = values;
    const skills = skillDraft.trim() ? [...values.skills, skillDraft] : values.skills;
    setBusy(true);
    try {
      const draft = { ...fields, skills, resumeFile: resumeFile ? await resumeFileUpload(resumeFile) : null };
      const parsed = ResumeSubmissionRequest.safeParse(draft);
      if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error.issues));
      await api('/api/v1/resume-submissions', { method: 'POST', json: draft });
      navigate(RESUME_SUBMITTED_PATH, { replace: true });
    } catch (error) {
      setErrors(errorsFromServer(error, ResumeMessages.submitFailed));
    } finally {
      setBusy(false);
    }
  };

  const addSkill = () => {
    const skill = skillDraft.trim();
    if (skill && !values.skills.some((s) => s.toLowerCase() === skill.toLowerCase()))
      set('skills', [...values.skills, skill]);
    setSkillDraft('');
  };
  const onSkillKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      addSkill();
    }
  };
  const setEducation = (index: number, patch: Partial<Education>) =>
    set(
      'education',
      values.education.map((entry, i) => (i === index ? { ...entry, ...patch } : entry)),
    );

  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <Typography variant="h3" component="h1" gutterBottom>
        Submit your resume
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        Healthcare professionals: add your profile to HealthTal so recruiters can reach you. We review every
        submission before it appears in search.
      </Typography>
      <Box component="form" onSubmit={submit} noValidate sx={{ mt: 3 }}>
        {errors.form ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errors.form}
          </Alert>
        ) : null}
        <Grid container spacing={2}>
          {TEXT_FIELDS.map(([key, label, required, autoComplete]) => (
            <Grid key={key} size={{ xs: 12, sm: 6 }}>
              <FormField
                form={form}
                name={key}
                fullWidth
                label={label}
                required={required}
                autoComplete={autoComplete}
                helperText={key === 'linkedinUrl' ? 'https:// is added if you leave it out.' : undefined}
              />
            </Grid>
          ))}
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormField form={form} name="state" select fullWidth required label="State">
              {Object.entries(US_STATES).map(([code, name]) => (
                <MenuItem key={code} value={code}>
                  {name}
                </MenuItem>
              ))}
            </FormField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              fullWidth
              label="Country"
              value={values.country}
              slotProps={{ htmlInput: { readOnly: true } }}
              helperText="United States only for now."
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormField form={form} name="specialty" select fullWidth required label="Specialty">
              {[...SPECIALTIES_A_TO_Z, OTHER_SPECIALTY].map((name) => (
                <MenuItem key={name} value={name}>
                  {name}
                </MenuItem>
              ))}
            </FormField>
          </Grid>
          {values.specialty === OTHER_SPECIALTY ? (
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormField form={form} name="otherSpecialty" fullWidth required label="Other specialty" />
            </Grid>
          ) : null}
        </Grid>

        <Typography variant="h5" component="h2" sx={{ mt: 4, mb: 1 }}>
          Education
        </Typography>
        <Stack spacing={2}>
          {values.education.map((entry, index) => (
            <Stack
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position
              key={index}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ alignItems: 'flex-start' }}
            >
              <TextField
                label={`School ${index + 1}`}
                value={entry.school}
                onChange={(e) => setEducation(index, { school: e.target.value })}
                error={Boolean(errors[`education.${index}.school`])}
                helperText={errors[`education.${index}.school`]}
                sx={{ flex: 1 }}
              />
              <TextField
                label={`Degree ${index + 1}`}
                value={entry.degree}
                onChange={(e) => setEducation(index, { degree: e.target.value })}
                error={Boolean(errors[`education.${index}.degree`])}
                helperText={errors[`education.${index}.degree`]}
                sx={{ flex: 1 }}
              />
              <IconButton
                aria-label={`Remove education ${index + 1}`}
                onClick={() =>
                  set(
                    'education',
                    values.education.filter((_, i) => i !== index),
                  )
                }
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          ))}
          <Button
            startIcon={<AddIcon />}
            onClick={() => set('education', [...values.education, { school: '', degree: '' }])}
            sx={{ alignSelf: 'flex-start' }}
          >
            Add education
          </Button>
        </Stack>

        <Typography variant="h5" component="h2" sx={{ mt: 4, mb: 1 }}>
          Skills
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
          {values.skills.map((skill) => (
            <Chip
              key={skill}
              label={skill}
              onDelete={() =>
                set(
                  'skills',
                  values.skills.filter((s) => s !== skill),
                )
              }
            />
          ))}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label="Add a skill"
            value={skillDraft}
            onChange={(e) => setSkillDraft(e.target.value)}
            onKeyDown={onSkillKey}
            error={Boolean(errors.skills)}
            helperText={errors.skills ?? 'Press Enter to add.'}
            size="small"
          />
          <Button onClick={addSkill} variant="outlined" sx={{ height: 40 }}>
            Add
          </Button>
        </Stack>

        <ResumeFilePicker
          file={values.resumeFile}
          errors={errors}
          onChange={(file) => set('resumeFile', file)}
          onProblem={(message) => setErrors((current) => ({ ...current, resumeFile: message }))}
        />

        <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ mt: 4 }}>
          {busy ? 'Submitting…' : 'Submit Resume'}
        </Button>
      </Box>
    </Container>
  );
}

/** The resume's own confirmation page. */
export function ResumeSubmittedPage() {
  return (
    <Container maxWidth="sm" sx={{ py: 8, textAlign: 'center' }}>
      <Typography variant="h3" component="h1" gutterBottom>
        Resume submitted
      </Typography>
      <Typography color="text.secondary">
        Thank you. Our team reviews every submission; once approved, your profile appears in the HealthTal
        directory.
      </Typography>
      <Button component={RouterLink} to="/" sx={{ mt: 4 }} variant="contained">
        Return Home
      </Button>
    </Container>
  );
}
