import { ApiError } from '../api/client';
import type { ToastApi } from './Toast';

/**
 * True when a save was refused because someone saved a newer version since this one was read
 * (409 on a stale If-Match). The server's detail, in French, then says to reload.
 */
export function isConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409;
}

/**
 * Says in a toast why a save failed: on a conflict, the server's message (which asks to reload),
 * also handed to `onConflict` to raise the page's 'Recharger' banner; otherwise `fallback`.
 * Returns true on a conflict, when the caller has nothing more to show (no field is at fault).
 */
export function toastSaveError(
  toast: Pick<ToastApi, 'error'>,
  error: unknown,
  fallback: string,
  onConflict?: (detail: string) => void,
): boolean {
  if (isConflict(error)) {
    onConflict?.(error.detail);
    toast.error(error.detail);
    return true;
  }
  toast.error(fallback);
  return false;
}
