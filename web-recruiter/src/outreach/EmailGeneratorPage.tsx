import {
  EMAIL_DEFAULTS,
  EMAIL_LENGTHS,
  EMAIL_TONES,
  type EmailGenerator,
  type EmailTemplate,
  generationErrorMessage,
  OutreachMessages as M,
  POSITION_TYPES,
} from '@healthtal/contracts';
import { Alert, Box, Button, Container, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../app/api';
import { useToast } from '../app/toast';
import { COPY_FEEDBACK_MS, RevealMessages } from '../directory/candidate-card';
import { titled } from '../directory/search/search-screen';
import { type GenerateForm, useGenerateEmail, useSaveTemplate } from './outreach-api';
import { PlaceholderHint } from './PlaceholderHint';
import { SavedTemplatesPanel } from './SavedTemplatesPanel';

const EMPTY_FORM: GenerateForm = {
  jobTitle: '',
  jobDescription: '',
  tone: EMAIL_DEFAULTS.tone,
  length: EMAIL_DEFAULTS.length,
  // None chosen: the server reads it from the job description (issue 35), full-time when it names none.
  positionType: '',
  signature: '',
};

const label = (value: string) =>
  value.replace(/(^|-)(\w)/g, (_m, dash: string, c: string) => `${dash}${c.toUpperCase()}`);

/**
 * The AI Email Generator (admin-intake-outreach §2, §4, §5, §8): the form (Generate stays disabled
 * until title and description are filled), "AI Generating..." while busy, an editable subject and
 * body, Copy Email ("Copied!" for 2 s), save as template, and the Saved Templates panel.
 */
export function EmailGeneratorPage() {
  const toast = useToast();
  const generate = useGenerateEmail();
  const saveTemplate = useSaveTemplate();
  const [form, setForm] = useState<GenerateForm>(EMPTY_FORM);
  const [email, setEmail] = useState<{ subject: string; body: string } | null>(null);
  /** Who wrote the email on screen: null once it comes from a saved template. */
  const [writer, setWriter] = useState<EmailGenerator | null>(null);
  /** The position type the email on screen was written for (read from the posting when none was chosen). */
  const [writtenFor, setWrittenFor] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const copyTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(copyTimer.current), []);
  const set = (field: keyof GenerateForm) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.jobTitle.trim()) return toast(titled(M.jobTitleRequiredTitle, M.jobTitleRequired), 'error');
    if (!form.jobDescription.trim())
      return toast(titled(M.jobDescriptionRequiredTitle, M.jobDescriptionRequired), 'error');
    try {
      const answer = await generate.mutateAsync(form);
      setEmail({ subject: answer.subject, body: answer.body });
      setWriter(answer.generator);
      setWrittenFor(answer.positionType);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : null;
      toast(titled(M.generationFailedTitle, generationErrorMessage(message)), 'error');
    }
  };
  const copy = async () => {
    if (!email) return;
    try {
      await navigator.clipboard.writeText(`Subject: ${email.subject}\n\n${email.body}`);
      setCopied(true);
      window.clearTimeout(copyTimer.current);
      copyTimer.current = window.setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    } catch {
      toast(titled(RevealMessages.copyFailedTitle, RevealMessages.copyFailed), 'error');
    }
  };
  const save = async () => {
    if (!email || !form.jobTitle.trim())
      return toast(titled(M.missingInformationTitle, M.missingInformation), 'error');
    try {
      await saveTemplate.mutateAsync({
        jobTitle: form.jobTitle.trim(),
        subject: email.subject,
        body: email.body,
        tone: form.tone,
        length: form.length,
        positionType: form.positionType || writtenFor || EMAIL_DEFAULTS.positionType,
      });
      toast(M.templateSaved);
    } catch {
      toast(M.saveFailed, 'error');
    }
  };
  const load = (template: EmailTemplate) => {
    setEmail({ subject: template.subject, body: template.body });
    setWriter(null);
    setForm((f) => ({
      ...f,
      jobTitle: template.name,
      tone: template.tone,
      length: template.length,
      positionType: template.positionType,
    }));
    toast(M.templateLoaded);
  };

  const ready = form.jobTitle.trim() !== '' && form.jobDescription.trim() !== '';
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        AI Email Generator
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { md: '1fr 1fr' } }}>
        <Paper variant="outlined" component="form" onSubmit={submit} sx={{ p: 2 }} aria-label="Email details">
          <Stack spacing={2}>
            <TextField label="Job Title" required value={form.jobTitle} onChange={set('jobTitle')} />
            <TextField
              label="Job Description"
              required
              multiline
              minRows={4}
              value={form.jobDescription}
              onChange={set('jobDescription')}
            />
            <Options label="Email Tone" value={form.tone} options={EMAIL_TONES} onChange={set('tone')} />
            <Options
              label="Email Length"
              value={form.length}
              options={EMAIL_LENGTHS}
              onChange={set('length')}
            />
            <Options
              label="Position Type"
              value={form.positionType}
              options={['', ...POSITION_TYPES]}
              onChange={set('positionType')}
              helperText={
                !form.positionType && writtenFor
                  ? `Read from the job description: ${label(writtenFor)}`
                  : undefined
              }
            />
            <TextField
              label="Email Signature"
              multiline
              minRows={2}
              value={form.signature}
              onChange={set('signature')}
            />
            <Button type="submit" variant="contained" disabled={!ready || generate.isPending}>
              {generate.isPending ? 'AI Generating...' : 'Generate AI Email'}
            </Button>
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Generated email">
          {email ? (
            <Stack spacing={2}>
              {writer === 'template' ? <Alert severity="info">{M.templateDraft}</Alert> : null}
              <TextField
                label="Subject Line"
                value={email.subject}
                onChange={(e) => setEmail({ ...email, subject: e.target.value })}
              />
              <TextField
                label="Email Body"
                multiline
                minRows={10}
                value={email.body}
                onChange={(e) => setEmail({ ...email, body: e.target.value })}
              />
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <Button variant="outlined" onClick={() => void copy()} color={copied ? 'success' : 'primary'}>
                  {copied ? 'Copied!' : 'Copy Email'}
                </Button>
                <Button variant="contained" onClick={() => void save()} disabled={saveTemplate.isPending}>
                  Save “{form.jobTitle.trim() || 'Untitled'}” as Template
                </Button>
              </Stack>
            </Stack>
          ) : (
            <Typography color="text.secondary">
              Fill in the job details and choose Generate AI Email; the email appears here, ready to edit.
            </Typography>
          )}
        </Paper>
      </Box>
      <Box sx={{ mt: 2 }}>
        <PlaceholderHint />
      </Box>
      <SavedTemplatesPanel onLoad={load} />
    </Container>
  );
}

type OptionsProps = {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (event: { target: { value: string } }) => void;
  helperText?: string;
};
/** The empty option of Position Type: none chosen, so the server reads it from the posting. */
const FROM_THE_POSTING = 'From the job description';
function Options({ label: text, value, options, onChange, helperText }: OptionsProps) {
  return (
    <TextField
      select
      label={text}
      value={value}
      onChange={onChange}
      helperText={helperText}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      {options.map((option) => (
        <MenuItem key={option || 'none'} value={option}>
          {option ? label(option) : FROM_THE_POSTING}
        </MenuItem>
      ))}
    </TextField>
  );
}
