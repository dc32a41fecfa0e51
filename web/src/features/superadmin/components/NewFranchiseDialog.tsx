import { useId, useMemo, useState, type ReactNode } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  InputAdornment,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import PersonOutlineRoundedIcon from '@mui/icons-material/PersonOutlineRounded';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import AutorenewRoundedIcon from '@mui/icons-material/AutorenewRounded';
import { applyServerErrors } from '../../../components/serverErrors';
import { useToast } from '../../../components/Toast';
import { countries, countryCodes, isCountryCode } from '../../establishments/countries';
import { timeZoneOptions } from '../../establishments/components/RestaurantForm';
import { createFranchiseMutation, franchiseKeys } from '../queries';
import { NEW_FRANCHISE_LABEL } from '../texts';
import {
  MIN_PASSWORD,
  followCountry,
  generatePassword,
  newFranchiseBody,
  newFranchiseFieldNames,
  newFranchiseSchema,
  newFranchiseValues,
  type NewFranchiseForm,
} from '../schemas';

export { NEW_FRANCHISE_LABEL };
export const OPEN_FRANCHISE_LABEL = 'Ouvrir la franchise';

/** The toast once the franchise is open: it names the login the owner signs in with. */
export function franchiseOpened(name: string, login: string): string {
  return `La franchise «\u00a0${name}\u00a0» est ouverte. Son propriétaire se connecte avec l’identifiant «\u00a0${login}\u00a0».`;
}

const mono = { spellCheck: false, style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', letterSpacing: '0.02em' } };

/**
 * « Nouvelle franchise »: the franchise, its owner (an administrator login) and its first
 * restaurant, opened in one call. Mount it only while open: it starts empty each time. A refusal
 * keeps everything typed and puts each server message under its field.
 */
export function NewFranchiseDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const client = useQueryClient();
  const toast = useToast();
  const zones = useMemo(() => timeZoneOptions(), []);
  const [banner, setBanner] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    trigger,
    watch,
    formState: { errors },
  } = useForm<NewFranchiseForm>({ resolver: zodResolver(newFranchiseSchema), defaultValues: newFranchiseValues() });

  const create = useMutation({
    ...createFranchiseMutation(),
    onSuccess: (opened) => {
      void client.invalidateQueries({ queryKey: franchiseKeys.list() });
      toast.success(franchiseOpened(opened.franchise.name, opened.adminLogin));
      onClose();
    },
    onError: (error) => {
      setBanner(applyServerErrors<NewFranchiseForm>(error, newFranchiseFieldNames, setError) ? null : error.detail);
    },
  });

  const close = () => {
    if (!create.isPending) onClose();
  };

  const franchiseCountry = watch('countryCode');
  const restaurantCountry = watch('restaurant.countryCode');
  const restaurantInfo = countries[isCountryCode(restaurantCountry) ? restaurantCountry : 'FR'];
  const zone = watch('restaurant.timeZone');

  /** The franchise's country carries its currency, and the restaurant's country while it was the same. */
  const changeFranchiseCountry = (next: string) => {
    if (!isCountryCode(next)) return;
    const previous = getValues('countryCode');
    const followed = followCountry(previous, next, { currency: getValues('currency'), timeZone: '' });
    setValue('currency', followed.currency);
    if (errors.currency) void trigger('currency');
    if (getValues('restaurant.countryCode') === previous) changeRestaurantCountry(next);
    setValue('countryCode', next, { shouldDirty: true });
  };

  const changeRestaurantCountry = (next: string) => {
    if (!isCountryCode(next)) return;
    const previous = getValues('restaurant.countryCode');
    const followed = followCountry(previous, next, { currency: '', timeZone: getValues('restaurant.timeZone') });
    setValue('restaurant.timeZone', followed.timeZone, { shouldDirty: true });
    setValue('restaurant.countryCode', next, { shouldDirty: true });
    // The registration rule changes with the country: a message already shown is checked again.
    if (errors.restaurant?.siret) void trigger('restaurant.siret');
  };

  const fieldError = (name: FieldPath<NewFranchiseForm>): string | undefined => {
    const parts = name.split('.');
    let node: unknown = errors;
    for (const p of parts) node = (node as Record<string, unknown> | undefined)?.[p];
    return (node as { message?: string } | undefined)?.message;
  };

  const text = (
    name: FieldPath<NewFranchiseForm>,
    label: string,
    extra: { required?: boolean; help?: string; mono?: boolean; autoFocus?: boolean; type?: string; autoComplete?: string; end?: ReactNode } = {},
  ) => (
    <TextField
      label={label}
      required={extra.required}
      fullWidth
      autoFocus={extra.autoFocus}
      type={extra.type}
      autoComplete={extra.autoComplete ?? 'off'}
      error={Boolean(fieldError(name))}
      helperText={fieldError(name) ?? extra.help ?? ' '}
      disabled={create.isPending}
      slotProps={{
        htmlInput: extra.mono ? mono : undefined,
        input: extra.end ? { endAdornment: <InputAdornment position="end">{extra.end}</InputAdornment> } : undefined,
      }}
      {...register(name)}
    />
  );

  const countrySelect = (name: 'countryCode' | 'restaurant.countryCode', label: string, onPick: (code: string) => void, help: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <TextField
          select
          label={label}
          fullWidth
          required
          value={field.value}
          inputRef={field.ref}
          onBlur={field.onBlur}
          onChange={(e) => onPick(e.target.value)}
          disabled={create.isPending}
          error={Boolean(fieldError(name))}
          helperText={fieldError(name) ?? help}
          slotProps={{ select: { inputProps: { 'aria-label': label } } }}
        >
          {countryCodes.map((code) => (
            <MenuItem key={code} value={code}>
              {countries[code].label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  return (
    <Dialog open onClose={close} maxWidth="md" fullWidth aria-labelledby={`${id}-title`} scroll="paper">
      <DialogTitle id={`${id}-title`} sx={{ pb: 0.5 }}>
        {NEW_FRANCHISE_LABEL}
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" component="p" sx={{ color: 'text.secondary', mb: 1 }}>
          La franchise, son propriétaire et son premier restaurant sont créés ensemble&nbsp;: si l’un est refusé, rien n’est créé.
        </Typography>
        <Box
          component="form"
          id={`${id}-form`}
          noValidate
          onSubmit={handleSubmit((values) => {
            setBanner(null);
            create.mutate(newFranchiseBody(values));
          })}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, pt: 1.5 }}
        >
          {banner && (
            <Alert severity="error" role="alert">
              {banner}
            </Alert>
          )}
          <Section icon={<BusinessOutlinedIcon />} title="La franchise" hint={'Son nom apparaît dans l’espace de ses utilisateurs\u00a0; le pays fixe la devise par défaut.'}>
            <Box sx={{ gridColumn: '1 / -1' }}>{text('name', 'Nom de la franchise', { required: true, autoFocus: true })}</Box>
            {countrySelect('countryCode', 'Pays de la franchise', changeFranchiseCountry, 'Le pays de ses restaurants, sauf exception.')}
            {text('currency', 'Devise', {
              mono: true,
              help: `Code ISO à trois lettres\u00a0; par défaut celle du pays (${countries[isCountryCode(franchiseCountry) ? franchiseCountry : 'FR'].currency}).`,
            })}
          </Section>
          <Divider />
          <Section
            icon={<PersonOutlineRoundedIcon />}
            title="Son propriétaire"
            hint="Le compte administrateur de la franchise. Transmettez-lui son identifiant et son mot de passe."
          >
            {text('adminLogin', 'Identifiant du propriétaire', { required: true, mono: true, help: 'Sans espace\u00a0; il sert à se connecter.' })}
            {text('adminEmail', 'Adresse e-mail', { required: true, type: 'email', help: 'Pour réinitialiser son mot de passe.' })}
            <Box sx={{ gridColumn: '1 / -1' }}>
              {text('adminPassword', 'Mot de passe initial', {
                required: true,
                mono: true,
                autoComplete: 'new-password',
                help: `Au moins ${MIN_PASSWORD} caractères. Affiché en clair pour être transmis au propriétaire.`,
                end: (
                  <Button
                    size="small"
                    startIcon={<AutorenewRoundedIcon />}
                    disabled={create.isPending}
                    onClick={() => {
                      setValue('adminPassword', generatePassword());
                      if (errors.adminPassword) void trigger('adminPassword');
                    }}
                  >
                    Générer
                  </Button>
                ),
              })}
            </Box>
          </Section>
          <Divider />
          <Section icon={<StorefrontOutlinedIcon />} title="Son premier restaurant" hint="D’autres restaurants s’ajoutent ensuite depuis l’espace de la franchise.">
            {text('restaurant.nom', 'Nom du restaurant', { required: true })}
            {text('restaurant.pseudo', 'Nom court', { help: 'Affiché sur les tickets et les écrans de cuisine.' })}
            {countrySelect('restaurant.countryCode', 'Pays du restaurant', changeRestaurantCountry, `Devise des ventes\u00a0: ${restaurantInfo.currency}`)}
            <Controller
              name="restaurant.timeZone"
              control={control}
              render={({ field }) => (
                <Autocomplete
                  options={zones}
                  value={field.value || null}
                  onChange={(_, value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  disabled={create.isPending}
                  autoHighlight
                  noOptionsText="Aucun fuseau ne correspond"
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      inputRef={field.ref}
                      label="Fuseau horaire"
                      required
                      error={Boolean(fieldError('restaurant.timeZone'))}
                      helperText={
                        fieldError('restaurant.timeZone') ??
                        (zone === restaurantInfo.timeZone ? `Fuseau par défaut du pays (${restaurantInfo.label}).` : `Par défaut pour ce pays\u00a0: ${restaurantInfo.timeZone}.`)
                      }
                    />
                  )}
                />
              )}
            />
            {text('restaurant.siret', restaurantInfo.registration.label, { required: true, mono: true, help: restaurantInfo.registration.help })}
            {text('restaurant.current_licence', 'Licence', { mono: true, help: 'Référence de la licence Brigade du restaurant.' })}
            {text('restaurant.adresse', 'Adresse')}
            {text('restaurant.ville', 'Ville')}
          </Section>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button color="inherit" onClick={close} disabled={create.isPending}>
          Annuler
        </Button>
        <Button type="submit" form={`${id}-form`} variant="contained" loading={create.isPending}>
          {OPEN_FRANCHISE_LABEL}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Section({ icon, title, hint, children }: { icon: ReactNode; title: string; hint: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="fieldset" aria-labelledby={id} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
        <Box
          aria-hidden
          sx={(theme) => ({
            width: 36,
            height: 36,
            flexShrink: 0,
            borderRadius: '10px',
            display: 'grid',
            placeItems: 'center',
            color: 'primary.main',
            backgroundColor: alpha(theme.palette.primary.main, 0.1),
            '& svg': { fontSize: 20 },
          })}
        >
          {icon}
        </Box>
        <Box>
          <Typography id={id} variant="subtitle1" component="h3" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
            {title}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {hint}
          </Typography>
        </Box>
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, columnGap: 2.5, rowGap: 1.5 }}>{children}</Box>
    </Box>
  );
}
