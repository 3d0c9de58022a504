import { AdminUserMessages, type AdminUserRow, PLANS, PRICE_IDS, type PriceId } from '@healthtal/contracts';
import {
  Alert,
  AlertTitle,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useAdminDataProvider } from '../api';
import { failureText, useToast } from '../notify';

/** The plan a row shows, when it has one to move from (the row's plan name back to its price id). */
const priceIdOf = (record: AdminUserRow): PriceId | null =>
  PRICE_IDS.find((id) => PLANS[id].name === record.subscriptionPlan) ?? null;

/**
 * Change Plan (issue 37, finding 14): the other plan and a required reason, kept on the event. The
 * server decides through billing's own command; what it refuses (no running subscription, a plan
 * changed meanwhile) is shown in its own words.
 */
export function ChangePlanDialog({
  record,
  onClose,
  onChanged,
}: {
  record: AdminUserRow;
  onClose(): void;
  onChanged(): void;
}) {
  const from = priceIdOf(record);
  const [priceId, setPriceId] = useState<PriceId>(PRICE_IDS.find((id) => id !== from) ?? 'price_annual');
  const [reason, setReason] = useState('');
  const dataProvider = useAdminDataProvider();
  const toast = useToast();
  const {
    mutate,
    isPending: busy,
    error,
  } = useMutation({
    mutationFn: dataProvider.changePlan,
    onSuccess: (result) => {
      toast(AdminUserMessages.planChanged, `${record.email}: ${result.message}`);
      onClose();
      onChanged();
    },
  });
  const change = () =>
    // Without a plan to move from, the server says why (no running subscription): `from` is moot.
    mutate({
      id: record.id,
      priceId,
      from: from ?? (priceId === 'price_annual' ? 'price_monthly' : 'price_annual'),
      reason,
    });

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="change-plan-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="change-plan-title">{AdminUserMessages.changePlan}</DialogTitle>
      <DialogContent>
        {error ? (
          // In the dialog, beside the choice it refuses: what billing said, and what to do.
          <Alert severity="error" sx={{ mb: 2 }}>
            <AlertTitle>{AdminUserMessages.planChangeFailed}</AlertTitle>
            {failureText(error, 'Could not change the plan. Please try again.')}
          </Alert>
        ) : null}
        <DialogContentText sx={{ mb: 2 }}>
          {record.email} is on {record.subscriptionLabel} now. The change is billed like the customer's own.
        </DialogContentText>
        <TextField
          select
          label="New plan"
          value={priceId}
          onChange={(event) => setPriceId(event.target.value as PriceId)}
          fullWidth
          margin="dense"
        >
          {PRICE_IDS.map((id) => (
            <MenuItem key={id} value={id} disabled={id === from}>
              {PLANS[id].name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={AdminUserMessages.planChangeReason}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          required
          fullWidth
          multiline
          minRows={2}
          margin="dense"
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={change} variant="contained" disabled={busy || reason.trim() === ''}>
          {busy ? 'Changing...' : AdminUserMessages.changePlan}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
