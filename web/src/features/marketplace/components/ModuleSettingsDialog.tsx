import { useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  InputAdornment,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import PointOfSaleRoundedIcon from '@mui/icons-material/PointOfSaleRounded';
import CancelRoundedIcon from '@mui/icons-material/CancelRounded';
import { ApiError } from '../../../api/client';
import { useToast } from '../../../components/Toast';
import { configureMutation, marketplaceChanged, unassignMutation } from '../queries';
import { LOCATION_ID_REQUIRED, STORE_ID_REQUIRED } from '../texts';
import type { MarketplaceModule, MarketplaceRestaurant, ModuleSettings } from '../types';
import { ModuleImage } from './ModuleImage';

type TextKey = 'store_id' | 'location_id' | 'uber_rate';
type FlagKey = 'uber_developer' | 'ring_new_command' | 'product_search_by_name' | 'mode_deliveroo_developer' | 'auto_accept_commands';
type FieldKey = TextKey | 'selected_pos';

interface FormState {
  store_id: string;
  location_id: string;
  uber_rate: string;
  flags: Record<FlagKey, boolean>;
  assign: number[];
}

const flagLabels: Record<FlagKey, string> = {
  uber_developer: 'Mode développeur Uber',
  ring_new_command: 'Sonnerie à chaque nouvelle commande',
  product_search_by_name: 'Rechercher les produits par leur nom',
  mode_deliveroo_developer: 'Mode développeur Deliveroo',
  auto_accept_commands: 'Accepter automatiquement les commandes',
};

/** The fields each module's form shows (spec 2nd §2.7). */
const forms: Record<MarketplaceModule['kind'], { text: TextKey[]; flags: FlagKey[] }> = {
  uber_eats: { text: ['store_id', 'uber_rate'], flags: ['uber_developer', 'ring_new_command', 'product_search_by_name'] },
  deliveroo: { text: ['location_id'], flags: ['mode_deliveroo_developer', 'auto_accept_commands'] },
  connector: { text: ['location_id'], flags: [] },
  connector_light: { text: ['location_id'], flags: [] },
  click_and_collect: { text: [], flags: ['auto_accept_commands', 'ring_new_command'] },
};

function initialState(m: MarketplaceModule): FormState {
  const s = m.settings;
  return {
    store_id: s.store_id ?? '',
    location_id: s.location_id ?? '',
    uber_rate: s.uber_rate === undefined || s.uber_rate === null ? '' : String(s.uber_rate).replace('.', ','),
    flags: {
      uber_developer: Boolean(s.uber_developer),
      ring_new_command: Boolean(s.ring_new_command),
      product_search_by_name: Boolean(s.product_search_by_name),
      mode_deliveroo_developer: Boolean(s.mode_deliveroo_developer),
      auto_accept_commands: Boolean(s.auto_accept_commands),
    },
    assign: [],
  };
}

/** Checks what the server checks, so the messages sit on their fields before any call. */
function validate(m: MarketplaceModule, f: FormState): Partial<Record<FieldKey, string>> {
  const errors: Partial<Record<FieldKey, string>> = {};
  const fields = forms[m.kind].text;
  if (fields.includes('store_id') && !f.store_id.trim()) errors.store_id = STORE_ID_REQUIRED;
  if (fields.includes('location_id') && !f.location_id.trim()) errors.location_id = LOCATION_ID_REQUIRED;
  if (fields.includes('uber_rate') && f.uber_rate.trim()) {
    const n = Number(f.uber_rate.trim().replace(',', '.'));
    if (!Number.isFinite(n) || n < 0) errors.uber_rate = 'Le taux Uber doit être un nombre positif.';
  }
  return errors;
}

function toSettings(m: MarketplaceModule, f: FormState): ModuleSettings {
  const form = forms[m.kind];
  // Click & collect keeps the slots, preparation and fees set on its own screen
  // (configclickandcollect): this dialog only switches its flags.
  const out: ModuleSettings = m.kind === 'click_and_collect' ? { ...m.settings } : {};
  if (form.text.includes('store_id')) out.store_id = f.store_id.trim();
  if (form.text.includes('location_id')) out.location_id = f.location_id.trim();
  if (form.text.includes('uber_rate') && f.uber_rate.trim()) out.uber_rate = Number(f.uber_rate.trim().replace(',', '.'));
  for (const k of form.flags) out[k] = f.flags[k];
  return out;
}

/** Server field paths ('body.settings.store_id', 'body.selected_pos[0]') → the form's fields. */
function fieldOf(location: string | undefined): FieldKey | undefined {
  const path = location?.replace(/^body\./, '').replace(/^settings\./, '') ?? '';
  if (path.startsWith('selected_pos')) return 'selected_pos';
  if (path === 'store_id' || path === 'location_id' || path === 'uber_rate') return path;
  return undefined;
}

const textLabels: Record<TextKey, string> = { store_id: 'Store ID', location_id: 'Location ID', uber_rate: 'Uber rate' };

export interface ModuleSettingsDialogProps {
  module: MarketplaceModule;
  restaurant: MarketplaceRestaurant;
  onClose: () => void;
}

/** The settings of one module; for a delivery platform, also the tills it runs on. */
export function ModuleSettingsDialog({ module, restaurant, onClose }: ModuleSettingsDialogProps) {
  const client = useQueryClient();
  const toast = useToast();
  const [form, setForm] = useState(() => initialState(module));
  const [errors, setErrors] = useState<Partial<Record<FieldKey, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [assigned, setAssigned] = useState(module.selected_pos ?? []);
  const [version, setVersion] = useState(module.version);
  const fields = forms[module.kind];
  const ref = { restaurantId: restaurant.id, kind: module.kind };

  const save = useMutation({
    ...configureMutation(),
    onSuccess: (saved) => {
      toast.success(
        module.platform ? `Le module ${saved.module_name} est activé et enregistré.` : `Le module ${saved.module_name} est enregistré.`,
      );
      void marketplaceChanged(client);
      onClose();
    },
    onError: (error) => {
      const placed: Partial<Record<FieldKey, string>> = {};
      for (const e of error instanceof ApiError ? error.errors : []) {
        const key = fieldOf(e.location);
        if (key && e.message && !placed[key]) placed[key] = e.message;
      }
      setErrors(placed);
      setFailure(Object.keys(placed).length > 0 ? null : error.detail);
      toast.error(error.detail);
    },
  });

  const unassign = useMutation({
    ...unassignMutation(),
    onSuccess: (saved) => {
      setAssigned(saved.selected_pos ?? []);
      setVersion(saved.version);
      toast.success(`Le module ${saved.module_name} est retiré de la caisse.`);
      void marketplaceChanged(client);
    },
    onError: (error) => toast.error(error.detail),
  });

  const available = (restaurant.tills ?? []).filter((t) => !assigned.some((a) => a.id === t.id));

  const submit = () => {
    const found = validate(module, form);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    save.mutate({ ...ref, settings: toSettings(module, form), selected_pos: form.assign, version });
  };

  const setText = (key: TextKey, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="module-settings-title">
      <DialogTitle id="module-settings-title" component="div">
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <ModuleImage image={module.image} name={module.module_name} size={40} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2">
              Paramètres {module.module_name}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
              {restaurant.nom} · SIRET {restaurant.siret}
            </Typography>
          </Box>
        </Stack>
      </DialogTitle>
      <DialogContent dividers>
        <Stack
          component="form"
          id="module-settings-form"
          noValidate
          spacing={2.5}
          sx={{ pt: 1 }}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {failure && <Alert severity="error">{failure}</Alert>}
          {module.platform && !module.status && (
            <Alert severity="info" variant="outlined">
              L'enregistrement active le module sur les caisses choisies.
            </Alert>
          )}
          {fields.text.map((key) => (
            <TextField
              key={key}
              label={textLabels[key]}
              name={key}
              required={key !== 'uber_rate'}
              value={form[key]}
              onChange={(e) => setText(key, e.target.value)}
              error={Boolean(errors[key])}
              helperText={errors[key] ?? (key === 'uber_rate' ? 'Majoration des prix sur Uber Eats, en pourcentage.' : undefined)}
              slotProps={{
                input: key === 'uber_rate' ? { endAdornment: <InputAdornment position="end">%</InputAdornment> } : undefined,
                htmlInput: key === 'uber_rate' ? { inputMode: 'decimal' } : { maxLength: 200 },
              }}
              fullWidth
            />
          ))}
          {fields.flags.length > 0 && (
            <FormGroup>
              {fields.flags.map((key) => (
                <FormControlLabel
                  key={key}
                  control={
                    <Switch
                      checked={form.flags[key]}
                      onChange={(_, checked) => setForm((f) => ({ ...f, flags: { ...f.flags, [key]: checked } }))}
                    />
                  }
                  label={flagLabels[key]}
                />
              ))}
            </FormGroup>
          )}
          {module.platform && (
            <Section title="Caisses">
              {assigned.length > 0 ? (
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} aria-label="Caisses assignées">
                  {assigned.map((t) => (
                    <Chip
                      key={t.id}
                      icon={<PointOfSaleRoundedIcon />}
                      label={t.name}
                      color="success"
                      variant="outlined"
                      disabled={unassign.isPending}
                      onDelete={() => unassign.mutate({ ...ref, equipmentId: t.id })}
                      deleteIcon={<CancelRoundedIcon aria-label={`Retirer ${t.name}`} />}
                    />
                  ))}
                </Stack>
              ) : (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  Ce module n'est encore assigné à aucune caisse.
                </Typography>
              )}
              <Typography variant="subtitle2" sx={{ mt: 2 }}>
                Ajouter des caisses
              </Typography>
              {available.length > 0 ? (
                <FormGroup aria-label="Caisses disponibles">
                  {available.map((t) => (
                    <FormControlLabel
                      key={t.id}
                      control={
                        <Checkbox
                          checked={form.assign.includes(t.id)}
                          onChange={(_, checked) => {
                            setForm((f) => ({ ...f, assign: checked ? [...f.assign, t.id] : f.assign.filter((id) => id !== t.id) }));
                            setErrors((e) => ({ ...e, selected_pos: undefined }));
                          }}
                        />
                      }
                      label={t.name}
                    />
                  ))}
                </FormGroup>
              ) : (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {(restaurant.tills ?? []).length === 0
                    ? "Ce restaurant n'a pas de caisse."
                    : 'Toutes les caisses du restaurant reçoivent déjà ce module.'}
                </Typography>
              )}
              {errors.selected_pos && <FormHelperText error>{errors.selected_pos}</FormHelperText>}
            </Section>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={save.isPending}>
          Annuler
        </Button>
        <Button type="submit" form="module-settings-form" variant="contained" loading={save.isPending}>
          {module.platform ? 'Enregistrer et activer' : 'Enregistrer'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
