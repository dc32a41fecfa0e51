import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Alert, Snackbar, type AlertColor } from '@mui/material';

export const TOAST_DURATION = 5000;

interface ToastMessage {
  id: number;
  message: string;
  severity: AlertColor;
}

export interface ToastApi {
  show: (message: string, severity?: AlertColor) => void;
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
  warning: (message: string) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

let nextId = 1;

/** Toasts one at a time, in order, each hiding after 5000 ms. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<ToastMessage[]>([]);
  const [open, setOpen] = useState(true);
  const current = queue[0];

  const show = useCallback((message: string, severity: AlertColor = 'info') => {
    setQueue((q) => [...q, { id: nextId++, message, severity }]);
    setOpen(true);
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      success: (m) => show(m, 'success'),
      error: (m) => show(m, 'error'),
      info: (m) => show(m, 'info'),
      warning: (m) => show(m, 'warning'),
    }),
    [show],
  );

  const close = (_: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  return (
    <ToastContext.Provider value={api}>
      {children}
      <Snackbar
        key={current?.id}
        open={Boolean(current) && open}
        autoHideDuration={TOAST_DURATION}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        slotProps={{
          transition: {
            onExited: () => {
              setQueue((q) => q.slice(1));
              setOpen(true);
            },
          },
        }}
      >
        {current ? (
          <Alert onClose={close} severity={current.severity} variant="filled" sx={{ width: '100%', minWidth: 280 }}>
            {current.message}
          </Alert>
        ) : undefined}
      </Snackbar>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast outside ToastProvider');
  return value;
}
