import { type ListSummary, shortDate, titled } from '@healthtal/contracts';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { Box, Button, CircularProgress, Drawer, IconButton, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../app/auth';
import { useToast } from '../app/toast';
import { SheetHeader } from './SheetHeader';
import { useDeleteList, useLists } from './workspace-api';

export const SavedListTexts = {
  title: 'Saved Lists',
  loadFailed: 'Failed to load your saved lists',
  deleteFailed: 'Failed to delete saved list',
  deleted: 'List deleted',
  // Ours: the sheet's empty state.
  empty: 'No lists yet. Select candidates and choose Add to List.',
} as const;

export const physicianCount = (n: number) => `${n} ${n === 1 ? 'physician' : 'physicians'}`;

/** The Saved Lists side sheet (spec §2): name, date, count, description, View List, delete. */
export function SavedListsSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const auth = useAuth();
  const toast = useToast();
  const lists = useLists(open && auth.status === 'signed-in');
  const remove = useDeleteList();

  useEffect(() => {
    if (lists.isError) toast(titled('Error', SavedListTexts.loadFailed), 'error');
  }, [lists.isError, toast]);

  const del = async (list: ListSummary) => {
    try {
      await remove.mutateAsync(list.id);
      toast(SavedListTexts.deleted);
    } catch {
      toast(titled('Error', SavedListTexts.deleteFailed), 'error');
    }
  };

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 420 } } } }}
    >
      <Box sx={{ p: 2 }} role="region" aria-label={SavedListTexts.title}>
        <SheetHeader title={SavedListTexts.title} onClose={onClose} />
        {lists.isLoading ? <CircularProgress aria-label="Loading" /> : null}
        {lists.data?.length === 0 ? (
          <Typography color="text.secondary">{SavedListTexts.empty}</Typography>
        ) : null}
        <Stack spacing={2}>
          {lists.data?.map((list) => (
            <Box
              key={list.id}
              component="article"
              aria-label={list.name}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
            >
              <Typography sx={{ fontWeight: 600 }}>{list.name}</Typography>
              <Typography variant="caption" color="text.secondary">
                Created {shortDate(list.createdAt)} · {physicianCount(list.memberCount)}
              </Typography>
              {list.description ? <Typography variant="body2">{list.description}</Typography> : null}
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
                <Button
                  size="small"
                  variant="contained"
                  component={RouterLink}
                  to={`/lists/${list.id}`}
                  onClick={onClose}
                >
                  View List
                </Button>
                <Box sx={{ flex: 1 }} />
                <IconButton aria-label={`Delete ${list.name}`} onClick={() => void del(list)}>
                  <DeleteOutline />
                </IconButton>
              </Stack>
            </Box>
          ))}
        </Stack>
      </Box>
    </Drawer>
  );
}
