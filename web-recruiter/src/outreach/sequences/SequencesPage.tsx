import { SequenceViewMessages as M, APP_ROUTES as R, type SequenceView } from '@healthtal/contracts';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Container,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { ApiError } from '../../app/api';
import { PauseResumeButton } from './PauseResumeButton';
import { progressFigures, stepWaitText } from './sequence-texts';
import { useSequences } from './sequences-api';

/**
 * /sequences (issue 36): each of the recruiter's sequences with its steps and where its recipients
 * are (enrolled, sent, completed, waiting on the contact cap and until when, unsubscribed, removed),
 * pause and resume, and the way to its recipients and its editor.
 */
export function SequencesPage() {
  const sequences = useSequences();
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Stack
        direction="row"
        useFlexGap
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}
      >
        <Typography variant="h4" component="h1">
          Sequences
        </Typography>
        {/* The page's links: the reply inbox beside New sequence. */}
        <Stack direction="row" spacing={1} useFlexGap component="nav" aria-label="Sequences">
          <Button variant="outlined" component={RouterLink} to={R.sequenceReplies.path}>
            Replies
          </Button>
          <Button variant="contained" component={RouterLink} to="/sequences/new">
            New sequence
          </Button>
        </Stack>
      </Stack>
      {sequences.isPending ? <CircularProgress aria-label="Loading sequences" /> : null}
      {sequences.isError ? (
        <Alert severity="error">
          {sequences.error instanceof ApiError ? sequences.error.message : M.loadFailed}
        </Alert>
      ) : null}
      {sequences.data?.length === 0 ? <Typography color="text.secondary">{M.noSequences}</Typography> : null}
      <Stack spacing={2}>
        {sequences.data?.map((sequence) => (
          <SequenceSummary key={sequence.id} sequence={sequence} />
        ))}
      </Stack>
    </Container>
  );
}

export function SequenceStatusChip({ sequence }: { sequence: SequenceView }) {
  return sequence.status === 'paused' ? (
    <Chip size="small" color="warning" variant="outlined" label="Paused" />
  ) : (
    <Chip size="small" color="success" variant="outlined" label="Active" />
  );
}

/** One sequence: its name and state, its steps in order, its progress, and what to do with it. */
function SequenceSummary({ sequence }: { sequence: SequenceView }) {
  const headingId = `sequence-${sequence.id}`;
  return (
    <Paper variant="outlined" component="article" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" id={headingId} sx={{ flex: 1, minWidth: 0 }}>
          {sequence.name}
        </Typography>
        <SequenceStatusChip sequence={sequence} />
      </Stack>
      <SequenceSteps sequence={sequence} />
      <ProgressFigures sequence={sequence} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1.5 }}>
        <Button
          variant="outlined"
          size="small"
          component={RouterLink}
          to={`/sequences/${sequence.id}`}
          aria-label={`Recipients of ${sequence.name}`}
        >
          Recipients
        </Button>
        <Button
          size="small"
          component={RouterLink}
          to={`/sequences/${sequence.id}/edit`}
          aria-label={`Edit ${sequence.name}`}
        >
          Edit
        </Button>
        <PauseResumeButton sequence={sequence} />
      </Stack>
    </Paper>
  );
}

export function SequenceSteps({ sequence }: { sequence: SequenceView }) {
  return (
    <Box component="ol" aria-label="Steps" sx={{ pl: 3, my: 1, typography: 'body2' }}>
      {sequence.steps.map((step, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a step is its place in the sequence
        <li key={i}>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {stepWaitText(step.waitBusinessDays, i)}:{' '}
          </Box>
          {step.subject}
        </li>
      ))}
    </Box>
  );
}

export function ProgressFigures({ sequence }: { sequence: SequenceView }) {
  return (
    <Box
      component="dl"
      aria-label={`Progress of ${sequence.name}`}
      sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, m: 0 }}
    >
      {progressFigures(sequence.progress).map(({ label, value }) => (
        <Box key={label} sx={{ display: 'flex', gap: 0.5 }}>
          <Box component="dt" sx={{ color: 'text.secondary', typography: 'body2' }}>
            {label}
          </Box>
          <Box component="dd" sx={{ m: 0, typography: 'body2', fontWeight: 600 }}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
