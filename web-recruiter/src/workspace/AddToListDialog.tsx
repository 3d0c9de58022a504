import { WorkspaceMessages as M } from '@healthtal/contracts';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '../app/api';
import { useToast } from '../app/toast';
import { titled } from '../directory/search/search-screen';
import { useAddToList, useLists } from './workspace-api';

type Props = { open: boolean; onClose: () => void; candidateIds: string[] };

/**
 * Add to List (spec §2, §4, §5): new list (default) or existing; "existing" is disabled without
 * lists, and the first list is preselected once they load. The button is disabled while saving,
 * for a blank new name, or with no list chosen. Closes on success.
 */
export function AddToListDialog({ open, onClose, candidateIds }: Props) {
  const toast = useToast();
  const lists = useLists(open);
  const add = useAddToList();
  const [mode, setMode] = useState<'new' | 'existing'>('new');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [listId, setListId] = useState('');
  const available = lists.data ?? [];

  useEffect(() => {
    if (available.length > 0 && !available.some((l) => l.id === listId)) setListId(available[0]!.id);
  }, [available, listId]);
  useEffect(() => {
    if (open) {
      setMode('new');
      setName('');
      setDescription('');
    }
  }, [open]);

  const disabled = add.isPending || (mode === 'new' ? name.trim() === '' : listId === '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (candidateIds.length === 0)
      return toast(titled(M.noCandidatesSelectedTitle, M.noCandidatesSelected), 'error');
    try {
      const result = await add.mutateAsync(
        mode === 'new'
          ? { mode, name: name.trim(), description: description.trim(), candidateIds }
          : { mode, listId, candidateIds },
      );
      const listName = result.listName ?? available.find((l) => l.id === listId)?.name ?? 'your list';
      toast(M.added(result.added, listName, result.alreadyOnList, result.notInDirectory));
      onClose();
    } catch (error) {
      const detail =
        error instanceof ApiError ? (Object.values(error.problem.errors ?? {})[0] ?? error.message) : null;
      toast(titled(M.processListFailed, detail ?? 'An unexpected error occurred'), 'error');
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="add-to-list-title">
      <form onSubmit={submit}>
        <DialogTitle id="add-to-list-title">Add to List</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <RadioGroup
              row
              value={mode}
              onChange={(e) => setMode(e.target.value as 'new' | 'existing')}
              aria-label="Add to"
            >
              <FormControlLabel value="new" control={<Radio />} label="New list" />
              <FormControlLabel
                value="existing"
                control={<Radio />}
                label="Existing list"
                disabled={available.length === 0}
              />
            </RadioGroup>
            {mode === 'new' ? (
              <>
                <TextField
                  label="List name"
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  autoFocus
                  required
                />
                <TextField
                  label="Description"
                  value={description}
                  onChange={(e) => setDescription(e.target.value)}
                  multiline
                  minRows={2}
                />
              </>
            ) : (
              <TextField select label="List" value={listId} onChange={(e) => setListId(e.target.value)}>
                {available.map((list) => (
                  <MenuItem key={list.id} value={list.id}>
                    {list.name} ({list.memberCount})
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={disabled}>
            {add.isPending ? 'Adding…' : `Add ${candidateIds.length} to List`}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
