import { useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import UploadRoundedIcon from '@mui/icons-material/UploadRounded';
import type { ApiError } from '../../../api/client';
import { applyServerErrors } from '../../../components/serverErrors';
import { restaurantName } from '../../../components/RestaurantSelector';
import { useToast } from '../../../components/Toast';
import type { Restaurant } from '../../../api/types';
import type { components } from '../../../api/schema';
import { IMAGE_ACCEPT, imageFileError, uploadImage } from '../../menus/productImages';
import { brandsChanged, createBrandMutation, updateBrandMutation } from '../queries';
import { brandBody, brandFieldNames, brandFormValues, brandSchema, type BrandForm } from '../schemas';
import type { Brand } from '../types';
import { BrandLogo } from './BrandLogo';
import { ColourField } from './ColourField';

type Campaign = components['schemas']['Campaign'];

export interface BrandDialogProps {
  open: boolean;
  /** The brand being edited; none: a new brand. */
  brand: Brand | null;
  /** Every brand, to say which one already owns a carte. */
  brands: readonly Brand[];
  cartes: readonly Campaign[];
  restaurants: readonly Restaurant[];
  onClose: () => void;
}

/** Creates or edits a brand: its name, logo, two colours, its cartes and the restaurants serving it. */
export function BrandDialog({ open, onClose, ...rest }: BrandDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="brand-dialog-title">
      {/* Keyed: each opening starts from the brand (or a blank one), never from the last one typed. */}
      {open && <BrandFormBody key={rest.brand?.id ?? 'new'} onClose={onClose} {...rest} />}
    </Dialog>
  );
}

function BrandFormBody({ brand, brands, cartes, restaurants, onClose }: Omit<BrandDialogProps, 'open'>) {
  const creating = !brand;
  const client = useQueryClient();
  const toast = useToast();
  const form = useForm<BrandForm>({ resolver: zodResolver(brandSchema), defaultValues: brandFormValues(brand ?? undefined) });
  const { register, control, handleSubmit, setError, setValue, formState } = form;
  const errors = formState.errors;
  const [name, logo, primary, secondary] = useWatch({ control, name: ['name', 'logo', 'primaryColor', 'secondaryColor'] });
  const [banner, setBanner] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const done = (saved: Brand) => {
    brandsChanged(client);
    toast.success(creating ? `Marque « ${saved.name} » créée.` : `Marque « ${saved.name} » enregistrée.`);
    onClose();
  };
  // A 409 (someone saved in between) has no field at fault: its detail, which says to reload, goes in the banner.
  const failed = (error: ApiError) =>
    setBanner(applyServerErrors<BrandForm>(error, brandFieldNames, setError) ? null : error.detail || "La marque n'a pas pu être enregistrée.");
  const create = useMutation({ ...createBrandMutation(), onSuccess: done, onError: failed });
  const update = useMutation({ ...updateBrandMutation(), onSuccess: done, onError: failed });
  const saving = create.isPending || update.isPending;

  const submit = handleSubmit((values) => {
    setBanner(null);
    if (brand) update.mutate({ id: brand.id, version: brand.version, body: brandBody(values) });
    else create.mutate(brandBody(values));
  });

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const problem = imageFileError(file);
    if (problem) {
      setError('logo', { type: 'client', message: problem });
      return;
    }
    setUploading(true);
    try {
      const stored = await uploadImage('brands', file, { name: name || 'logo' });
      setValue('logo', stored.path, { shouldDirty: true, shouldValidate: true });
    } catch (e) {
      setError('logo', { type: 'server', message: (e as ApiError).detail || "Le logo n'a pas pu être envoyé." });
    } finally {
      setUploading(false);
    }
  };

  const ownerOf = (campaignId: number) => brands.find((b) => b.id !== brand?.id && (b.campaignIds ?? []).includes(campaignId));
  const liveCartes = cartes.filter((c) => !c.removed);

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
      <DialogTitle id="brand-dialog-title">{creating ? 'Nouvelle marque' : `Modifier la marque ${brand.name}`}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {banner && <Alert severity="error">{banner}</Alert>}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5} sx={{ alignItems: { sm: 'flex-start' } }}>
            <Stack spacing={1} sx={{ alignItems: 'center', minWidth: 120 }}>
              <BrandLogo name={name || 'Marque'} logo={logo} primaryColor={primary} secondaryColor={secondary} size={96} />
              <Typography variant="caption" color="text.secondary">
                Aperçu
              </Typography>
            </Stack>
            <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
              <TextField label="Nom de la marque" required fullWidth autoFocus={creating} autoComplete="off" error={Boolean(errors.name)} helperText={errors.name?.message} {...register('name')} />
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  label="Logo"
                  fullWidth
                  autoComplete="off"
                  error={Boolean(errors.logo)}
                  helperText={errors.logo?.message ?? 'Adresse https:// d’une image, ou envoyez un fichier (PNG, JPEG ou WebP, 2 Mo au plus).'}
                  {...register('logo')}
                />
                <Button variant="outlined" startIcon={<UploadRoundedIcon />} onClick={() => fileInput.current?.click()} disabled={uploading} sx={{ mt: 1, flexShrink: 0 }}>
                  {uploading ? 'Envoi…' : 'Envoyer'}
                </Button>
                <input ref={fileInput} hidden type="file" accept={IMAGE_ACCEPT} aria-label="Fichier du logo" onChange={(e) => void upload(e.target.files?.[0])} />
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <Controller
                  control={control}
                  name="primaryColor"
                  render={({ field }) => <ColourField label="Couleur principale" name={field.name} value={field.value} onChange={field.onChange} error={errors.primaryColor?.message} />}
                />
                <Controller
                  control={control}
                  name="secondaryColor"
                  render={({ field }) => <ColourField label="Couleur secondaire" name={field.name} value={field.value} onChange={field.onChange} error={errors.secondaryColor?.message} />}
                />
              </Stack>
            </Stack>
          </Stack>

          <Controller
            control={control}
            name="campaignIds"
            render={({ field }) => (
              <FormControl component="fieldset" error={Boolean(errors.campaignIds)}>
                <FormLabel component="legend">Cartes de la marque</FormLabel>
                <FormHelperText sx={{ mx: 0 }}>{errors.campaignIds?.message ?? 'Les produits vendus de ces cartes comptent pour la marque. Une carte n’a qu’une marque.'}</FormHelperText>
                {liveCartes.length === 0 ? (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    Aucune carte : créez-en une dans Mes Cartes.
                  </Typography>
                ) : (
                  <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
                    {liveCartes.map((c) => {
                      const owner = ownerOf(c.id);
                      const checked = field.value.includes(c.id);
                      return (
                        <FormControlLabel
                          key={c.id}
                          disabled={Boolean(owner) && !checked}
                          control={
                            <Checkbox
                              checked={checked}
                              onChange={(e) => field.onChange(e.target.checked ? [...field.value, c.id] : field.value.filter((id) => id !== c.id))}
                            />
                          }
                          label={
                            <span>
                              {c.nom}
                              {owner && (
                                <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                                  (marque «&nbsp;{owner.name}&nbsp;»)
                                </Typography>
                              )}
                            </span>
                          }
                        />
                      );
                    })}
                  </FormGroup>
                )}
              </FormControl>
            )}
          />

          <Controller
            control={control}
            name="restaurantIds"
            render={({ field }) => {
              const chosen = restaurants.filter((r) => field.value.includes(r.id));
              return (
                <Autocomplete
                  multiple
                  disableCloseOnSelect
                  options={restaurants as Restaurant[]}
                  value={chosen}
                  getOptionLabel={restaurantName}
                  isOptionEqualToValue={(a, b) => a.id === b.id}
                  onChange={(_, list) => field.onChange(list.map((r) => r.id))}
                  noOptionsText="Aucun restaurant"
                  renderValue={(list, getItemProps) =>
                    list.map((r, index) => {
                      const { key, ...props } = getItemProps({ index });
                      return <Chip key={key} label={restaurantName(r)} size="small" {...props} />;
                    })
                  }
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label="Restaurants qui servent la marque"
                      error={Boolean(errors.restaurantIds)}
                      helperText={errors.restaurantIds?.message ?? 'Un restaurant qui sert plusieurs marques est un site food court.'}
                    />
                  )}
                />
              );
            }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={saving}>
          Annuler
        </Button>
        <Button type="submit" variant="contained" disabled={saving || uploading}>
          {saving ? 'Enregistrement…' : creating ? 'Créer la marque' : 'Enregistrer'}
        </Button>
      </DialogActions>
    </Box>
  );
}
