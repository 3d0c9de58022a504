import { DEMO_DISABLED_TOOLTIP } from '@healthtal/contracts';
import { Button, Stack } from '@mui/material';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useAuth } from '../../app/auth';
import { Gated } from '../../app/Gated';
import { ExportButton } from '../ExportButton';
import { useExportDownload } from '../export-download';
import { SearchMessages } from '../search/search-screen';

// Loaded when first opened: the profile's first download stays small.
const AddToListDialog = lazy(() =>
  import('../../workspace/AddToListDialog').then((m) => ({ default: m.AddToListDialog })),
);
const SendEmailDialog = lazy(() =>
  import('../../outreach/SendEmailDialog').then((m) => ({ default: m.SendEmailDialog })),
);

type Props = { candidateId: string; name: string };

/**
 * What a recruiter does from a profile (issue 37, finding 4): Add to List and Email (the search's
 * dialogs, for this one candidate) and Export PDF, the candidate sheet a hiring manager gets
 * (premium, like every export: counted and logged by the server, ADR 0062). Demo accounts may do
 * none of them (spec §6).
 */
export function ProfileActions({ candidateId, name }: Props) {
  const auth = useAuth();
  const [open, setOpen] = useState<'list' | 'email' | null>(null);
  const exporting = useExportDownload();
  const ids = useMemo(() => [candidateId], [candidateId]);
  const close = () => setOpen(null);
  const isDemo = auth.me?.demo.isDemo ?? false;
  const demoReason = isDemo ? DEMO_DISABLED_TOOLTIP : null;
  const exportReason = demoReason ?? (auth.can('premium') ? null : SearchMessages.selectAllNeedsPremium);
  const exportSheet = () =>
    exporting.run('/api/v1/exports', { candidateIds: ids, format: 'pdf', fileName: name }, 1);

  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', mt: 2 }}
      role="group"
      aria-label="Profile actions"
    >
      <Gated reason={demoReason}>
        <Button variant="contained" onClick={() => setOpen('list')} disabled={isDemo}>
          Add to List
        </Button>
      </Gated>
      <Gated reason={demoReason}>
        <Button variant="outlined" onClick={() => setOpen('email')} disabled={isDemo}>
          Email
        </Button>
      </Gated>
      <Gated reason={exportReason}>
        <ExportButton
          label="Export PDF"
          formats={['pdf']}
          disabled={exportReason !== null}
          busy={exporting.busy}
          onExport={exportSheet}
        />
      </Gated>
      <Suspense fallback={null}>
        {open === 'list' ? <AddToListDialog open onClose={close} candidateIds={ids} /> : null}
        {open === 'email' ? <SendEmailDialog open onClose={close} candidateIds={ids} /> : null}
      </Suspense>
    </Stack>
  );
}
