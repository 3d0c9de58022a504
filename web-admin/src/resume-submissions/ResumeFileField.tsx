import {
  formatFileSize,
  RESUME_FILE_KINDS,
  ResumeFileMessages,
  type ResumeSubmissionRow,
} from '@healthtal/contracts';
import { saveFile } from '@healthtal/web-shared/save-file';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { fetchFile } from '../auth/session';
import { failureText, useToast } from '../notify';

const kindLabel = (type: string) =>
  Object.values(RESUME_FILE_KINDS).find((kind) => kind.mediaType === type)?.label ?? type;

/**
 * The resume file the professional attached (ADR 0070): its name, type and size, and a Download
 * button that fetches it with the admin's token (a plain link would carry none).
 */
export function ResumeFileField({ row }: { row: ResumeSubmissionRow }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const file = row.resumeFile;
  if (!file) return <>{ResumeFileMessages.none}</>;
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await fetchFile(`/api/admin/resume-submissions/${row.id}/file`), file.name);
    } catch (error) {
      toast(
        ResumeFileMessages.downloadFailed,
        failureText(error, ResumeFileMessages.downloadFailed),
        'error',
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
        {file.name}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {kindLabel(file.type)} · {formatFileSize(file.size)}
      </Typography>
      <Button
        size="small"
        variant="outlined"
        startIcon={<DownloadIcon />}
        disabled={busy}
        onClick={() => void download()}
        aria-label={`Download ${file.name}`}
      >
        Download
      </Button>
    </Stack>
  );
}
