import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Autocomplete, Box, Card, Chip, Divider, MenuItem, TextField } from '@mui/material';
import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import { ApiError } from '../../../api/client';
import { EmptyState } from '../../../components/EmptyState';
import { DateField } from '../../../components/DateField';
import { LabelledCheckbox } from '../../../components/LabelledCheckbox';
import { useToast } from '../../../components/Toast';
import type { MenuCategory, MenuDocument } from '../../menus/documentTypes';
import type { Campaign } from '../../menus/types';
import { useCanEdit } from '../../menus/useCanEdit';
import {
  CATEGORY_FLAGS,
  applyCategoryValues,
  categoryChoices,
  categoryFieldOf,
  categoryFormSchema,
  categoryFormValues,
  parentChoices,
  tagChoices,
  type CategoryFormValues,
} from './caisseModel';
import { Banners, CarteSelect, FormSection, SaveBar, Toolbar } from './CaissePanels';
import { CarteState } from './CarteState';
import { useCarteDocument } from './useCarteDocument';
import { CATEGORY_SAVED, CATEGORY_SAVE_FAILED, FIX_FIELDS, NO_CATEGORY, NO_CATEGORY_TEXT } from './texts';

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2.5, rowGap: 2 } as const;

/** 'Configuration des catégories': one category of the chosen carte, all its fields, saved with the whole carte. */
export function CategoryPanel({ cartes, carteId, onCarte }: { cartes: readonly Campaign[]; carteId: number; onCarte: (id: number) => void }) {
  const carte = useCarteDocument(carteId);
  const document = carte.query.data?.document;
  const categories = useMemo(() => (document ? categoryChoices(document) : []), [document]);
  const [choice, setChoice] = useState<string | null>(null);
  // The chosen category, or the first one (also when the chosen one is gone).
  const category = categories.find((c) => c.idGlobal === choice) ?? categories[0] ?? null;

  return (
    <Card sx={{ overflow: 'visible' }}>
      <Toolbar version={carte.query.data?.version}>
        <CarteSelect
          cartes={cartes}
          value={carteId}
          onChange={(id) => {
            setChoice(null);
            onCarte(id);
          }}
        />
        <TextField
          select
          size="small"
          label="Catégorie"
          value={category?.idGlobal ?? ''}
          onChange={(e) => setChoice(e.target.value)}
          disabled={categories.length === 0}
          sx={{ minWidth: 280 }}
        >
          {categories.map((c) => (
            <MenuItem key={c.idGlobal} value={c.idGlobal} sx={c.parent_id !== -1 ? { pl: 4 } : undefined}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
      </Toolbar>
      <CarteState query={carte.query}>
        {document && category ? (
          <CategoryForm key={`${carteId}:${category.idGlobal}`} document={document} category={category} carte={carte} />
        ) : (
          <EmptyState icon={<CategoryOutlinedIcon />} title={NO_CATEGORY} message={NO_CATEGORY_TEXT} minHeight={320} />
        )}
      </CarteState>
    </Card>
  );
}

function CategoryForm({ document, category, carte }: { document: MenuDocument; category: MenuCategory; carte: ReturnType<typeof useCarteDocument> }) {
  const canEdit = useCanEdit();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CategoryFormValues>({ resolver: zodResolver(categoryFormSchema), defaultValues: categoryFormValues(category) });
  const { control, formState } = form;
  const dirty = formState.isDirty;
  const disabled = !canEdit;

  // The carte moved on (a save here or in another tab, a reload): an untouched form follows it.
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  useEffect(() => {
    if (!dirtyRef.current) form.reset(categoryFormValues(category));
  }, [category, form]);

  const parents = useMemo(() => parentChoices(document, category), [document, category]);
  const tags = useMemo(() => tagChoices(document), [document]);
  const tagLabel = (id: number) => tags.find((t) => t.id === id)?.label ?? `Tag ${id} (introuvable)`;

  const submit = form.handleSubmit(async (values) => {
    if (disabled) return;
    setFailure(null);
    const { document: next, index } = applyCategoryValues(document, category.idGlobal, values);
    const error = await carte.send(next);
    if (!error) {
      toast.success(CATEGORY_SAVED);
      form.reset(values);
      return;
    }
    toast.error(CATEGORY_SAVE_FAILED);
    if (!(error instanceof ApiError)) {
      setFailure(CATEGORY_SAVE_FAILED);
      return;
    }
    if (error.status === 409) return; // the banner with 'Recharger'
    const rest: string[] = [];
    let placed = false;
    for (const e of error.errors) {
      const field = categoryFieldOf(e.location, index);
      if (field && e.message) {
        form.setError(field as FieldPath<CategoryFormValues>, { type: 'server', message: e.message }, { shouldFocus: !placed });
        placed = true;
      } else if (e.message) rest.push(e.message);
    }
    setFailure(rest.length ? rest.join(' ') : placed ? FIX_FIELDS : error.detail);
  });

  return (
    <Box component="form" noValidate aria-label="Catégorie" onSubmit={(e) => void submit(e)}>
      <Banners readOnly={disabled} stale={carte.stale} reloading={carte.reloading} onReload={() => void carte.reload()} failure={failure} />
      <FormSection title="Catégorie" hint="Nom, image, période de vente et place dans la carte.">
        <Box sx={grid}>
          <Text control={control} name="name" label="Nom" required disabled={disabled} />
          <TextField
            label="Category ID"
            value={String(category.idCat)}
            helperText="Identifiant fixe : les produits et sous-catégories y renvoient."
            slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
            disabled={disabled}
          />
          <Text control={control} name="path" label="Path" helperText="Fichier image de la catégorie." disabled={disabled} />
          <Text
            control={control}
            name="position"
            label="Position"
            helperText="Ordre parmi les catégories du même niveau."
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            disabled={disabled}
          />
          {(['first_period', 'end_period'] as const).map((name) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field, fieldState }) => (
                <DateField
                  name={field.name}
                  label={name === 'first_period' ? 'Début de période' : 'Fin de période'}
                  value={field.value}
                  onChange={field.onChange}
                  disabled={disabled}
                  size="medium"
                  fullWidth
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? (name === 'first_period' ? 'Début de la période de vente (vide : toujours).' : 'Fin de la période de vente (incluse).')}
                />
              )}
            />
          ))}
          <Text control={control} name="parent_id" label="Parent ID" select helperText="-1 : catégorie principale ; sinon, la catégorie parente." disabled={disabled}>
            {parents.map((p) => (
              <MenuItem key={p.value} value={p.value} disabled={p.disabled}>
                {p.label}
              </MenuItem>
            ))}
          </Text>
          <Controller
            control={control}
            name="tags"
            render={({ field, fieldState }) => (
              <Autocomplete
                multiple
                disabled={disabled}
                options={tags.map((t) => t.id)}
                value={field.value}
                onChange={(_, value) => field.onChange(value)}
                getOptionLabel={tagLabel}
                noOptionsText="Aucun tag dans cette carte"
                renderValue={(value, getItemProps) =>
                  value.map((id, index) => {
                    const { key, ...props } = getItemProps({ index });
                    return <Chip key={key} size="small" label={tagLabel(id)} {...props} />;
                  })
                }
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="Tags"
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message ?? (tags.length === 0 ? 'Les tags se créent dans Mes Tags.' : 'Horaires et types de commande de la catégorie.')}
                  />
                )}
              />
            )}
          />
        </Box>
      </FormSection>
      <Divider />
      <FormSection title="Options" hint="Comment la caisse et la borne présentent la catégorie.">
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2.5, rowGap: 1.5 }}>
          {CATEGORY_FLAGS.map((f) => (
            <Controller
              key={f.key}
              control={control}
              name={`flags.${f.key}`}
              render={({ field }) => (
                <LabelledCheckbox
                  name={f.key}
                  label={f.label}
                  description={f.description}
                  checked={field.value === true}
                  disabled={disabled}
                  onChange={field.onChange}
                />
              )}
            />
          ))}
        </Box>
      </FormSection>
      {canEdit && <SaveBar dirty={dirty} saving={carte.saving} onCancel={() => { form.reset(categoryFormValues(category)); setFailure(null); }} />}
    </Box>
  );
}

/** A text field of the category form, its error (or its hint) under it. */
function Text({
  control,
  name,
  helperText,
  ...props
}: { control: ReturnType<typeof useForm<CategoryFormValues>>['control']; name: 'name' | 'path' | 'first_period' | 'end_period' | 'parent_id' | 'position' } & Omit<
  React.ComponentProps<typeof TextField>,
  'name'
>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          inputRef={field.ref}
          value={field.value}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText ?? ' '}
        />
      )}
    />
  );
}
