import { Alert, Link, Portal, Snackbar } from '@mui/material';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

export type ToastSeverity = 'success' | 'error' | 'info' | 'warning';
/** A next step the toast offers: a link within the app ("See plans"). */
export type ToastAction = { label: string; to: string };
type Toast = {
  id: number;
  message: string;
  severity: ToastSeverity;
  durationMs: number;
  action?: ToastAction;
};
/**
 * `durationMs`: how long it stays (4 s unless the spec says otherwise, e.g. 5 s for Search Error);
 * or an object with it and an `action` (a toast with one stays 8 s unless told, time to reach it).
 */
type ShowToast = (
  message: string,
  severity?: ToastSeverity,
  options?: number | { durationMs?: number; action?: ToastAction },
) => void;

const ToastContext = createContext<ShowToast | null>(null);

/** The spec's toasts: one at a time, bottom of the screen, gone after a few seconds. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const show = useCallback<ShowToast>((message, severity = 'success', options) => {
    const { durationMs, action } = typeof options === 'number' ? { durationMs: options } : (options ?? {});
    setToast({ id: Date.now(), message, severity, durationMs: durationMs ?? (action ? 8000 : 4000), action });
  }, []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {/* A fresh portal per toast, appended to <body> after any open dialog or sheet: a modal hides
          the nodes that were there when it opened from assistive technology, not later ones. */}
      <Portal key={toast?.id}>
        <Snackbar
          open={toast !== null}
          autoHideDuration={toast?.durationMs ?? 4000}
          onClose={(_event, reason) => reason !== 'clickaway' && setToast(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        >
          {toast ? (
            <Alert severity={toast.severity} variant="filled" onClose={() => setToast(null)} role="status">
              {toast.message}
              {toast.action ? (
                <>
                  {' '}
                  <Link
                    component={RouterLink}
                    to={toast.action.to}
                    color="inherit"
                    underline="always"
                    onClick={() => setToast(null)}
                    sx={{ fontWeight: 600 }}
                  >
                    {toast.action.label}
                  </Link>
                </>
              ) : null}
            </Alert>
          ) : undefined}
        </Snackbar>
      </Portal>
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast outside <ToastProvider>');
  return show;
}
