import { Alert, AlertTitle } from '@mui/material';
import { HttpError, useNotify } from 'react-admin';
import { AdminConsoleMessages } from './admin-console';

type Severity = 'success' | 'error' | 'warning' | 'info';

/** The words of a failed call: the server's problem detail, or the catalogue's fallback. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof TypeError) return AdminConsoleMessages.networkError;
  if (error instanceof HttpError && error.message && error.status < 500) return error.message;
  return fallback;
}

/** A toast with the catalogue's title and a line of detail beneath, like the first version's. */
export function useToast() {
  const notify = useNotify();
  return (title: string, text: string | null, type: Severity = 'success') =>
    notify(
      <Alert severity={type} variant="filled" sx={{ minWidth: 320 }}>
        <AlertTitle>{title}</AlertTitle>
        {text}
      </Alert>,
      { type, autoHideDuration: 5000 },
    );
}
