import { Alert, Portal, Snackbar } from '@mui/material';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

export type ToastSeverity = 'success' | 'error' | 'info' | 'warning';
type Toast = { id: number; message: string; severity: ToastSeverity; durationMs: number };
/** `durationMs`: how long it stays (4 s unless the spec says otherwise, e.g. 5 s for Search Error). */
type ShowToast = (message: string, severity?: ToastSeverity, durationMs?: number) => void;

const ToastContext = createContext<ShowToast | null>(null);

/** The spec's toasts: one at a time, bottom of the screen, gone after a few seconds. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const show = useCallback<ShowToast>((message, severity = 'success', durationMs = 4000) => {
    setToast({ id: Date.now(), message, severity, durationMs });
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
