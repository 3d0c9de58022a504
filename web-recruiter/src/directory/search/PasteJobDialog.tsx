import { JobPostingLimits, PostingProposal } from '@healthtal/contracts';
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api } from '../../app/api';
import { chipSearches, chipsOf, type PostingChip, searchPatchOf, withNumber } from './job-posting';
import type { SearchScreenState } from './search-screen';

type Props = {
  onClose: () => void;
  /** Applies the chips' filters to the screen's state (its URL), as the sidebar does. */
  onSearch: (patch: Partial<SearchScreenState>) => void;
};

/**
 * "Paste a job" (issue 35): paste a posting, Propose filters, edit the proposal as chips (remove one,
 * change the radius or the years), then Search. Nothing is searched before the recruiter says so.
 */
export function PasteJobDialog({ onClose, onSearch }: Props) {
  const [text, setText] = useState('');
  const [chips, setChips] = useState<PostingChip[] | null>(null);
  const propose = useMutation({
    mutationFn: (posting: string) =>
      api('/api/v1/search/from-posting', {
        method: 'POST',
        json: { text: posting },
        schema: PostingProposal,
      }),
    onSuccess: (answer) => setChips(chipsOf(answer.proposal)),
  });
  const error =
    propose.error instanceof ApiError ? (propose.error.field('text') ?? propose.error.message) : null;
  const remove = (id: string) => setChips((all) => all?.filter((chip) => chip.id !== id) ?? null);
  const edit = (id: string, part: 'miles' | 'min' | 'max', value: string) =>
    setChips((all) => all?.map((chip) => (chip.id === id ? withNumber(chip, part, value) : chip)) ?? null);
  const search = () => {
    onSearch(searchPatchOf(chips ?? []));
    onClose();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="paste-job-title">
      <DialogTitle id="paste-job-title">Paste a job</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Job posting"
            multiline
            minRows={6}
            maxRows={14}
            value={text}
            onChange={(e) => setText(e.target.value)}
            slotProps={{ htmlInput: { maxLength: JobPostingLimits.textMax } }}
            error={error !== null}
            helperText={error ?? 'The title, location, requirements: the posting as you would publish it.'}
          />
          <div>
            <Button
              variant="outlined"
              onClick={() => propose.mutate(text)}
              disabled={!text.trim() || propose.isPending}
            >
              {propose.isPending ? 'Reading the posting…' : 'Propose filters'}
            </Button>
          </div>
          {propose.data?.message ? <Alert severity="info">{propose.data.message}</Alert> : null}
          {chips ? <ProposalChips chips={chips} onRemove={remove} onEdit={edit} /> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={search} disabled={!chips?.some(chipSearches)}>
          Search
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ProposalChips({
  chips,
  onRemove,
  onEdit,
}: {
  chips: PostingChip[];
  onRemove: (id: string) => void;
  onEdit: (id: string, part: 'miles' | 'min' | 'max', value: string) => void;
}) {
  if (chips.length === 0)
    return <Typography>The posting names nothing the directory can filter by.</Typography>;
  return (
    <Stack spacing={1.5} component="section" aria-label="Proposed filters">
      <Stack
        direction="row"
        spacing={0.75}
        useFlexGap
        sx={{ flexWrap: 'wrap' }}
        role="group"
        aria-label="Proposed filters"
      >
        {chips.map((chip) => (
          <Tooltip key={chip.id} title={`From the posting: “${chip.from}”`}>
            <Chip
              label={chipSearches(chip) ? chip.label : `${chip.label} (not searched)`}
              variant={chipSearches(chip) ? 'filled' : 'outlined'}
              onClick={() => onRemove(chip.id)}
              onDelete={() => onRemove(chip.id)}
              aria-label={`Remove ${chip.label}`}
            />
          </Tooltip>
        ))}
      </Stack>
      {chips.map((chip) =>
        chip.kind === 'near' ? (
          <TextField
            key={chip.id}
            size="small"
            type="number"
            label={`Miles from ${chip.value.place}`}
            defaultValue={chip.value.miles}
            onChange={(e) => onEdit(chip.id, 'miles', e.target.value)}
            sx={{ maxWidth: 220 }}
          />
        ) : chip.kind === 'years' ? (
          <Stack
            key={chip.id}
            direction="row"
            spacing={1}
            role="group"
            aria-label="Proposed years in practice"
          >
            <TextField
              size="small"
              type="number"
              label="Min years"
              defaultValue={chip.value.min ?? ''}
              onChange={(e) => onEdit(chip.id, 'min', e.target.value)}
              sx={{ maxWidth: 140 }}
            />
            <TextField
              size="small"
              type="number"
              label="Max years"
              defaultValue={chip.value.max ?? ''}
              onChange={(e) => onEdit(chip.id, 'max', e.target.value)}
              sx={{ maxWidth: 140 }}
            />
          </Stack>
        ) : null,
      )}
    </Stack>
  );
}
