import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import type { FranchiseSummary } from '../../../api/types';
import { useToast } from '../../../components/Toast';
import { franchiseKeys, setFeaturesMutation, type FeatureSettings } from '../queries';
import { FEATURES_LABEL } from '../texts';

export { FEATURES_LABEL };
export const FEATURES_SAVED = 'Fonctionnalités enregistrées.';
export const PUBLISH_LABEL = 'Publier le catalogue des produits disponibles';
export const REFRESH_LABEL = 'Mettre ce catalogue à jour à chaque génération';
export const PRINTER_LABEL = 'Imprimante par défaut des nouveaux produits';
export const COOK_LABEL = 'Nouveaux produits à cuisiner';

/** 0 is "no printer"; the default kitchen printers are 2..9, 'Prepa 1'..'Prepa 8'. */
export const PRINTER_CHOICES: readonly { id: number; name: string }[] = [
  { id: 0, name: 'Aucune' },
  ...Array.from({ length: 8 }, (_, i) => ({ id: i + 2, name: `Prepa ${i + 1}` })),
];

type Values = Required<FeatureSettings>;

const allOff: Values = {
  publishAvailableProducts: false,
  refreshAvailableProductsOnGeneration: false,
  newProductDefaultPrinter: 0,
  newProductCook: false,
};

function complete(settings: FeatureSettings | undefined): Values {
  return settings ? { ...allOff, ...settings } : allOff;
}

export interface FeaturesDialogProps {
  franchise: FranchiseSummary;
  onClose: () => void;
}

/** Switches one franchise's named feature settings (super-admin). Mount it only while open. */
export function FeaturesDialog({ franchise, onClose }: FeaturesDialogProps) {
  const id = useId();
  const client = useQueryClient();
  const toast = useToast();
  // The list answers each franchise's current settings; a save refetches it.
  const [values, setValues] = useState<Values>(() => complete(franchise.settings));
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const save = useMutation({
    ...setFeaturesMutation(),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: franchiseKeys.list() });
      toast.success(FEATURES_SAVED);
      onClose();
    },
  });

  const printerError = save.error?.errors.find((e) => e.location === 'body.newProductDefaultPrinter')?.message;
  // A printer outside the default list (a renamed or added one) stays choosable rather than lost.
  const choices = PRINTER_CHOICES.some((p) => p.id === values.newProductDefaultPrinter)
    ? PRINTER_CHOICES
    : [...PRINTER_CHOICES, { id: values.newProductDefaultPrinter, name: `Imprimante n° ${values.newProductDefaultPrinter}` }];
  const publishing = values.publishAvailableProducts;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      franchiseId: franchise.id,
      // The catalogue can only be refreshed when it is published.
      settings: { ...values, refreshAvailableProductsOnGeneration: publishing && values.refreshAvailableProductsOnGeneration },
    });
  };

  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`} sx={{ pb: 0.5 }}>
        {FEATURES_LABEL} de « {franchise.name} »
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2.5 }}>
          Les réglages que le cahier des charges réservait à certaines franchises, ouverts ici à toutes.
        </Typography>
        <Box component="form" id={`${id}-form`} noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          {save.isError && !printerError && <Alert severity="error">{save.error.detail}</Alert>}
          <SettingSwitch
            label={PUBLISH_LABEL}
            hint="Pour les autres applications de la franchise (ancien cas des franchises 17, 113, 270)."
            checked={publishing}
            disabled={save.isPending}
            onChange={(on) => set('publishAvailableProducts', on)}
          />
          <SettingSwitch
            label={REFRESH_LABEL}
            hint={publishing ? 'Le catalogue publié suit chaque génération des cartes.' : 'Activez d’abord la publication du catalogue.'}
            checked={publishing && values.refreshAvailableProductsOnGeneration}
            disabled={!publishing || save.isPending}
            onChange={(on) => set('refreshAvailableProductsOnGeneration', on)}
            inset
          />
          <TextField
            select
            fullWidth
            label={PRINTER_LABEL}
            value={values.newProductDefaultPrinter}
            disabled={save.isPending}
            onChange={(e) => set('newProductDefaultPrinter', Number(e.target.value))}
            error={Boolean(printerError)}
            helperText={printerError ?? 'Attribuée aux produits créés ensuite.'}
          >
            {choices.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
          <SettingSwitch
            label={COOK_LABEL}
            hint="Ancien cas de la franchise 9."
            checked={values.newProductCook}
            disabled={save.isPending}
            onChange={(on) => set('newProductCook', on)}
          />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={onClose} disabled={save.isPending}>
          Annuler
        </Button>
        <Button type="submit" form={`${id}-form`} variant="contained" loading={save.isPending}>
          Enregistrer
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface SettingSwitchProps {
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
  /** Indented under the switch it depends on. */
  inset?: boolean;
}

function SettingSwitch({ label, hint, checked, disabled, onChange, inset = false }: SettingSwitchProps) {
  const id = useId();
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', pl: inset ? 3 : 0 }}>
      <Box>
        <Typography
          component="label"
          htmlFor={id}
          variant="body2"
          sx={{ display: 'block', fontWeight: 600, color: disabled ? 'text.disabled' : 'text.primary' }}
        >
          {label}
        </Typography>
        <Typography id={`${id}-hint`} variant="caption" sx={{ color: 'text.secondary' }}>
          {hint}
        </Typography>
      </Box>
      <Switch
        id={id}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        slotProps={{ input: { 'aria-describedby': `${id}-hint` } }}
      />
    </Stack>
  );
}
