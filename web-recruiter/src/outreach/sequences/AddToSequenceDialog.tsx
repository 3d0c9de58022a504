import {
  DEMO_DISABLED_TOOLTIP,
  type EnrolResult,
  enrolResultText,
  SequenceViewMessages as M,
} from '@healthtal/contracts';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ApiError } from '../../app/api';
import { useAuth } from '../../app/auth';
import { RevealMessages } from '../../directory/candidate-card';
import { type EnrolTarget, useEnrol, useSequences } from './sequences-api';

type Props = {
  onClose: () => void;
  target: EnrolTarget;
  /** Who is enrolled, in words: "the 12 members of ICU nurses", "3 selected candidates". */
  who: string;
};

/**
 * "Add to sequence…" from a list or the search's selection (issue 36): choose one of your active
 * sequences, enrol, and read what happened: how many were enrolled, already enrolled, and skipped
 * (no email, opted out, email not revealed), as the server's EnrolResult counts them.
 */
export function AddToSequenceDialog({ onClose, target, who }: Props) {
  const auth = useAuth();
  const allowed = auth.can('contacts') && auth.can('not-demo');
  const sequences = useSequences(allowed);
  const enrol = useEnrol();
  const [sequenceId, setSequenceId] = useState('');
  const [done, setDone] = useState<{ result: EnrolResult; text: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const chosen = sequences.data?.find((s) => s.id === sequenceId);

  const submit = async () => {
    if (!chosen) return setProblem(M.chooseSequence);
    setProblem(null);
    try {
      const result = await enrol.mutateAsync({ sequenceId: chosen.id, target });
      const text = enrolResultText(chosen.name, result);
      setDone({ result, text });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : M.enrolFailed);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="add-to-sequence-title">
      <DialogTitle id="add-to-sequence-title">Add to sequence</DialogTitle>
      <DialogContent>
        {!allowed ? (
          <Alert severity="info">
            {auth.me?.demo.isDemo ? DEMO_DISABLED_TOOLTIP : RevealMessages.subscriptionRequired}
          </Alert>
        ) : sequences.isPending ? (
          <CircularProgress aria-label="Loading sequences" />
        ) : sequences.data?.length === 0 ? (
          <Alert severity="info">{M.makeOneFirst}</Alert>
        ) : (
          <Stack spacing={2} sx={{ mt: 1 }}>
            <Typography variant="body2">Enrol {who}.</Typography>
            <TextField
              select
              label="Sequence"
              value={sequenceId}
              onChange={(e) => {
                setSequenceId(e.target.value);
                setDone(null);
                setProblem(null);
              }}
              error={problem === M.chooseSequence}
            >
              {sequences.data?.map((s) => (
                <MenuItem key={s.id} value={s.id} disabled={s.status === 'paused'}>
                  {s.status === 'paused' ? `${s.name} (paused: resume it to enrol)` : s.name}
                </MenuItem>
              ))}
            </TextField>
            {problem ? <Alert severity="error">{problem}</Alert> : null}
            {done ? (
              <Alert severity={done.result.enrolled > 0 ? 'success' : 'info'} role="status">
                {done.text}
              </Alert>
            ) : null}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {allowed && sequences.data?.length === 0 ? (
          <Button component={RouterLink} to="/sequences/new">
            New sequence
          </Button>
        ) : null}
        {done ? (
          <Button component={RouterLink} to={`/sequences/${done.result.sequenceId}`}>
            See recipients
          </Button>
        ) : null}
        <Button onClick={onClose}>{done ? 'Close' : 'Cancel'}</Button>
        {allowed && !done && (sequences.data?.length ?? 0) > 0 ? (
          <Button variant="contained" onClick={() => void submit()} disabled={enrol.isPending}>
            {enrol.isPending ? 'Enrolling…' : 'Enrol'}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
