import { useEffect, useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Chip, MenuItem, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import SaveRoundedIcon from '@mui/icons-material/SaveRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import { ApiError } from '../../../api/client';
import type { MenuCategory, MenuProduct } from '../documentTypes';
import { priceCells, type ProductValues } from '../documentEdits';
import { productSchema, type ProductForm } from '../schemas';
import { PriceGrid } from './PriceGrid';

/** Where a server field error of the saved product lands in the form. */
export interface SaveFailure {
  error: unknown;
  /** Index of the product in the document sent. */
  index: number;
  /** Grid cell of each prices[] entry sent. */
  cellOf: (string | null)[];
}

export interface ProductEditorProps {
  product: MenuProduct | null;
  categories: readonly MenuCategory[];
  defaultCategory: number | null;
  canEdit: boolean;
  saving: boolean;
  /** Resolves to the failure to show, or null when saved. */
  onSave: (values: ProductValues) => Promise<SaveFailure | null>;
  onDelete?: () => void;
}

const FIELD_OF: Record<string, FieldPath<ProductForm>> = { name: 'name', description: 'description', idCat: 'idCat' };

/** Places each `body.items[i]….` error of the saved product on its field; returns the others. */
export function placeErrors(failure: SaveFailure, setError: (field: FieldPath<ProductForm>, message: string) => void): string[] {
  if (!(failure.error instanceof ApiError)) return [];
  const rest: string[] = [];
  const prefix = `body.items[${failure.index}].`;
  for (const e of failure.error.errors) {
    const location = e.location ?? '';
    const message = e.message ?? failure.error.detail;
    if (!location.startsWith(prefix)) {
      rest.push(message);
      continue;
    }
    const path = location.slice(prefix.length);
    const price = /^prices\[(\d+)\]\.price$/.exec(path);
    const cell = price ? failure.cellOf[Number(price[1])] : null;
    if (cell) setError(`prices.${cell}`, message);
    else if (FIELD_OF[path]) setError(FIELD_OF[path], message);
    else rest.push(message);
  }
  return rest;
}

/** The product form: 'Général' (name, description, category) and 'Prix' (the tariff × order type grid). */
export function ProductEditor({ product, categories, defaultCategory, canEdit, saving, onSave, onDelete }: ProductEditorProps) {
  const [tab, setTab] = useState<'general' | 'prices'>('general');
  const [banner, setBanner] = useState<string[]>([]);
  const form = useForm<ProductForm>({
    resolver: zodResolver(productSchema),
    defaultValues: {
      name: product?.name ?? '',
      description: product?.description ?? '',
      idCat: String(product?.idCat ?? defaultCategory ?? ''),
      prices: priceCells(product),
    },
  });
  const errors = form.formState.errors;
  const priceErrors = Object.keys(errors.prices ?? {}).length;
  const generalErrors = Boolean(errors.name || errors.description || errors.idCat);

  // A refused field on the other tab: show that tab.
  useEffect(() => {
    if (priceErrors > 0 && !generalErrors) setTab('prices');
    else if (generalErrors && priceErrors === 0) setTab('general');
  }, [priceErrors, generalErrors]);

  const submit = form.handleSubmit(async (values) => {
    setBanner([]);
    const failure = await onSave({ name: values.name, description: values.description, idCat: Number(values.idCat), prices: values.prices });
    if (!failure) {
      form.reset(values);
      return;
    }
    const rest = placeErrors(failure, (field, message) => form.setError(field, { type: 'server', message }));
    const headline = failure.error instanceof ApiError ? failure.error.detail : 'Une erreur est survenue';
    const placed = failure.error instanceof ApiError && failure.error.errors.length > rest.length;
    setBanner(placed ? rest : [headline, ...rest.filter((m) => m !== headline)]);
  });

  const roots = categories.filter((c) => c.parent_id === -1);
  const childrenOf = (c: MenuCategory) => categories.filter((s) => s.parent_id === c.idCat && s.parent_id !== -1);

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label="Fiche produit" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', px: 2.5, pt: 2, pb: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="overline" sx={{ color: 'text.secondary', lineHeight: 1.5 }}>
            {product ? 'Produit' : 'Nouveau produit'}
          </Typography>
          <Typography variant="h6" component="h2" noWrap>
            {form.watch('name') || product?.name || 'Sans nom'}
          </Typography>
        </Box>
        {form.formState.isDirty && <Chip size="small" color="warning" variant="outlined" label="Non enregistré" />}
        {canEdit && product && onDelete && (
          <Button color="error" startIcon={<DeleteOutlineRoundedIcon />} onClick={onDelete} disabled={saving}>
            Supprimer
          </Button>
        )}
        {canEdit && (
          <Button type="submit" variant="contained" startIcon={<SaveRoundedIcon />} loading={saving}>
            Enregistrer
          </Button>
        )}
      </Stack>
      <Tabs value={tab} onChange={(_, v: 'general' | 'prices') => setTab(v)} sx={{ px: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="general" label={generalErrors ? 'Général •' : 'Général'} />
        <Tab value="prices" label={priceErrors ? `Prix • ${priceErrors}` : 'Prix'} />
      </Tabs>
      <Box sx={{ p: 2.5, overflowY: 'auto', flex: 1 }}>
        {banner.length > 0 && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {banner.map((m) => (
              <div key={m}>{m}</div>
            ))}
          </Alert>
        )}
        <Stack spacing={2.5} sx={{ display: tab === 'general' ? 'flex' : 'none' }}>
          <Controller
            control={form.control}
            name="name"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label="Nom du produit"
                required
                disabled={!canEdit}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? ' '}
              />
            )}
          />
          <Controller
            control={form.control}
            name="description"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label="Description"
                multiline
                minRows={3}
                disabled={!canEdit}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? ' '}
              />
            )}
          />
          <Controller
            control={form.control}
            name="idCat"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                select
                label="Catégorie"
                required
                disabled={!canEdit}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? ' '}
              >
                {roots.flatMap((c) => [
                  <MenuItem key={c.idGlobal} value={String(c.idCat)}>
                    {c.name}
                  </MenuItem>,
                  ...childrenOf(c).map((s) => (
                    <MenuItem key={s.idGlobal} value={String(s.idCat)} sx={{ pl: 4 }}>
                      {s.name}
                    </MenuItem>
                  )),
                ])}
              </TextField>
            )}
          />
        </Stack>
        <Box sx={{ display: tab === 'prices' ? 'block' : 'none' }}>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            Un prix par tarif et par type de commande. La virgule est acceptée (9,90) ; une case vide vaut 0.
          </Typography>
          <PriceGrid control={form.control} disabled={!canEdit} />
        </Box>
      </Box>
    </Box>
  );
}
