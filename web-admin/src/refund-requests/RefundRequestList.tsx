import { dollars, type RefundRequestRow, RefundRequestStatus } from '@healthtal/contracts';
import {
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, DataTable, List, useRefresh } from 'react-admin';
import { useAdminDataProvider } from '../api';
import { pacificTime } from '../fields/PacificTimeField';
import { StatusFilter } from '../inputs/StatusFilter';
import { failureText, useToast } from '../notify';

const statusColor = { pending: 'warning', approved: 'success', rejected: 'default' } as const;

/**
 * Refund requests under the money-back guarantee, oldest pending first: review takes up to 3
 * business days. Approving refunds the customer through Stripe and ends the subscription;
 * rejecting mails the customer the reason. A decision is final.
 */
export function RefundRequestList() {
  return (
    <List
      title="Refund requests"
      sort={{ field: 'requestedAt', order: 'ASC' }}
      filters={[
        <StatusFilter key="status" source="status" statuses={RefundRequestStatus.options} alwaysOn />,
      ]}
      filterDefaultValues={{ status: 'pending' }}
      empty={false}
    >
      <DataTable<RefundRequestRow> bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="email" label="Customer" render={(row) => row.email ?? '(deleted)'} />
        <DataTable.Col source="planName" label="Plan" disableSort />
        <DataTable.Col
          source="purchasedAt"
          label="Purchased"
          render={(row) => pacificTime(row.purchasedAt)}
        />
        <DataTable.Col
          source="requestedAt"
          label="Requested"
          render={(row) => pacificTime(row.requestedAt)}
        />
        <DataTable.Col
          source="reason"
          label="Reason"
          disableSort
          render={(row) => row.reason ?? row.rejectionReason ?? '—'}
        />
        <DataTable.Col
          source="status"
          label="Status"
          render={(row: RefundRequestRow) => (
            <Chip size="small" label={row.status} color={statusColor[row.status]} />
          )}
        />
        <DataTable.Col
          source="refundedAt"
          label="Refunded"
          render={(row) =>
            row.refundedAmount === null
              ? '—'
              : `${dollars(row.refundedAmount)}, ${pacificTime(row.refundedAt)}`
          }
        />
        <DataTable.Col
          label="Actions"
          disableSort
          render={(row) => <RefundActions record={row as RefundRequestRow} />}
        />
      </DataTable>
    </List>
  );
}

/** Approve and Reject for a pending request; Retry refund when an approval's refund did not go through. */
function RefundActions({ record }: { record: RefundRequestRow }) {
  const [open, setOpen] = useState<'approve' | 'reject' | null>(null);
  const [reason, setReason] = useState('');
  const dataProvider = useAdminDataProvider();
  const refresh = useRefresh();
  const toast = useToast();
  const { mutate, isPending: busy } = useMutation({
    mutationFn: (action: 'approve' | 'reject') =>
      action === 'approve'
        ? dataProvider.approveRefund(record.id)
        : dataProvider.rejectRefund({ id: record.id, reason }),
    onSuccess: (result, action) => {
      toast(action === 'approve' ? 'Refund approved' : 'Refund rejected', result.message);
      setOpen(null);
      refresh();
    },
    onError: (error, action) =>
      toast('Error', failureText(error, `Could not ${action} the refund. Please try again.`), 'error'),
  });
  const retry = record.status === 'approved' && record.refundedAmount === null;
  if (record.status !== 'pending' && !retry) return null;
  const run = (action: 'approve' | 'reject') => mutate(action);

  return (
    <Stack direction="row" spacing={1}>
      <Button size="small" variant="contained" onClick={() => setOpen('approve')} disabled={busy}>
        {retry ? 'Retry refund' : 'Approve'}
      </Button>
      {retry ? null : (
        <Button size="small" color="error" onClick={() => setOpen('reject')} disabled={busy}>
          Reject
        </Button>
      )}
      <Confirm
        isOpen={open === 'approve'}
        loading={busy}
        title="Approve this refund?"
        content={`${record.email ?? 'The customer'} is refunded through Stripe and the subscription ends now. This cannot be undone.`}
        confirm="Approve refund"
        onConfirm={() => run('approve')}
        onClose={() => setOpen(null)}
      />
      <Dialog open={open === 'reject'} onClose={() => setOpen(null)} fullWidth maxWidth="sm">
        <DialogTitle>Reject this refund?</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {record.email ?? 'The customer'} is emailed this reason. A decision is final.
          </Typography>
          <TextField
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            multiline
            minRows={3}
            fullWidth
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(null)}>Cancel</Button>
          <Button color="error" onClick={() => run('reject')} disabled={busy || reason.trim() === ''}>
            Reject refund
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
