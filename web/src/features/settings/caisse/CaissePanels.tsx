import type { ReactNode } from 'react';
import { Alert, Box, Button, Chip, Divider, MenuItem, Stack, TextField, Typography } from '@mui/material';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import type { Campaign } from '../../menus/types';
import { CARTES_READ_ONLY, STALE_HINT, UNSAVED } from './texts';

/** The carte selector of the carte tabs: principal carte marked, deactivated ones said so. */
export function CarteSelect({ cartes, value, onChange }: { cartes: readonly Campaign[]; value: number; onChange: (id: number) => void }) {
  return (
    <TextField
      select
      size="small"
      label="Carte"
      value={String(value)}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ minWidth: 240 }}
    >
      {cartes.map((c) => (
        <MenuItem key={c.id} value={String(c.id)}>
          {c.nom}
          {c.isPrincipal ? ' (principale)' : c.removed ? ' (désactivée)' : ''}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The selectors row on top of a carte tab, with the loaded version on the right. */
export function Toolbar({ children, version }: { children: ReactNode; version?: number }) {
  return (
    <>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ px: 3, py: 2.5, alignItems: { md: 'center' } }}>
        {children}
        <Box sx={{ flex: 1 }} />
        {version !== undefined && <Chip variant="outlined" size="small" label={`Version ${version}`} sx={{ alignSelf: { xs: 'flex-start', md: 'center' } }} />}
      </Stack>
      <Divider />
    </>
  );
}

/** The banners above a carte form: read-only, newer version (409) with 'Recharger', other failure. */
export function Banners({
  readOnly,
  stale,
  reloading,
  onReload,
  failure,
}: {
  readOnly: boolean;
  stale: string | null;
  reloading: boolean;
  onReload: () => void;
  failure: string | null;
}) {
  if (!readOnly && !stale && !failure) return null;
  return (
    <Stack spacing={1.5} sx={{ px: 3, pt: 2.5 }}>
      {readOnly && (
        <Alert severity="info" icon={<LockOutlinedIcon fontSize="inherit" />}>
          {CARTES_READ_ONLY}
        </Alert>
      )}
      {stale && !readOnly && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" startIcon={<RefreshRoundedIcon />} loading={reloading} onClick={onReload}>
              Recharger
            </Button>
          }
        >
          {stale} {STALE_HINT}
        </Alert>
      )}
      {failure && !readOnly && <Alert severity="error">{failure}</Alert>}
    </Stack>
  );
}

/** Sticky at the bottom of a carte form: unsaved state, 'Annuler les modifications', 'Sauvegarder'. */
export function SaveBar({ dirty, saving, onCancel }: { dirty: boolean; saving: boolean; onCancel: () => void }) {
  return (
    <Box sx={{ position: 'sticky', bottom: 0, zIndex: 2, bgcolor: 'background.paper', borderBottomLeftRadius: 'inherit', borderBottomRightRadius: 'inherit' }}>
      <Divider />
      <Stack direction="row" spacing={1.5} sx={{ px: 3, py: 1.75, alignItems: 'center', justifyContent: 'flex-end' }}>
        <Typography variant="body2" role="status" sx={{ color: 'text.secondary', mr: 'auto' }}>
          {dirty ? UNSAVED : ''}
        </Typography>
        <Button color="inherit" disabled={!dirty || saving} onClick={onCancel}>
          Annuler les modifications
        </Button>
        <Button type="submit" variant="contained" disabled={!dirty} loading={saving}>
          Sauvegarder
        </Button>
      </Stack>
    </Box>
  );
}

/** A titled part of a carte form. */
export function FormSection({ title, hint, children }: { title: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ px: 3, py: 2.5 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {hint && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {hint}
        </Typography>
      )}
      <Box sx={{ mt: 2 }}>{children}</Box>
    </Box>
  );
}

