import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import AutorenewRoundedIcon from '@mui/icons-material/AutorenewRounded';
import type { ApiError } from '../../../api/client';
import { DateField } from '../../../components/DateField';
import { LabelledCheckbox } from '../../../components/LabelledCheckbox';
import { applyServerErrors } from '../../../components/serverErrors';
import { useToast } from '../../../components/Toast';
import { CODE_RULE_TEXT, effectText, generateCode, normaliseCode } from '../amounts';
import { createPromoCodeMutation, discountsChanged, updatePromoCodeMutation } from '../queries';
import {
  newPromoCodeBody,
  promoCodeChange,
  promoCodeFieldNames,
  promoCodeFormValues,
  promoCodeRenamedFields,
  promoCodeSchema,
  type PromoCodeForm,
} from '../schemas';
import type { Discount, PromoCode } from '../types';

export interface PromoCodeDialogProps {
  open: boolean;
  /** The code being edited; none: a new code. */
  code: PromoCode | null;
  discounts: readonly Discount[];
  onClose: () => void;
}

/** Creates a code (with « Générer »), or changes a code's quota, limits, validity and activation. */
export function PromoCodeDialog({ open, code, discounts, onClose }: PromoCodeDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="promo-code-dialog-title">
      {/* Keyed: each opening starts from the code (or a blank one), never from the last one typed. */}
      {open && <PromoCodeFormBody key={code?.id ?? 'new'} code={code} discounts={discounts} onClose={onClose} />}
    </Dialog>
  );
}

function PromoCodeFormBody({ code, discounts, onClose }: Omit<PromoCodeDialogProps, 'open'>) {
  const creating = !code;
  const client = useQueryClient();
  const toast = useToast();
  const byCode = discounts.filter((d) => !d.automatic);
  const firstDiscount = byCode[0]?.id ?? discounts[0]?.id ?? 0;
  const form = useForm<PromoCodeForm>({ resolver: zodResolver(promoCodeSchema(code?.used ?? 0)), defaultValues: promoCodeFormValues(code ?? undefined, firstDiscount) });
  const { register, control, handleSubmit, setError, setValue, getValues, formState } = form;
  const errors = formState.errors;
  const quota = useWatch({ control, name: 'quota' });
  const [banner, setBanner] = useState<string | null>(null);

  const done = (saved: PromoCode) => {
    discountsChanged(client);
    toast.success(creating ? `Code « ${saved.code} » créé.` : `Code « ${saved.code} » enregistré.`);
    onClose();
  };
  const failed = (error: ApiError) => setBanner(applyServerErrors<PromoCodeForm>(error, promoCodeFieldNames, setError, promoCodeRenamedFields) ? null : error.detail);
  const create = useMutation({ ...createPromoCodeMutation(), onSuccess: done, onError: failed });
  const update = useMutation({ ...updatePromoCodeMutation(), onSuccess: done, onError: failed });
  const saving = create.isPending || update.isPending;

  const generate = () => {
    const discount = discounts.find((d) => d.id === getValues('discountId'));
    setValue('code', generateCode(discount?.name), { shouldValidate: formState.isSubmitted, shouldDirty: true });
  };
  const submit = handleSubmit((values) => {
    setBanner(null);
    if (code) update.mutate({ id: code.id, body: promoCodeChange(values) });
    else create.mutate(newPromoCodeBody(values));
  });

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
      <DialogTitle id="promo-code-dialog-title">{creating ? 'Nouveau code promo' : `Modifier le code ${code.code}`}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.25} sx={{ pt: 1 }}>
          {banner && <Alert severity="error">{banner}</Alert>}
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label="Code"
              required
              fullWidth
              autoFocus={creating}
              autoComplete="off"
              error={Boolean(errors.code)}
              helperText={errors.code?.message ?? (creating ? `${CODE_RULE_TEXT} Les majuscules et les espaces ne comptent pas.` : 'Le code ne change plus une fois créé.')}
              slotProps={{
                input: { readOnly: !creating, sx: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', letterSpacing: 0.5 } },
                htmlInput: { spellCheck: false, style: { textTransform: 'uppercase' } },
              }}
              {...register('code', { setValueAs: (v: string) => (creating ? normaliseCode(v) : v) })}
            />
            {creating && (
              <Button variant="outlined" startIcon={<AutorenewRoundedIcon />} onClick={generate} sx={{ mt: 1, flexShrink: 0 }}>
                Générer
              </Button>
            )}
          </Stack>
          <Controller
            control={control}
            name="discountId"
            render={({ field }) => (
              <TextField
                select
                label="Réduction accordée"
                required
                fullWidth
                value={field.value || ''}
                inputRef={field.ref}
                onChange={(e) => field.onChange(Number(e.target.value))}
                error={Boolean(errors.discountId)}
                helperText={errors.discountId?.message ?? (creating ? 'Le code accorde cette réduction, à ses conditions.' : 'La réduction ne change plus une fois le code créé.')}
                slotProps={{ input: { readOnly: !creating }, select: { renderValue: (v) => discounts.find((d) => d.id === v)?.name ?? '' } }}
              >
                {discounts.length === 0 && (
                  <MenuItem value="" disabled>
                    Créez d'abord une réduction.
                  </MenuItem>
                )}
                {discounts.map((d) => (
                  <MenuItem key={d.id} value={d.id}>
                    <ListItemText primary={d.name} secondary={`${effectText(d)}${d.automatic ? ' · automatique' : ''}${d.active ? '' : ' · inactive'}`} />
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 500, mb: 0.75 }}>
              Utilisations
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
              <Controller
                control={control}
                name="quota"
                render={({ field }) => (
                  <ToggleButtonGroup exclusive size="small" value={field.value} onChange={(_, v: PromoCodeForm['quota'] | null) => v && field.onChange(v)} aria-label="Utilisations" sx={{ flexShrink: 0, mt: 0.25 }}>
                    <ToggleButton value="single" sx={{ textTransform: 'none' }}>
                      Usage unique
                    </ToggleButton>
                    <ToggleButton value="limited" sx={{ textTransform: 'none' }}>
                      Quota
                    </ToggleButton>
                    <ToggleButton value="unlimited" sx={{ textTransform: 'none' }}>
                      Illimité
                    </ToggleButton>
                  </ToggleButtonGroup>
                )}
              />
              {quota === 'limited' && (
                <TextField
                  label="Nombre d'utilisations"
                  size="small"
                  required
                  autoComplete="off"
                  error={Boolean(errors.maxUsesText)}
                  helperText={errors.maxUsesText?.message ?? (code?.used ? `Déjà ${code.used} utilisation${code.used > 1 ? 's' : ''}.` : 'Toutes bornes et caisses confondues.')}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  sx={{ flex: 1 }}
                  {...register('maxUsesText')}
                />
              )}
            </Stack>
          </Box>
          <TextField
            label="Utilisations par client"
            size="small"
            autoComplete="off"
            placeholder="Illimité"
            error={Boolean(errors.perCustomerText)}
            helperText={errors.perCustomerText?.message ?? 'Vide : illimité. Le client est reconnu à son téléphone, son e-mail ou sa carte.'}
            slotProps={{ htmlInput: { inputMode: 'numeric' }, input: { endAdornment: <InputAdornment position="end">par client</InputAdornment> } }}
            {...register('perCustomerText')}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Controller
              control={control}
              name="validFrom"
              render={({ field }) => (
                <DateField label="Valable du" value={field.value} onChange={field.onChange} fullWidth error={Boolean(errors.validFrom)} helperText={errors.validFrom?.message ?? 'Vide : dès maintenant.'} />
              )}
            />
            <Controller
              control={control}
              name="validUntil"
              render={({ field }) => (
                <DateField label="au" value={field.value} onChange={field.onChange} fullWidth error={Boolean(errors.validUntil)} helperText={errors.validUntil?.message ?? 'Inclus ; vide : sans fin.'} />
              )}
            />
          </Stack>
          <Controller
            control={control}
            name="active"
            render={({ field }) => (
              <LabelledCheckbox label="Actif" checked={field.value} onChange={field.onChange} description="Un code inactif est refusé par les bornes et les caisses." />
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} color="inherit" disabled={saving}>
          Annuler
        </Button>
        <Button type="submit" variant="contained" loading={saving}>
          {creating ? 'Créer le code' : 'Enregistrer'}
        </Button>
      </DialogActions>
    </Box>
  );
}
