import {
  formatFileSize,
  RESUME_FILE_KINDS,
  ResumeFileLimits,
  ResumeFileMessages,
  type ResumeFileUpload,
  resumeFileKindOf,
} from '@healthtal/contracts';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, FormHelperText, Stack, Typography } from '@mui/material';
import type { ChangeEvent } from 'react';
import type { FieldErrors } from '../app/forms';

const HINT_ID = 'resume-file-hint';
const ERROR_ID = 'resume-file-error';
const ACCEPT = Object.values(RESUME_FILE_KINDS)
  .flatMap((kind) => [`.${kind.extension}`, kind.mediaType])
  .join(',');

/** Why this file cannot be sent, checked here as the API checks it: size, then its bytes. */
async function fileProblem(file: File): Promise<string | null> {
  if (file.size === 0) return ResumeFileMessages.empty;
  if (file.size > ResumeFileLimits.maxBytes) return ResumeFileMessages.tooLarge;
  const kind = resumeFileKindOf(new Uint8Array(await file.arrayBuffer()));
  return kind === null ? ResumeFileMessages.wrongType : null;
}

/** The file as the form's JSON carries it: its name and its bytes in base64. */
export function resumeFileUpload(file: File): Promise<ResumeFileUpload> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve({ name: file.name, content: url.slice(url.indexOf(',') + 1) });
    };
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * The resume form's optional file (ADR 0070): attach, replace or remove one PDF or DOCX of at most
 * 5 MB, the limit said beside the button. A wrong file is refused here, before anything is sent,
 * and the server's refusal (its scanner's, say) shows in the same place.
 */
export function ResumeFilePicker({
  file,
  errors,
  onChange,
  onProblem,
}: {
  file: File | null;
  errors: FieldErrors;
  onChange(file: File | null): void;
  onProblem(message: string): void;
}) {
  const message = errors.resumeFile ?? errors['resumeFile.name'] ?? errors['resumeFile.content'];
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // The same file chosen again after a refusal is a new change.
    event.target.value = '';
    if (!chosen) return;
    const problem = await fileProblem(chosen);
    if (problem === null) return onChange(chosen);
    onChange(null);
    onProblem(problem);
  };
  return (
    <>
      <Typography variant="h5" component="h2" sx={{ mt: 4, mb: 1 }}>
        Resume file
      </Typography>
      <Typography id={HINT_ID} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {ResumeFileMessages.hint}
      </Typography>
      {file ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <AttachFileIcon fontSize="small" aria-hidden />
          <Typography data-testid="resume-file-chosen">
            {file.name} · {formatFileSize(file.size)}
          </Typography>
          <Button size="small" onClick={() => onChange(null)}>
            Remove file
          </Button>
        </Stack>
      ) : null}
      <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
        {file ? 'Replace resume file' : 'Attach resume file'}
        <input
          type="file"
          hidden
          accept={ACCEPT}
          aria-describedby={message ? `${HINT_ID} ${ERROR_ID}` : HINT_ID}
          onChange={(event) => void choose(event)}
        />
      </Button>
      {message ? (
        <FormHelperText id={ERROR_ID} error role="alert">
          {message}
        </FormHelperText>
      ) : null}
    </>
  );
}
