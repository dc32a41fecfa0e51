import { useSession } from '../../app/session';

/** Settings are admin-only (DECISIONS: least privilege); the other roles of the franchise read them. */
export function useCanEdit(): boolean {
  return useSession()?.roles === 'admin';
}
