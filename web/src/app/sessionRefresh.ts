import { useEffect } from 'react';
import { api, unwrap } from '../api/client';
import { sessionStore, useSession } from './session';

/** How long before expiry the token is renewed. */
const MARGIN_MS = 5 * 60_000;

/** Renews the access token shortly before it expires, so an open back-office never drops its user. */
export function useSessionRefresh(): void {
  const session = useSession();
  const token = session?.accessToken;
  const expiresAt = session?.expiresAt;

  useEffect(() => {
    if (!token || !expiresAt) return undefined;
    const due = Date.parse(expiresAt) - Date.now() - MARGIN_MS;
    if (!Number.isFinite(due)) return undefined;
    const timer = setTimeout(
      () => {
        unwrap(api.POST('/api/v1/auth/refresh'))
          .then((next) => {
            // Only if nobody signed in or out meanwhile.
            if (sessionStore.get()?.accessToken === token) sessionStore.set(next);
          })
          .catch((error: unknown) => console.warn('Renouvellement de session impossible', error));
      },
      Math.max(0, Math.min(due, 2 ** 31 - 1)),
    );
    return () => clearTimeout(timer);
  }, [token, expiresAt]);
}
