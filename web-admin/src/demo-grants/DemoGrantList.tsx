import { AdminUserMessages, type DemoGrantRow } from '@healthtal/contracts';
import { Button, Chip } from '@mui/material';
import { useState } from 'react';
import { BooleanInput, Confirm, DataTable, List, SearchInput, useDelete, useRefresh } from 'react-admin';
import { AdminConsoleMessages, demoGrantStatus, usesLeft } from '../admin-console';
import { pacificTime } from '../fields/PacificTimeField';
import { failureText, useToast } from '../notify';

const statusColor = {
  Active: 'success',
  Expired: 'default',
  'Used up': 'warning',
  Revoked: 'default',
} as const;

/** Revoke, after a confirmation that names the user: the grant ends now, whatever its expiry. */
function RevokeGrantButton({ grant }: { grant: DemoGrantRow }) {
  const [open, setOpen] = useState(false);
  const [revoke, { isPending }] = useDelete<DemoGrantRow>();
  const refresh = useRefresh();
  const toast = useToast();
  if (!grant.active) return null;
  const confirm = () =>
    revoke(
      'demo-grants',
      { id: grant.id, previousData: grant },
      {
        onSuccess: () => {
          toast(AdminUserMessages.demoRevoked, grant.user_email);
          setOpen(false);
          refresh();
        },
        onError: (error) =>
          toast(AdminConsoleMessages.error, failureText(error, AdminUserMessages.revokeFailed), 'error'),
      },
    );
  return (
    <>
      <Button
        size="small"
        color="error"
        onClick={() => setOpen(true)}
        aria-label={`Revoke demo access of ${grant.user_email}`}
      >
        Revoke
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title="Revoke demo access?"
        content={`${grant.user_email} loses this demo access now${grant.expires_at ? ', before it expires' : ''}. A new grant can be given from Users.`}
        confirm="Revoke"
        confirmColor="warning"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/**
 * Demo grants (issue 37, finding 14): every grant from the access context's read model, newest
 * first, with its expiry, the uses left and whether it still counts (admin-intake-outreach §4: active
 * and unexpired, with uses left); a current one can be revoked.
 */
export function DemoGrantList() {
  return (
    <List
      title="Demo grants"
      sort={{ field: 'grantedAt', order: 'DESC' }}
      filters={[
        <SearchInput key="q" source="q" alwaysOn placeholder="Search user email" />,
        <BooleanInput key="active" source="active" label="Current only" alwaysOn />,
      ]}
      empty={false}
    >
      <DataTable<DemoGrantRow> bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="user_email" label="User" />
        <DataTable.Col source="grantedAt" label="Granted" render={(row) => pacificTime(row.grantedAt)} />
        <DataTable.Col
          source="expires_at"
          label="Expires"
          render={(row) => pacificTime(row.expires_at, { empty: 'Never (indefinite)' })}
        />
        <DataTable.Col<DemoGrantRow> source="usesCount" label="Uses left" render={(row) => usesLeft(row)} />
        <DataTable.Col<DemoGrantRow>
          label="Status"
          disableSort
          render={(row) => {
            const status = demoGrantStatus(row);
            return <Chip size="small" label={status} color={statusColor[status]} />;
          }}
        />
        <DataTable.Col label="Notes" disableSort render={(row) => row.notes ?? '—'} />
        <DataTable.Col<DemoGrantRow>
          label="Actions"
          disableSort
          render={(row) => <RevokeGrantButton grant={row} />}
        />
      </DataTable>
    </List>
  );
}
