import { useSession } from '../../app/session';

/** Only the franchise admin changes cartes (DECISIONS: least privilege); others read them. */
export function useCanEdit(): boolean {
  return useSession()?.roles === 'admin';
}
