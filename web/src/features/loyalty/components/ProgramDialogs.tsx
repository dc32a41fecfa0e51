import { useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldPath, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import type { ApiError } from '../../../api/client';
import { applyServerErrors } from '../../../components/serverErrors';
import { useToast } from '../../../components/Toast';
import { REWARD_KINDS, RULE_KINDS } from '../format';
import { loyaltyChanged, saveRewardMutation, saveRuleMutation, saveTierMutation } from '../queries';
import {
  rewardBody,
  rewardFieldNames,
  rewardFormValues,
  rewardSchema,
  ruleBody,
  ruleFieldNames,
  ruleFormValues,
  ruleSchema,
  tierBody,
  tierFieldNames,
  tierFormValues,
  tierSchema,
  type RewardForm,
  type RuleForm,
  type TierForm,
} from '../schemas';
import type { EarnRule, Reward, Tier } from '../types';

interface Editing<T> {
  open: boolean;
  /** The element edited; null: a new one. */
  value: T | null;
  onClose: () => void;
}

/** The frame of the three dialogs: title, banner for errors without a field, Annuler / Enregistrer. */
function FormDialog({ open, title, id, onClose, onSubmit, saving, banner, children }: { open: boolean; title: string; id: string; onClose: () => void; onSubmit: () => void; saving: boolean; banner: string | null; children: ReactNode }) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={id}>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <DialogTitle id={id}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {banner && <Alert severity="error">{banner}</Alert>}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            Annuler
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? 'Enregistrement…' : 'Enregistrer'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** One save flow for the three forms: the server's field errors on their fields, the rest (a 409) in the banner. */
function useSave<F extends FieldValues, T extends { name: string }>(
  form: UseFormReturn<F>,
  fields: readonly FieldPath<F>[],
  renamed: Record<string, FieldPath<F>>,
  message: (name: string, creating: boolean) => string,
  onClose: () => void,
) {
  const client = useQueryClient();
  const toast = useToast();
  const [banner, setBanner] = useState<string | null>(null);
  const done = (saved: T, creating: boolean) => {
    loyaltyChanged(client);
    toast.success(message(`«\u00a0${saved.name}\u00a0»`, creating));
    onClose();
  };
  const failed = (error: ApiError) => setBanner(applyServerErrors<F>(error, fields, form.setError, renamed) ? null : error.detail || "L'enregistrement a échoué.");
  return { banner, setBanner, done, failed };
}

function ActiveSwitch<F extends FieldValues>({ form, name }: { form: UseFormReturn<F>; name: FieldPath<F> }) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => <FormControlLabel control={<Switch checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />} label="Active" />}
    />
  );
}

export function RuleDialog({ open, value, onClose }: Editing<EarnRule>) {
  return open ? <RuleFormBody key={value?.id ?? 'new'} value={value} onClose={onClose} /> : null;
}

function RuleFormBody({ value, onClose }: Omit<Editing<EarnRule>, 'open'>) {
  const form = useForm<RuleForm>({ resolver: zodResolver(ruleSchema) as Resolver<RuleForm>, defaultValues: ruleFormValues(value) });
  const { register, control, handleSubmit, formState } = form;
  const errors = formState.errors;
  const kind = useWatch({ control, name: 'kind' });
  const { banner, setBanner, done, failed } = useSave<RuleForm, EarnRule>(form, ruleFieldNames, { perCents: 'perEuros' }, (n, c) => `Règle ${n} ${c ? 'créée' : 'enregistrée'}.`, onClose);
  const save = useMutation({ ...saveRuleMutation(), onSuccess: (r) => done(r, !value), onError: failed });
  const submit = handleSubmit((v) => {
    setBanner(null);
    save.mutate({ id: value?.id, version: value?.version, body: ruleBody(v) });
  });
  return (
    <FormDialog open title={value ? `Modifier la règle ${value.name}` : 'Nouvelle règle'} id="rule-dialog-title" onClose={onClose} onSubmit={() => void submit()} saving={save.isPending} banner={banner}>
      <TextField label="Nom" required autoFocus={!value} autoComplete="off" error={Boolean(errors.name)} helperText={errors.name?.message} {...register('name')} />
      <Controller
        control={control}
        name="kind"
        render={({ field }) => (
          <TextField select label="Type" value={field.value} onChange={(e) => field.onChange(e.target.value)} error={Boolean(errors.kind)} helperText={errors.kind?.message}>
            {Object.entries(RULE_KINDS).map(([k, label]) => (
              <MenuItem key={k} value={k}>
                {label}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField
        label="Points"
        required
        inputMode="numeric"
        error={Boolean(errors.points)}
        helperText={errors.points?.message ?? (kind === 'visit' ? 'Gagnés à chaque commande payée.' : kind === 'amount' ? 'Gagnés par tranche dépensée.' : 'Gagnés par unité achetée.')}
        {...register('points')}
      />
      {kind === 'amount' && (
        <Stack direction="row" spacing={2}>
          <TextField label="Montant par tranche" required fullWidth inputMode="decimal" error={Boolean(errors.perEuros)} helperText={errors.perEuros?.message ?? 'Par exemple 10 : les points tous les 10 € dépensés (arrondi en dessous).'} {...register('perEuros')} />
          <TextField label="Devise" required sx={{ width: 120 }} error={Boolean(errors.currency)} helperText={errors.currency?.message} {...register('currency')} />
        </Stack>
      )}
      {kind === 'product' && (
        <TextField label="Produit (idGlobal)" required autoComplete="off" error={Boolean(errors.productId)} helperText={errors.productId?.message ?? "L'identifiant du produit dans la carte."} {...register('productId')} />
      )}
      <ActiveSwitch form={form} name="active" />
    </FormDialog>
  );
}

export function TierDialog({ open, value, onClose }: Editing<Tier>) {
  return open ? <TierFormBody key={value?.id ?? 'new'} value={value} onClose={onClose} /> : null;
}

function TierFormBody({ value, onClose }: Omit<Editing<Tier>, 'open'>) {
  const form = useForm<TierForm>({ resolver: zodResolver(tierSchema) as Resolver<TierForm>, defaultValues: tierFormValues(value) });
  const { register, handleSubmit, formState } = form;
  const errors = formState.errors;
  const { banner, setBanner, done, failed } = useSave<TierForm, Tier>(form, tierFieldNames, {}, (n, c) => `Niveau ${n} ${c ? 'créé' : 'enregistré'}.`, onClose);
  const save = useMutation({ ...saveTierMutation(), onSuccess: (t) => done(t, !value), onError: failed });
  const submit = handleSubmit((v) => {
    setBanner(null);
    save.mutate({ id: value?.id, version: value?.version, body: tierBody(v) });
  });
  return (
    <FormDialog open title={value ? `Modifier le niveau ${value.name}` : 'Nouveau niveau'} id="tier-dialog-title" onClose={onClose} onSubmit={() => void submit()} saving={save.isPending} banner={banner}>
      <TextField label="Nom" required autoFocus={!value} autoComplete="off" error={Boolean(errors.name)} helperText={errors.name?.message} {...register('name')} />
      <TextField label="Points cumulés" required inputMode="numeric" error={Boolean(errors.minPoints)} helperText={errors.minPoints?.message ?? 'Le client atteint ce niveau à partir de ce total de points gagnés.'} {...register('minPoints')} />
      <TextField label="Avantages" multiline minRows={2} error={Boolean(errors.perks)} helperText={errors.perks?.message} {...register('perks')} />
    </FormDialog>
  );
}

export function RewardDialog({ open, value, onClose }: Editing<Reward>) {
  return open ? <RewardFormBody key={value?.id ?? 'new'} value={value} onClose={onClose} /> : null;
}

function RewardFormBody({ value, onClose }: Omit<Editing<Reward>, 'open'>) {
  const form = useForm<RewardForm>({ resolver: zodResolver(rewardSchema) as Resolver<RewardForm>, defaultValues: rewardFormValues(value) });
  const { register, control, handleSubmit, formState } = form;
  const errors = formState.errors;
  const kind = useWatch({ control, name: 'kind' });
  const { banner, setBanner, done, failed } = useSave<RewardForm, Reward>(form, rewardFieldNames, { 'value.cents': 'value', 'value.currency': 'currency' }, (n, c) => `Récompense ${n} ${c ? 'créée' : 'enregistrée'}.`, onClose);
  const save = useMutation({ ...saveRewardMutation(), onSuccess: (w) => done(w, !value), onError: failed });
  const submit = handleSubmit((v) => {
    setBanner(null);
    save.mutate({ id: value?.id, version: value?.version, body: rewardBody(v) });
  });
  return (
    <FormDialog open title={value ? `Modifier la récompense ${value.name}` : 'Nouvelle récompense'} id="reward-dialog-title" onClose={onClose} onSubmit={() => void submit()} saving={save.isPending} banner={banner}>
      <TextField label="Nom" required autoFocus={!value} autoComplete="off" error={Boolean(errors.name)} helperText={errors.name?.message ?? 'Le libellé de la remise sera « Fidélité : <nom> » dans Mes Réductions.'} {...register('name')} />
      <Controller
        control={control}
        name="kind"
        render={({ field }) => (
          <TextField select label="Type" value={field.value} onChange={(e) => field.onChange(e.target.value)}>
            {Object.entries(REWARD_KINDS).map(([k, label]) => (
              <MenuItem key={k} value={k}>
                {label}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField label="Coût en points" required inputMode="numeric" error={Boolean(errors.costPoints)} helperText={errors.costPoints?.message} {...register('costPoints')} />
      {kind === 'product' ? (
        <TextField label="Produit offert (idGlobal)" required autoComplete="off" error={Boolean(errors.productId)} helperText={errors.productId?.message} {...register('productId')} />
      ) : (
        <TextField label="Réduction de la franchise (n°)" inputMode="numeric" error={Boolean(errors.discountId)} helperText={errors.discountId?.message ?? 'Facultatif : la réduction appliquée par la borne.'} {...register('discountId')} />
      )}
      <Stack direction="row" spacing={2}>
        <TextField label="Valeur" fullWidth inputMode="decimal" error={Boolean(errors.value)} helperText={errors.value?.message ?? 'Ce que la récompense coûte (montant de la remise), par exemple 2,50.'} {...register('value')} />
        <TextField label="Devise" sx={{ width: 120 }} error={Boolean(errors.currency)} helperText={errors.currency?.message} {...register('currency')} />
      </Stack>
      <ActiveSwitch form={form} name="active" />
    </FormDialog>
  );
}
