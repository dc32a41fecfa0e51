import type { ReactNode } from 'react';
import { Card } from '@mui/material';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { EmptyState } from '../../../components/EmptyState';
import { useIsAdmin } from '../useIsAdmin';
import { ADMIN_ONLY } from '../texts';

/** Renders its children for the franchise admin; anyone else reads why the screen is closed. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const admin = useIsAdmin();
  if (admin) return <>{children}</>;
  return (
    <Card>
      <EmptyState icon={<LockOutlinedIcon />} title="Accès réservé" message={ADMIN_ONLY} />
    </Card>
  );
}
