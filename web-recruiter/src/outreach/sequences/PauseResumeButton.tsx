import { SequenceViewMessages as M, type SequenceView } from '@healthtal/contracts';
import { Button } from '@mui/material';
import { ApiError } from '../../app/api';
import { useToast } from '../../app/toast';
import { usePauseResume } from './sequences-api';

/** Pause (nothing of it is sent) or resume (steps that came due go out) one sequence. */
export function PauseResumeButton({ sequence }: { sequence: SequenceView }) {
  const toast = useToast();
  const change = usePauseResume();
  const paused = sequence.status === 'paused';
  const run = async () => {
    try {
      await change.mutateAsync({ id: sequence.id, action: paused ? 'resume' : 'pause' });
      toast(paused ? M.resumed(sequence.name) : M.paused(sequence.name));
    } catch (error) {
      toast(error instanceof ApiError ? error.message : M.actionFailed, 'error');
    }
  };
  return (
    <Button
      size="small"
      onClick={() => void run()}
      disabled={change.isPending}
      aria-label={`${paused ? 'Resume' : 'Pause'} ${sequence.name}`}
    >
      {paused ? 'Resume' : 'Pause'}
    </Button>
  );
}
