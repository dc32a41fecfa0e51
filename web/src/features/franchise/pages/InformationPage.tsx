import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Card, Chip, Divider, MenuItem, Stack, TextField, Typography } from '@mui/material';
import StarRoundedIcon from '@mui/icons-material/StarRounded';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import PublicRoundedIcon from '@mui/icons-material/PublicRounded';
import type { Franchise } from '../../../api/types';
import { errorMessage } from '../../../api/client';
import { PageHeader } from '../../../components/PageHeader';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useToast } from '../../../components/Toast';
import { applyServerErrors } from '../../../components/serverErrors';
import { useSession } from '../../../app/session';
import { countries, countryCodes, countryLabel, isCountryCode } from '../../establishments/countries';
import { FranchiseLogo } from '../components/FranchiseLogo';
import { franchiseQuery, franchiseSaved, updateFranchiseMutation } from '../queries';
import { franchiseBody, franchiseFormValues, franchiseSchema, type FranchiseForm } from '../schemas';

const fieldNames = ['name', 'countryCode', 'currency', 'contactEmail', 'contactPhone', 'address'] as const;
const currencies = Array.from(new Set(Object.values(countries).map((c) => c.currency)));

/** '/information': the franchise's identity, logo and languages; only its admin edits them. */
export function InformationPage() {
  const session = useSession();
  const franchise = useQuery(franchiseQuery());
  return (
    <PageHeader
      title="Informations"
      subtitle="L'identité de votre franchise : nom, pays, devise, coordonnées et logo."
      breadcrumbs={[{ label: 'Accueil', to: '/' }, { label: 'Établissements' }, { label: 'Informations' }]}
    >
      {franchise.isPending ? (
        <LoadingPanel minHeight="40vh" />
      ) : franchise.isError ? (
        <ErrorBlock message={errorMessage(franchise.error)} onRetry={() => void franchise.refetch()} retrying={franchise.isFetching} />
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(320px, 1fr)' }, gap: 3, alignItems: 'start' }}>
          <FranchiseInfoForm franchise={franchise.data} canEdit={session?.roles === 'admin'} />
          <Stack spacing={3}>
            <FranchiseLogo franchise={franchise.data} canEdit={session?.roles === 'admin'} />
            <Languages franchise={franchise.data} />
          </Stack>
        </Box>
      )}
    </PageHeader>
  );
}

function FranchiseInfoForm({ franchise, canEdit }: { franchise: Franchise; canEdit: boolean }) {
  const client = useQueryClient();
  const toast = useToast();
  const [banner, setBanner] = useState<string | null>(null);
  const [pending, setPending] = useState<FranchiseForm | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isDirty },
  } = useForm<FranchiseForm>({ resolver: zodResolver(franchiseSchema), defaultValues: franchiseFormValues(franchise) });

  const save = useMutation({
    ...updateFranchiseMutation(),
    onSuccess: (saved) => {
      franchiseSaved(client, saved);
      reset(franchiseFormValues(saved));
      toast.success('Les informations de la franchise sont enregistrées.');
    },
    onSettled: () => setPending(null),
  });

  useEffect(() => {
    if (!save.error) return setBanner(null);
    setBanner(applyServerErrors(save.error, fieldNames, setError) ? null : save.error.detail);
  }, [save.error, setError]);

  // Someone else saved (another tab, an event): show it unless the user is typing.
  const dirty = useRef(isDirty);
  dirty.current = isDirty;
  useEffect(() => {
    if (!dirty.current) reset(franchiseFormValues(franchise));
  }, [franchise, reset]);

  const country = watch('countryCode');
  const currency = watch('currency');
  const currencyOptions = useMemo(() => (currencies.includes(currency) || !currency ? currencies : [...currencies, currency]), [currency]);
  const ro = canEdit ? undefined : { input: { readOnly: true } };

  const submit = handleSubmit((values) => {
    // A new country replaces the franchise's languages (DECISIONS): ask first.
    if (values.countryCode !== franchise.countryCode) return setPending(values);
    save.mutate(franchiseBody(values));
  });

  return (
    <Card component="section" aria-labelledby="franchise-info-title">
      <Box sx={{ px: 3, pt: 2.5, pb: 2 }}>
        <Typography id="franchise-info-title" variant="h6" component="h2">
          Informations de la franchise
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {canEdit
            ? 'Le pays fixe la devise et les langues proposées pour vos cartes.'
            : 'Seul le propriétaire de la franchise peut modifier ces informations.'}
        </Typography>
      </Box>
      <Box component="form" id="franchise-form" noValidate onSubmit={submit} sx={{ px: 3, pt: 1, pb: canEdit ? 1 : 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
        {banner && <Alert severity="error">{banner}</Alert>}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, columnGap: 2.5, rowGap: 2 }}>
          <Box sx={{ gridColumn: '1 / -1' }}>
            <TextField
              label="Nom de la franchise"
              required={canEdit}
              fullWidth
              error={Boolean(errors.name)}
              helperText={errors.name?.message ?? ' '}
              slotProps={ro}
              {...register('name')}
            />
          </Box>
          <Controller
            name="countryCode"
            control={control}
            render={({ field }) => (
              <TextField
                select
                label="Pays"
                fullWidth
                required={canEdit}
                value={field.value}
                inputRef={field.ref}
                onBlur={field.onBlur}
                onChange={(e) => {
                  const next = e.target.value;
                  if (!isCountryCode(next)) return;
                  const previous = getValues('countryCode');
                  if (isCountryCode(previous) && getValues('currency').toUpperCase() === countries[previous].currency) {
                    setValue('currency', countries[next].currency, { shouldDirty: true });
                  }
                  field.onChange(next);
                }}
                error={Boolean(errors.countryCode)}
                helperText={errors.countryCode?.message ?? `Fuseau par défaut : ${isCountryCode(country) ? countries[country].timeZone : '—'}`}
                slotProps={{ select: { readOnly: !canEdit } }}
              >
                {countryCodes.map((code) => (
                  <MenuItem key={code} value={code}>
                    {countries[code].label}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            name="currency"
            control={control}
            render={({ field }) => (
              <TextField
                select
                label="Devise"
                fullWidth
                required={canEdit}
                value={field.value.toUpperCase()}
                inputRef={field.ref}
                onBlur={field.onBlur}
                onChange={(e) => field.onChange(e.target.value)}
                error={Boolean(errors.currency)}
                helperText={errors.currency?.message ?? 'Code ISO 4217 des montants de vos rapports.'}
                slotProps={{ select: { readOnly: !canEdit } }}
              >
                {currencyOptions.map((code) => (
                  <MenuItem key={code} value={code}>
                    {code}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            label="E-mail de contact"
            type="email"
            fullWidth
            autoComplete="email"
            error={Boolean(errors.contactEmail)}
            helperText={errors.contactEmail?.message ?? ' '}
            slotProps={ro}
            {...register('contactEmail')}
          />
          <TextField
            label="Téléphone de contact"
            type="tel"
            fullWidth
            autoComplete="tel"
            error={Boolean(errors.contactPhone)}
            helperText={errors.contactPhone?.message ?? ' '}
            slotProps={ro}
            {...register('contactPhone')}
          />
          <Box sx={{ gridColumn: '1 / -1' }}>
            <TextField
              label="Adresse"
              fullWidth
              multiline
              minRows={2}
              error={Boolean(errors.address)}
              helperText={errors.address?.message ?? 'Adresse du siège, reprise sur les documents.'}
              slotProps={ro}
              {...register('address')}
            />
          </Box>
        </Box>
      </Box>
      {canEdit ? (
        <>
          <Divider />
          <Stack direction="row" spacing={1.5} sx={{ px: 3, py: 2, justifyContent: 'flex-end', alignItems: 'center' }}>
            {isDirty && (
              <Typography variant="body2" sx={{ color: 'text.secondary', mr: 'auto' }}>
                Modifications non enregistrées
              </Typography>
            )}
            <Button type="submit" form="franchise-form" variant="contained" disabled={!isDirty} loading={save.isPending}>
              Enregistrer
            </Button>
          </Stack>
        </>
      ) : (
        <Stack direction="row" spacing={1} sx={{ px: 3, pb: 2.5, color: 'text.secondary', alignItems: 'center' }}>
          <LockOutlinedIcon sx={{ fontSize: 16 }} />
          <Typography variant="caption">Lecture seule</Typography>
        </Stack>
      )}
      <ConfirmDialog
        open={pending !== null}
        title="Changer de pays"
        icon={<PublicRoundedIcon />}
        tone="warning"
        message={`Passer la franchise de ${countryLabel(franchise.countryCode)} à ${countryLabel(pending?.countryCode ?? '')} ?`}
        warning="Les langues de la franchise sont remplacées par celles du nouveau pays, sa langue par défaut en tête. Les traductions de vos cartes sont conservées."
        confirmLabel="Changer de pays"
        pending={save.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && save.mutate(franchiseBody(pending))}
      />
    </Card>
  );
}

function Languages({ franchise }: { franchise: Franchise }) {
  const languages = [...(franchise.country.languages ?? [])].sort(
    (a, b) => Number(b.country_languages.is_default) - Number(a.country_languages.is_default),
  );
  return (
    <Card component="section" aria-labelledby="languages-title" sx={{ p: 2.5 }}>
      <Typography id="languages-title" variant="subtitle1" component="h2" sx={{ fontWeight: 650 }}>
        Langues
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 2 }}>
        Proposées pour vos cartes{franchise.country.name ? ` (${franchise.country.name})` : ''}. Elles suivent le pays de la franchise.
      </Typography>
      {languages.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Aucune langue pour ce pays.
        </Typography>
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} component="ul" aria-label="Langues de la franchise" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {languages.map((l) => {
            const isDefault = l.country_languages.is_default;
            return (
              <li key={l.id}>
                <Chip
                  label={isDefault ? `${languageName(l.label, l.code)} · par défaut` : languageName(l.label, l.code)}
                  icon={isDefault ? <StarRoundedIcon /> : undefined}
                  color={isDefault ? 'primary' : 'default'}
                  variant={isDefault ? 'filled' : 'outlined'}
                />
              </li>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}

/** The API's labels are unaccented ('Francais'); the browser knows the proper French names. */
function languageName(label: string, code: string): string {
  try {
    const name = new Intl.DisplayNames(['fr'], { type: 'language' }).of(code);
    if (name && name !== code) return name.charAt(0).toUpperCase() + name.slice(1);
  } catch {
    /* keep the API's label */
  }
  return label;
}
