import { dollars, RefundEligibility, RefundRequestInfo } from '@healthtal/contracts';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api } from '../app/api';
import { useToast } from '../app/toast';
import { shortDate } from '../directory/candidate-card';

const ELIGIBILITY_KEY = ['billing', 'refund-eligibility'] as const;

export function useRefundEligibility(enabled: boolean) {
  return useQuery({
    queryKey: ELIGIBILITY_KEY,
    queryFn: ({ signal }) => api('/api/v1/billing/refund-eligibility', { schema: RefundEligibility, signal }),
    enabled,
  });
}

/**
 * The money-back guarantee on Account: whether it applies (and why not), the Request a refund button
 * while it does, and the request's status once made.
 */
export function RefundSection({
  eligibility,
  paidPlan,
}: {
  eligibility: RefundEligibility;
  paidPlan: boolean;
}) {
  if (eligibility.request) return <RefundRequestStatus request={eligibility.request} />;
  if (!paidPlan) return null;
  if (eligibility.eligible)
    return (
      <Alert severity="success" sx={{ mt: 2 }} action={<RequestRefundButton />}>
        Your purchase is covered by the 30-day money-back guarantee
        {eligibility.refundableUntil ? ` until ${shortDate(eligibility.refundableUntil)}` : ''}.
      </Alert>
    );
  return (
    <Alert severity="info" sx={{ mt: 2 }}>
      Not eligible for the money-back guarantee:
      <List dense disablePadding>
        {eligibility.reasons.map((reason) => (
          <ListItem key={reason} disableGutters>
            {reason}
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}

function RefundRequestStatus({ request }: { request: RefundRequestInfo }) {
  const asked = `You asked for a refund on ${shortDate(request.requestedAt)}.`;
  if (request.status === 'pending')
    return (
      <Alert severity="info" sx={{ mt: 2 }} data-testid="refund-status">
        Refund requested: {asked} We review requests within 3 business days and email you the decision.
      </Alert>
    );
  if (request.status === 'approved')
    return (
      <Alert severity="success" sx={{ mt: 2 }} data-testid="refund-status">
        Refund approved:{' '}
        {request.refundedAmount === null
          ? 'the refund is being made.'
          : `${dollars(request.refundedAmount)} was refunded to your card and your subscription has ended. It appears within up to 10 business days.`}
      </Alert>
    );
  return (
    <Alert severity="warning" sx={{ mt: 2 }} data-testid="refund-status">
      Refund request rejected: {request.rejectionReason}
    </Alert>
  );
}

function RequestRefundButton() {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const client = useQueryClient();
  const toast = useToast();
  const request = useMutation({
    mutationFn: () =>
      api('/api/v1/billing/refund-requests', {
        method: 'POST',
        json: reason.trim() ? { reason: reason.trim() } : {},
        schema: RefundRequestInfo,
      }),
    onSuccess: async () => {
      setOpen(false);
      toast('Refund requested. We will email you within 3 business days.', 'success');
      await client.invalidateQueries({ queryKey: ELIGIBILITY_KEY });
    },
    onError: (error) => {
      toast(
        error instanceof ApiError ? error.message : 'Could not request a refund. Please try again.',
        'error',
      );
      void client.invalidateQueries({ queryKey: ELIGIBILITY_KEY });
    },
  });
  return (
    <>
      <Button color="inherit" size="small" onClick={() => setOpen(true)}>
        Request a refund
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>Request a refund</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            Under the 30-day money-back guarantee. Once the refund is approved your subscription ends at once;
            review takes up to 3 business days.
          </Typography>
          <TextField
            label="Reason (optional)"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            multiline
            minRows={3}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="contained" onClick={() => request.mutate()} disabled={request.isPending}>
            Request refund
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
