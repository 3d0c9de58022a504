import {
  type ResumeBulkApproveResult,
  type ResumeBulkRejectResult,
  ResumeLimits,
  ResumeMessages,
  type ResumeSubmissionRow,
} from '@healthtal/contracts';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useIsMutating, useMutation } from '@tanstack/react-query';
import { type MouseEvent, useState } from 'react';
import { type Identifier, useListContext, useRecordContext, useRefresh } from 'react-admin';
import {
  AdminConsoleMessages,
  actionFailedText,
  bulkOutcome,
  type ResumeAction,
  selectionCounter,
} from '../admin-console';
import { useAdminDataProvider } from '../api';
import { failureText, useToast } from '../notify';

/** One decision at a time: every decide button waits while any decision is on its way. */
const DECIDING = ['resume-submissions', 'decide'];
const useDeciding = () => useIsMutating({ mutationKey: DECIDING }) > 0;

/** The API answers once the read model has the decisions (read-your-writes): reload list and counts. */
function useAfterDecision() {
  const { onUnselectItems } = useListContext();
  const refresh = useRefresh();
  return () => {
    onUnselectItems();
    refresh();
  };
}

const ACTION_LABEL: Record<ResumeAction, string> = { approve: 'Approve', reject: 'Reject' };

/** Approve is the button to press; Reject is there, in red, but quieter. */
const look = (action: ResumeAction, reject: 'text' | 'outlined' = 'text') =>
  action === 'approve'
    ? ({ variant: 'contained', color: 'primary' } as const)
    : ({ variant: reject, color: 'error' } as const);

type BulkDecision = { ids: Identifier[]; reason: string };

/**
 * Reject Selected or Approve Selected: the selected rows, in one call, with how many went through.
 * Reject asks first, with the reason each rejection keeps (like a refund's rejection).
 */
function BulkDecisionButton({ action }: { action: ResumeAction }) {
  const { selectedIds } = useListContext();
  const dataProvider = useAdminDataProvider();
  const toast = useToast();
  const deciding = useDeciding();
  const afterDecision = useAfterDecision();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const { mutate } = useMutation({
    mutationKey: DECIDING,
    mutationFn: ({ ids, reason }: BulkDecision): Promise<ResumeBulkApproveResult | ResumeBulkRejectResult> =>
      action === 'approve'
        ? dataProvider.bulkApprove(ids.map(String))
        : dataProvider.bulkReject({ ids: ids.map(String), reason: reason.trim() }),
    onSuccess: (result) => {
      setAsking(false);
      setReason('');
      const decided = 'approved' in result ? result.approved : result.rejected;
      const outcome = bulkOutcome(action, decided, result.failed.length);
      toast(outcome.title, outcome.text, outcome.severity);
    },
    onError: (error) => {
      const fallback = action === 'approve' ? ResumeMessages.approvalFailed : ResumeMessages.rejectionFailed;
      toast(AdminConsoleMessages.actionFailed, failureText(error, fallback), 'error');
    },
    onSettled: afterDecision,
  });
  const decide = () => {
    if (selectedIds.length === 0) {
      const [title, text] = ResumeMessages.noneSelected.split(': ');
      toast(title!, text ?? null, 'warning');
      return;
    }
    if (action === 'reject') setAsking(true);
    else mutate({ ids: selectedIds, reason: '' });
  };
  return (
    <>
      <Button {...look(action, 'outlined')} disabled={deciding} onClick={decide}>
        {ACTION_LABEL[action]} Selected
      </Button>
      {action === 'reject' ? (
        <Dialog open={asking} onClose={() => setAsking(false)} fullWidth maxWidth="sm">
          <DialogTitle>{ResumeMessages.bulkRejectTitle(selectedIds.length)}</DialogTitle>
          <DialogContent>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {ResumeMessages.bulkRejectExplanation}
            </Typography>
            <TextField
              label={ResumeMessages.rejectionReason}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              required
              multiline
              minRows={3}
              fullWidth
              autoFocus
              slotProps={{ htmlInput: { maxLength: ResumeLimits.rejectionReasonMax } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setAsking(false)}>Cancel</Button>
            <Button
              color="error"
              disabled={deciding || reason.trim() === ''}
              onClick={() => mutate({ ids: selectedIds, reason })}
            >
              {ResumeMessages.confirmReject}
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </>
  );
}

/** The list's bulk action buttons. */
export function ResumeBulkActions() {
  return (
    <>
      <BulkDecisionButton action="reject" />
      <BulkDecisionButton action="approve" />
    </>
  );
}

/**
 * The pending tab's bulk actions toolbar. Unlike react-admin's, which appears once a row is
 * selected, it always shows "N selected of M" and the bulk buttons (the spec's layout).
 */
export function ResumeBulkToolbar() {
  const { selectedIds, data } = useListContext();
  return (
    <Stack direction="row" sx={{ p: 2, gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="body2" aria-live="polite">
        {selectionCounter(selectedIds.length, data?.length ?? 0)}
      </Typography>
      <Box sx={{ flex: 1 }} />
      <ResumeBulkActions />
    </Stack>
  );
}

type DecisionButtonProps = {
  action: ResumeAction;
  size?: 'small' | 'medium';
  /** After the decision went through (the drawer closes, so its toast is not under a modal). */
  onDecided?: () => void;
};

/**
 * Approve or Reject the submission in the record context: a pending row's own buttons, and the
 * detail drawer's. The row's click opens the drawer, so a decision stops there.
 */
export function DecisionButton({ action, size = 'small', onDecided }: DecisionButtonProps) {
  const row = useRecordContext<ResumeSubmissionRow>();
  const dataProvider = useAdminDataProvider();
  const toast = useToast();
  const deciding = useDeciding();
  const afterDecision = useAfterDecision();
  const { mutate } = useMutation({
    mutationKey: DECIDING,
    mutationFn: dataProvider.decideResume,
    onSuccess: (result) => {
      onDecided?.();
      toast(result.message, null);
    },
    onError: (error) =>
      toast(AdminConsoleMessages.actionFailed, failureText(error, actionFailedText(action)), 'error'),
    onSettled: afterDecision,
  });
  if (row?.status !== 'pending') return null;
  const decide = (event: MouseEvent) => {
    event.stopPropagation();
    mutate({ id: row.id, action });
  };
  return (
    <Button
      {...look(action)}
      size={size}
      disabled={deciding}
      onClick={decide}
      aria-label={`${ACTION_LABEL[action]} ${row.firstName} ${row.lastName}`}
    >
      {ACTION_LABEL[action]}
    </Button>
  );
}

/** A pending row's own Reject and Approve. */
export function ResumeRowActions() {
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <DecisionButton action="reject" />
      <DecisionButton action="approve" />
    </Box>
  );
}
