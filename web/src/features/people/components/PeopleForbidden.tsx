import { Card } from '@mui/material';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { EmptyState } from '../../../components/EmptyState';

export const ADMIN_ONLY_TEXT = "Seul l'administrateur de la franchise gère les comptes.";

/** What a non-admin sees instead of the accounts (the server answers them 403). */
export function PeopleForbidden() {
  return (
    <Card>
      <EmptyState icon={<LockOutlinedIcon />} title="Accès réservé" message={ADMIN_ONLY_TEXT} />
    </Card>
  );
}
