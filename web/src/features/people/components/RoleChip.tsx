import { Chip } from '@mui/material';
import { roleColors, roleLabels } from '../roles';
import type { PersonRole } from '../types';

export function RoleChip({ role }: { role: PersonRole }) {
  return <Chip size="small" variant="outlined" color={roleColors[role]} label={roleLabels[role].one} sx={{ fontWeight: 600 }} />;
}

export function StatusChip({ blocked }: { blocked: boolean }) {
  return blocked ? (
    <Chip size="small" color="error" variant="outlined" label="Bloqué" sx={{ fontWeight: 600 }} />
  ) : (
    <Chip size="small" color="success" variant="outlined" label="Actif" sx={{ fontWeight: 600 }} />
  );
}
