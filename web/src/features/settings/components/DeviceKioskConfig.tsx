import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import KeyRoundedIcon from '@mui/icons-material/KeyRounded';
import { api, toApiError, withToken } from '../../../api/client';
import { LabelledCheckbox } from '../../../components/LabelledCheckbox';
import { useToast } from '../../../components/Toast';
import type { components } from '../../../api/schema';

type KioskConfig = components['schemas']['KioskConfig'];

const FLAGS: readonly { name: keyof KioskConfig; label: string }[] = [
  { name: 'hide_name_categories', label: 'Masquer le nom des catégories' },
  { name: 'hide_name_sub_categories', label: 'Masquer le nom des sous-catégories' },
  { name: 'hide_name_products', label: 'Masquer le nom des produits' },
  { name: 'hide_name_options', label: 'Masquer le nom des options' },
];

export interface DeviceKioskConfigProps {
  saved: string;
  failed: string;
}

/**
 * The kiosk settings page opened without a session (a technician at the kiosk): the key of one of
 * the franchise's kiosks or tills is the credential, and names the franchise (DECISIONS). The key
 * stays in this page's memory only.
 */
export function DeviceKioskConfig({ saved, failed }: DeviceKioskConfigProps) {
  const toast = useToast();
  const [key, setKey] = useState('');
  const [loaded, setLoaded] = useState<{ key: string; version: number; value: KioskConfig } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const open = async () => {
    const k = key.trim();
    if (!k) return;
    setBusy(true);
    setError(null);
    const { data, error: e, response } = await api.GET('/kiosk/v1/parameters', { headers: withToken(k) });
    setBusy(false);
    if (!response.ok || !data) {
      setError(toApiError(response, e).detail);
      return;
    }
    setLoaded({ key: k, version: data.version, value: data.value });
  };

  const save = async () => {
    if (!loaded) return;
    setBusy(true);
    const { data, response } = await api.PUT('/kiosk/v1/parameters', {
      params: { header: { 'If-Match': `"${loaded.version}"` } },
      headers: withToken(loaded.key),
      body: loaded.value,
    });
    setBusy(false);
    if (!response.ok || !data) {
      toast.error(failed);
      return;
    }
    setLoaded({ ...loaded, version: data.version, value: data.value });
    toast.success(saved);
  };

  if (!loaded) {
    return (
      <Card sx={{ maxWidth: 560 }}>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Sur place, saisissez la clé d'une borne ou d'une caisse de la franchise (brg_dev_…), affichée à son émission
              dans la fiche du restaurant. Ou{' '}
              <RouterLink to="/auth/login">connectez-vous au back-office</RouterLink>.
            </Typography>
            <Stack direction="row" spacing={1} component="form" onSubmit={(e) => (e.preventDefault(), void open())}>
              <TextField
                size="small"
                type="password"
                label="Clé de l'équipement"
                value={key}
                onChange={(e) => setKey(e.target.value)}
                autoComplete="off"
                fullWidth
                error={Boolean(error)}
                helperText={error ?? ' '}
              />
              <Box>
                <Button type="submit" variant="contained" startIcon={<KeyRoundedIcon />} disabled={busy || !key.trim()}>
                  Ouvrir
                </Button>
              </Box>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card sx={{ maxWidth: 560 }}>
      <CardContent>
        <Stack spacing={1.5}>
          <Alert severity="info">Paramètres de la franchise de cet équipement.</Alert>
          {FLAGS.map((f) => (
            <LabelledCheckbox
              key={f.name}
              name={f.name}
              label={f.label}
              checked={loaded.value[f.name]}
              onChange={(on: boolean) => setLoaded({ ...loaded, value: { ...loaded.value, [f.name]: on } })}
            />
          ))}
          <Box>
            <Button variant="contained" onClick={() => void save()} disabled={busy}>
              {loaded.version === 0 ? 'Sauvegarder' : 'Appliquer'}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
