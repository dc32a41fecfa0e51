import { useSession } from '../../app/session';

/** Links, prices and generation are admin-only (DECISIONS: least privilege); the API says the same. */
export function useIsAdmin(): boolean {
  return useSession()?.roles === 'admin';
}
