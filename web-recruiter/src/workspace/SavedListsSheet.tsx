import { WorkspaceMessages } from '@healthtal/contracts';
import { Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../app/auth';
import { shortDate } from '../directory/candidate-card';
import { SideSheet } from './SideSheet';
import { useDeleteList, useLists } from './workspace-api';

export const SavedListTexts = {
  title: 'Saved Lists',
  loadFailed: 'Failed to load your saved lists',
  deleteFailed: 'Failed to delete saved list',
  deleted: 'List deleted',
  // Ours: the sheet's empty state.
  empty: 'No lists yet. Select candidates and choose Add to List.',
} as const;

/** The Saved Lists side sheet (spec §2): name, date, count, description, View List, delete. */
export function SavedListsSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const auth = useAuth();
  const lists = useLists(open && auth.status === 'signed-in');
  const remove = useDeleteList();
  return (
    <SideSheet
      open={open}
      onClose={onClose}
      texts={SavedListTexts}
      items={lists}
      remove={(list) => remove.mutateAsync(list.id)}
      body={(list) => (
        <>
          <Typography sx={{ fontWeight: 600 }}>{list.name}</Typography>
          <Typography variant="caption" color="text.secondary">
            Created {shortDate(list.createdAt)} · {WorkspaceMessages.memberCount(list.memberCount)}
          </Typography>
          {list.description ? <Typography variant="body2">{list.description}</Typography> : null}
        </>
      )}
      action={(list) => (
        <Button
          size="small"
          variant="contained"
          component={RouterLink}
          to={`/lists/${list.id}`}
          onClick={onClose}
        >
          View List
        </Button>
      )}
    />
  );
}
