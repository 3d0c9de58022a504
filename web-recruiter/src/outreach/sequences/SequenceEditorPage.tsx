import { SequenceViewMessages as M, SequenceLimits, type SequenceView } from '@healthtal/contracts';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { Alert, Box, Button, Container, IconButton, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useAuth } from '../../app/auth';
import { errorsFromServer, type FieldErrors } from '../../app/forms';
import { PageSpinner } from '../../app/RequireAuth';
import { useToast } from '../../app/toast';
import { useEmailTemplates } from '../outreach-api';
import { PlaceholderHint } from '../PlaceholderHint';
import { TemplatePicker } from '../TemplatePicker';
import { useSaveSequence, useSequence } from './sequences-api';

/** A step as typed: the wait stays text until it is sent, so the server judges what was typed. */
type StepForm = { subject: string; body: string; wait: string };
const NEXT_STEP_WAIT = '2';
const blankStep = (wait: string): StepForm => ({ subject: '', body: '', wait });
const formOf = (sequence: SequenceView) => ({
  name: sequence.name,
  steps: sequence.steps.map((step) => ({ ...step, wait: String(step.waitBusinessDays) })),
});

/** The wait as the contract takes it: a number, or null for anything else (the server says what is wrong). */
const waitOf = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/**
 * /sequences/new and /sequences/:id/edit (issue 36): a name and 1–5 steps, each a subject and body
 * with the per-recipient placeholders (from a saved template if wished) and, after the first, how
 * many business days it waits. The server's field messages show under the fields they are about.
 */
export function SequenceEditorPage() {
  const { sequenceId } = useParams();
  const existing = useSequence(sequenceId);
  if (sequenceId && existing.isPending) return <PageSpinner />;
  if (sequenceId && !existing.data)
    return (
      <Container maxWidth="md" sx={{ py: 3 }}>
        <Alert severity="error">{M.loadFailed}</Alert>
      </Container>
    );
  return <SequenceForm sequence={existing.data} />;
}

function SequenceForm({ sequence }: { sequence: SequenceView | undefined }) {
  const auth = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const templates = useEmailTemplates(auth.status === 'signed-in');
  const save = useSaveSequence(sequence?.id);
  const [name, setName] = useState(sequence ? formOf(sequence).name : '');
  const [steps, setSteps] = useState<StepForm[]>(sequence ? formOf(sequence).steps : [blankStep('0')]);
  const [errors, setErrors] = useState<FieldErrors>({});

  const changeStep = (index: number, change: Partial<StepForm>) => {
    setSteps((before) => before.map((step, i) => (i === index ? { ...step, ...change } : step)));
    setErrors(({ steps: _all, ...rest }) =>
      Object.fromEntries(Object.entries(rest).filter(([key]) => !key.startsWith(`steps.${index}.`))),
    );
  };
  const submit = async () => {
    try {
      const saved = await save.mutateAsync({
        name,
        // The first step goes at once: its wait is 0 whatever was kept of an older first step.
        steps: steps.map((step, i) => ({
          subject: step.subject,
          body: step.body,
          waitBusinessDays: (i === 0 ? 0 : waitOf(step.wait)) as number,
        })),
      });
      toast(sequence ? M.saved(saved.name) : M.created(saved.name));
      navigate('/sequences');
    } catch (error) {
      setErrors(errorsFromServer(error, M.saveFailed));
    }
  };

  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <Button startIcon={<ArrowBack />} component={RouterLink} to="/sequences">
        Sequences
      </Button>
      <Typography variant="h4" component="h1" sx={{ mt: 2, mb: 2 }}>
        {sequence ? `Edit “${sequence.name}”` : 'New sequence'}
      </Typography>
      <Stack
        component="form"
        spacing={2}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {errors.form ? <Alert severity="error">{errors.form}</Alert> : null}
        <TextField
          label="Name"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setErrors(({ name: _name, ...rest }) => rest);
          }}
          error={Boolean(errors.name)}
          helperText={errors.name ?? 'Only you see it.'}
          required
        />
        <PlaceholderHint />
        {errors.steps ? <Alert severity="error">{errors.steps}</Alert> : null}
        {steps.map((step, index) => (
          <StepFields
            // biome-ignore lint/suspicious/noArrayIndexKey: a step is its place in the sequence
            key={index}
            index={index}
            step={step}
            errors={errors}
            templates={templates.data}
            onChange={(change) => changeStep(index, change)}
            onRemove={
              steps.length > 1 ? () => setSteps((before) => before.filter((_, i) => i !== index)) : null
            }
          />
        ))}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            onClick={() => setSteps((before) => [...before, blankStep(NEXT_STEP_WAIT)])}
            disabled={steps.length >= SequenceLimits.stepsMax}
          >
            Add a step
          </Button>
          <Box sx={{ flex: 1 }} />
          <Button variant="contained" type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save sequence'}
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          Up to {SequenceLimits.stepsMax} steps. Steps go out on weekdays from 9:00 to 17:00 in the
          recipient’s time zone; a recipient who unsubscribes gets no more.
        </Typography>
      </Stack>
    </Container>
  );
}

type StepProps = {
  index: number;
  step: StepForm;
  errors: FieldErrors;
  templates: Parameters<typeof TemplatePicker>[0]['templates'];
  onChange: (change: Partial<StepForm>) => void;
  onRemove: (() => void) | null;
};

function StepFields({ index, step, errors, templates, onChange, onRemove }: StepProps) {
  const error = (field: string) => errors[`steps.${index}.${field}`];
  const headingId = `step-${index}-heading`;
  return (
    <Box
      component="fieldset"
      aria-labelledby={headingId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography component="h2" id={headingId} variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
          Step {index + 1}
        </Typography>
        {onRemove ? (
          <IconButton aria-label={`Remove step ${index + 1}`} onClick={onRemove}>
            <DeleteOutline />
          </IconButton>
        ) : null}
      </Stack>
      <Stack spacing={2}>
        {index === 0 ? (
          <Typography variant="body2" color="text.secondary">
            Sent as soon as a recipient is enrolled (within the send window).
          </Typography>
        ) : (
          <TextField
            label="Wait (business days after the step before)"
            type="number"
            value={step.wait}
            onChange={(e) => onChange({ wait: e.target.value })}
            error={Boolean(error('waitBusinessDays'))}
            helperText={error('waitBusinessDays') ?? `0 to ${SequenceLimits.waitMax}; weekends do not count.`}
            slotProps={{ htmlInput: { min: 0, max: SequenceLimits.waitMax, step: 1 } }}
            sx={{ maxWidth: 360 }}
          />
        )}
        <TemplatePicker
          templates={templates}
          onLoad={(t) => onChange({ subject: t.subject, body: t.body })}
        />
        <TextField
          label="Subject"
          value={step.subject}
          onChange={(e) => onChange({ subject: e.target.value })}
          error={Boolean(error('subject'))}
          helperText={error('subject')}
          required
        />
        <TextField
          label="Body"
          value={step.body}
          onChange={(e) => onChange({ body: e.target.value })}
          error={Boolean(error('body'))}
          helperText={error('body')}
          multiline
          minRows={5}
          required
        />
      </Stack>
    </Box>
  );
}
