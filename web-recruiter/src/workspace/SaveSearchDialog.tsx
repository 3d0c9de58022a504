import { WorkspaceMessages as M } from '@healthtal/contracts';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '../app/api';
import { useToast } from '../app/toast';
import { titled } from '../directory/search/search-screen';
import { useSaveSearch } from './workspace-api';

type Props = { open: boolean; onClose: () => void; searchParams: Record<string, unknown> };

/** Save Search (spec §2, §5): a non-blank name; the button is disabled for a blank one. */
export function SaveSearchDialog({ open, onClose, searchParams }: Props) {
  const toast = useToast();
  const save = useSaveSearch();
  const [name, setName] = useState('');
  useEffect(() => {
    if (open) setName('');
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return toast(titled(M.searchNameRequiredTitle, M.searchNameRequired), 'error');
    try {
      await save.mutateAsync({ name: name.trim(), searchParams });
      toast(SEARCH_SAVED);
      onClose();
    } catch (error) {
      const detail =
        error instanceof ApiError ? (Object.values(error.problem.errors ?? {})[0] ?? error.message) : null;
      toast(titled(M.saveSearchFailed, detail ?? 'An unexpected error occurred'), 'error');
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="save-search-title">
      <form onSubmit={submit}>
        <DialogTitle id="save-search-title">Save Search</DialogTitle>
        <DialogContent>
          <TextField
            label="Search name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoFocus
            fullWidth
            required
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={save.isPending || name.trim() === ''}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Ours: the spec lists no success toast for a saved search. */
export const SEARCH_SAVED = 'Search saved';
