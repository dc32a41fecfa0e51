import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Autocomplete, Box, MenuItem, TextField } from '@mui/material';
import type { ApiError } from '../../../api/client';
import type { RestaurantBody } from '../../../api/types';
import { applyServerErrors } from '../../../components/serverErrors';
import { countries, countryCodes, isCountryCode } from '../countries';
import { restaurantBody, restaurantFormValues, restaurantSchema, type RestaurantForm as Values, type RestaurantSource } from '../schemas';

const fieldNames = ['nom', 'pseudo', 'countryCode', 'timeZone', 'siret', 'adresse', 'ville', 'current_licence'] as const;

export interface RestaurantFormProps {
  /** The form element's id, for a submit button outside it (dialog actions, card footer). */
  id: string;
  /** The restaurant being edited; none for a new one. */
  initial?: RestaurantSource;
  onSubmit: (body: RestaurantBody) => void;
  /** The last save's failure: its field errors go under their fields, the rest in a banner. */
  error: ApiError | null;
  readOnly?: boolean;
  /** Tells the parent whether there is anything to save. */
  onDirtyChange?: (dirty: boolean) => void;
  autoFocus?: boolean;
  /** Bumped by the parent after each successful save. */
  savedCount?: number;
}

/**
 * The restaurant's fields. The country drives the default time zone (the zone follows the country
 * while it still is the previous country's default) and the wording of the registration number.
 */
export function RestaurantForm({ id, initial, onSubmit, error, readOnly = false, onDirtyChange, autoFocus, savedCount = 0 }: RestaurantFormProps) {
  const zones = useMemo(() => timeZoneOptions(), []);
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
  } = useForm<Values>({ resolver: zodResolver(restaurantSchema), defaultValues: restaurantFormValues(initial) });
  const [banner, setBanner] = useState<string | null>(null);
  const isDirtyRef = useRef(isDirty);
  isDirtyRef.current = isDirty;

  // A failed save: messages under their fields; what the user typed is left untouched.
  useEffect(() => {
    if (!error) {
      setBanner(null);
      return;
    }
    setBanner(applyServerErrors(error, fieldNames, setError) ? null : error.detail);
  }, [error, setError]);

  // The restaurant changed on the server (another tab, a colleague): show it, unless the user is
  // typing. After our own save (savedCount moves on), the saved values become the new baseline.
  const seenSaves = useRef(savedCount);
  useEffect(() => {
    const saved = seenSaves.current !== savedCount;
    seenSaves.current = savedCount;
    if (initial && (saved || !isDirtyRef.current)) reset(restaurantFormValues(initial));
  }, [initial, savedCount, reset]);

  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);

  const country = watch('countryCode');
  const info = isCountryCode(country) ? countries[country] : countries.FR;
  const ro = readOnly ? { input: { readOnly: true } } : undefined;

  const text = (name: Exclude<(typeof fieldNames)[number], 'countryCode' | 'timeZone'>, label: string, extra: { required?: boolean; help?: string; mono?: boolean } = {}) => (
    <TextField
      label={label}
      required={extra.required && !readOnly}
      fullWidth
      error={Boolean(errors[name])}
      helperText={errors[name]?.message ?? extra.help ?? ' '}
      slotProps={{
        ...ro,
        htmlInput: extra.mono ? { spellCheck: false, style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', letterSpacing: '0.02em' } } : undefined,
      }}
      {...register(name)}
    />
  );

  return (
    <Box
      component="form"
      id={id}
      noValidate
      onSubmit={handleSubmit((values) => onSubmit(restaurantBody(values)))}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      {banner && <Alert severity="error">{banner}</Alert>}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, columnGap: 2.5, rowGap: 2 }}>
        <TextField
          label="Nom du restaurant"
          required={!readOnly}
          fullWidth
          autoFocus={autoFocus}
          error={Boolean(errors.nom)}
          helperText={errors.nom?.message ?? ' '}
          slotProps={ro}
          {...register('nom')}
        />
        {text('pseudo', 'Nom court', { help: 'Affiché sur les tickets et les écrans de cuisine.' })}
        <Controller
          name="countryCode"
          control={control}
          render={({ field }) => (
            <TextField
              select
              label="Pays"
              fullWidth
              required={!readOnly}
              value={field.value}
              inputRef={field.ref}
              onBlur={field.onBlur}
              onChange={(e) => {
                const next = e.target.value;
                if (!isCountryCode(next)) return;
                const previous = getValues('countryCode');
                const zone = getValues('timeZone');
                if (!zone || (isCountryCode(previous) && zone === countries[previous].timeZone)) {
                  setValue('timeZone', countries[next].timeZone, { shouldDirty: true });
                }
                field.onChange(next);
              }}
              error={Boolean(errors.countryCode)}
              helperText={errors.countryCode?.message ?? `Devise : ${info.currency}`}
              slotProps={{ select: { readOnly, inputProps: { 'aria-label': 'Pays' } } }}
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
          name="timeZone"
          control={control}
          render={({ field }) => (
            <Autocomplete
              options={zones}
              value={field.value || null}
              onChange={(_, value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              readOnly={readOnly}
              disableClearable={readOnly}
              autoHighlight
              noOptionsText="Aucun fuseau ne correspond"
              renderInput={(params) => (
                <TextField
                  {...params}
                  inputRef={field.ref}
                  label="Fuseau horaire"
                  required={!readOnly}
                  error={Boolean(errors.timeZone)}
                  helperText={
                    errors.timeZone?.message ??
                    (field.value === info.timeZone ? `Fuseau par défaut du pays (${info.label}).` : `Par défaut pour ce pays : ${info.timeZone}.`)
                  }
                />
              )}
            />
          )}
        />
        {text('siret', info.registration.label, { required: true, help: info.registration.help, mono: true })}
        {text('current_licence', 'Licence', { help: 'Référence de la licence Brigade du restaurant.', mono: true })}
        {text('adresse', 'Adresse')}
        {text('ville', 'Ville')}
      </Box>
    </Box>
  );
}

/** Every IANA zone, the countries' default zones first. */
export function timeZoneOptions(): string[] {
  const defaults = Array.from(new Set(Object.values(countries).map((c) => c.timeZone)));
  let all: string[] = [];
  try {
    all = Intl.supportedValuesOf('timeZone');
  } catch {
    all = [];
  }
  return [...defaults, ...all.filter((z) => !defaults.includes(z))];
}
