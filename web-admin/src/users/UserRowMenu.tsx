import {
  AdminUserMessages,
  type AdminUserRow,
  type DemoGrantRow,
  type GrantDemoAccessRequest,
} from '@healthtal/contracts';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Menu,
  MenuItem,
  TextField,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useCreate, useDelete, useRefresh } from 'react-admin';
import { AdminConsoleMessages, DEMO_DURATION_CHOICES } from '../admin-console';
import { useAdminDataProvider } from '../api';
import { failureText, useToast } from '../notify';
import { ChangePlanDialog } from './ChangePlanDialog';
import { UserHistoryDialog } from './UserHistoryDialog';

type Open = 'grant' | 'delete' | 'history' | 'plan' | null;

/**
 * Grant Demo Access, Revoke Demo Access, Change Plan, Resend Verification, Send Password Reset,
 * Delete User, and the user's event history.
 */
export function UserRowMenu({ record }: { record: AdminUserRow }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const dataProvider = useAdminDataProvider();
  const [deleteUser, { isPending: deleting }] = useDelete<AdminUserRow>();
  const refresh = useRefresh();
  const toast = useToast();
  const { mutate: revokeDemo } = useMutation({
    mutationFn: dataProvider.revokeDemo,
    onSuccess: () => {
      toast(AdminUserMessages.demoRevoked, record.email);
      refresh();
    },
    onError: (error) =>
      toast(AdminConsoleMessages.error, failureText(error, AdminUserMessages.revokeFailed), 'error'),
  });

  const { mutate: sendMail } = useMutation({
    mutationFn: ({ kind }: { kind: 'verify' | 'reset' }) =>
      kind === 'verify'
        ? dataProvider.sendVerificationEmail(record.id)
        : dataProvider.sendPasswordResetEmail(record.id),
    onSuccess: (result, { kind }) =>
      toast(
        kind === 'verify' ? AdminUserMessages.verificationSent : AdminUserMessages.resetSent,
        result.message,
      ),
    onError: (error) =>
      toast(
        AdminUserMessages.mailFailed,
        failureText(error, 'Could not send the email. Please try again.'),
        'error',
      ),
  });
  const mail = (kind: 'verify' | 'reset') => {
    setAnchor(null);
    sendMail({ kind });
  };

  const choose = (what: Open) => {
    setAnchor(null);
    setOpen(what);
  };

  const revoke = () => {
    setAnchor(null);
    revokeDemo(record.id);
  };

  const remove = () =>
    deleteUser(
      'users',
      { id: record.id, previousData: record },
      {
        onSuccess: () => {
          toast(AdminUserMessages.userDeleted, record.email);
          setOpen(null);
          refresh();
        },
        onError: (error) =>
          toast(
            AdminUserMessages.deleteFailed,
            failureText(error, AdminConsoleMessages.deleteUserFallback),
            'error',
          ),
      },
    );

  return (
    <>
      <IconButton
        aria-label={`Actions for ${record.email}`}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => choose('grant')}>Grant Demo Access</MenuItem>
        <MenuItem onClick={revoke} disabled={!record.isDemo}>
          Revoke Demo Access
        </MenuItem>
        <MenuItem onClick={() => choose('plan')}>{AdminUserMessages.changePlan}</MenuItem>
        <MenuItem onClick={() => mail('verify')} disabled={record.emailVerified}>
          Resend Verification
        </MenuItem>
        <MenuItem onClick={() => mail('reset')}>Send Password Reset</MenuItem>
        <MenuItem onClick={() => choose('history')}>Event History</MenuItem>
        <MenuItem onClick={() => choose('delete')} sx={{ color: 'error.main' }}>
          Delete User
        </MenuItem>
      </Menu>
      {open === 'grant' ? (
        <GrantDemoDialog record={record} onClose={() => setOpen(null)} onGranted={refresh} />
      ) : null}
      {open === 'plan' ? (
        <ChangePlanDialog record={record} onClose={() => setOpen(null)} onChanged={refresh} />
      ) : null}
      {open === 'history' ? <UserHistoryDialog record={record} onClose={() => setOpen(null)} /> : null}
      <Confirm
        isOpen={open === 'delete'}
        loading={deleting}
        title="Delete User"
        content={`Delete ${record.email}? ${AdminUserMessages.deleteConfirmation}`}
        confirm="Delete User"
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setOpen(null)}
      />
    </>
  );
}

type GrantForm = Pick<GrantDemoAccessRequest, 'duration'> & { notes: string };

/** Feature Access (only Full Demo Access), Access Duration, optional Notes; "Granting..." while busy. */
function GrantDemoDialog({
  record,
  onClose,
  onGranted,
}: {
  record: AdminUserRow;
  onClose(): void;
  onGranted(): void;
}) {
  const [form, setForm] = useState<GrantForm>({ duration: 'indefinite', notes: '' });
  const [create, { isPending: busy }] = useCreate<DemoGrantRow>();
  const toast = useToast();

  const grant = () => {
    const data: GrantDemoAccessRequest = {
      userId: record.id,
      featureType: 'full_access',
      duration: form.duration,
      ...(form.notes.trim() ? { notes: form.notes.trim() } : {}),
    };
    create(
      'demo-grants',
      { data },
      {
        onSuccess: () => {
          toast(AdminUserMessages.demoGranted, record.email);
          onClose();
          onGranted();
        },
        onError: (error) =>
          toast(AdminConsoleMessages.error, failureText(error, AdminUserMessages.grantFailed), 'error'),
      },
    );
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="grant-demo-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="grant-demo-title">Grant Demo Access</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Give {record.email} demo access to the directory.
        </DialogContentText>
        <TextField select label="Feature Access" value="full_access" fullWidth margin="dense">
          <MenuItem value="full_access">Full Demo Access</MenuItem>
        </TextField>
        <TextField
          select
          label="Access Duration"
          value={form.duration}
          onChange={(event) => setForm({ ...form, duration: event.target.value as GrantForm['duration'] })}
          fullWidth
          margin="dense"
        >
          {DEMO_DURATION_CHOICES.map((choice) => (
            <MenuItem key={choice.id} value={choice.id}>
              {choice.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Notes (optional)"
          value={form.notes}
          onChange={(event) => setForm({ ...form, notes: event.target.value })}
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
        <Button onClick={grant} variant="contained" disabled={busy}>
          {busy ? 'Granting...' : 'Grant Access'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
