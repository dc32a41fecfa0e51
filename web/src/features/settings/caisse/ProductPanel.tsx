import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Autocomplete, Box, Card, Chip, Divider, MenuItem, Stack, TextField, Typography } from '@mui/material';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import { ApiError } from '../../../api/client';
import { EmptyState } from '../../../components/EmptyState';
import { useToast } from '../../../components/Toast';
import { placeErrors } from '../../menus/components/ProductEditor';
import { AvailabilityTab } from '../../menus/components/product/AvailabilityTab';
import { GeneralTab } from '../../menus/components/product/GeneralTab';
import { PricesTab } from '../../menus/components/product/PricesTab';
import { productFormValues, saveProduct } from '../../menus/documentEdits';
import { isActive, type MenuDocument, type MenuProduct } from '../../menus/documentTypes';
import { formatPrice } from '../../menus/format';
import { useFranchiseCurrency } from '../../reports/components/useCurrency';
import { productSchema, type ProductForm } from '../../menus/schemas';
import type { Campaign } from '../../menus/types';
import { useCanEdit } from '../../menus/useCanEdit';
import { NULL_CHOICE, categoryNameOf, productCategoryChoices, productsOfChoice } from './caisseModel';
import { Banners, CarteSelect, FormSection, SaveBar, Toolbar } from './CaissePanels';
import { CarteState } from './CarteState';
import { useCarteDocument } from './useCarteDocument';
import { FIX_FIELDS, NO_PRODUCT, NO_PRODUCT_TEXT, PRODUCT_SAVED, PRODUCT_SAVE_FAILED } from './texts';

/** The category entry holding a product: its sub-category, else 'Null'. */
function choiceOf(doc: MenuDocument, idCat: number): string {
  const c = doc.categories.find((x) => x.idCat === idCat && isActive(x));
  return c && c.parent_id !== -1 ? String(c.idCat) : NULL_CHOICE;
}

/** 'Configuration des produits': a product of the chosen carte and category entry, saved with the whole carte. */
export function ProductPanel({ cartes, carteId, onCarte }: { cartes: readonly Campaign[]; carteId: number; onCarte: (id: number) => void }) {
  const carte = useCarteDocument(carteId);
  const document = carte.query.data?.document;
  const choices = useMemo(() => (document ? productCategoryChoices(document) : [{ value: NULL_CHOICE, label: 'Null' }]), [document]);
  const [categoryChoice, setCategoryChoice] = useState(NULL_CHOICE);
  const category = choices.some((c) => c.value === categoryChoice) ? categoryChoice : NULL_CHOICE;
  const products = useMemo(() => (document ? productsOfChoice(document, category) : []), [document, category]);
  const [productChoice, setProductChoice] = useState<string | null>(null);
  const product = products.find((p) => p.idGlobal === productChoice) ?? products[0] ?? null;

  return (
    <Card sx={{ overflow: 'visible' }}>
      <Toolbar version={carte.query.data?.version}>
        <CarteSelect
          cartes={cartes}
          value={carteId}
          onChange={(id) => {
            setCategoryChoice(NULL_CHOICE);
            setProductChoice(null);
            onCarte(id);
          }}
        />
        <TextField
          select
          size="small"
          label="Sous-catégorie"
          value={category}
          onChange={(e) => {
            setCategoryChoice(e.target.value);
            setProductChoice(null);
          }}
          sx={{ minWidth: 240 }}
        >
          {choices.map((c) => (
            <MenuItem key={c.value} value={c.value}>
              {c.label}
            </MenuItem>
          ))}
        </TextField>
        <Autocomplete
          size="small"
          options={products}
          value={product}
          onChange={(_, p) => p && setProductChoice(p.idGlobal)}
          getOptionLabel={(p) => p.name || 'Sans nom'}
          getOptionKey={(p) => p.idGlobal}
          isOptionEqualToValue={(a, b) => a.idGlobal === b.idGlobal}
          groupBy={category === NULL_CHOICE && document ? (p) => categoryNameOf(document, p.idCat) : undefined}
          disableClearable={product !== null}
          noOptionsText="Aucun produit"
          disabled={products.length === 0}
          sx={{ minWidth: 300 }}
          renderInput={(params) => <TextField {...params} label="Produit" />}
        />
      </Toolbar>
      <CarteState query={carte.query}>
        {document && product ? (
          <ProductConfigForm
            key={`${carteId}:${product.idGlobal}`}
            document={document}
            product={product}
            carte={carte}
            onMoved={(idCat) => {
              setCategoryChoice(choiceOf(document, idCat));
              setProductChoice(product.idGlobal);
            }}
          />
        ) : (
          <EmptyState icon={<Inventory2OutlinedIcon />} title={NO_PRODUCT} message={NO_PRODUCT_TEXT} minHeight={320} />
        )}
      </CarteState>
    </Card>
  );
}

const POSITION = /^\s*\d+\s*$/;

function ProductConfigForm({
  document,
  product,
  carte,
  onMoved,
}: {
  document: MenuDocument;
  product: MenuProduct;
  carte: ReturnType<typeof useCarteDocument>;
  /** The product now sits in another category entry: the selectors follow it. */
  onMoved: (idCat: number) => void;
}) {
  const canEdit = useCanEdit();
  const toast = useToast();
  const currency = useFranchiseCurrency();
  const disabled = !canEdit;
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ProductForm>({ resolver: zodResolver(productSchema), defaultValues: productFormValues(product, product.idCat) });
  const { control } = form;
  // The product's position is not part of the menu editor's product form: kept beside it.
  const [position, setPosition] = useState(String(product.position ?? 0));
  const [savedPosition, setSavedPosition] = useState(position);
  const [positionError, setPositionError] = useState<string | null>(null);
  const dirty = form.formState.isDirty || position !== savedPosition;

  // The carte moved on (a save, a reload): an untouched form follows it.
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  useEffect(() => {
    if (dirtyRef.current) return;
    form.reset(productFormValues(product, product.idCat));
    setPosition(String(product.position ?? 0));
    setSavedPosition(String(product.position ?? 0));
  }, [product, form]);

  const categories = useMemo(() => document.categories.filter(isActive), [document]);

  const cancel = () => {
    form.reset(productFormValues(product, product.idCat));
    setPosition(String(product.position ?? 0));
    setSavedPosition(String(product.position ?? 0));
    setPositionError(null);
    setFailure(null);
  };

  const checkPosition = () => {
    const ok = POSITION.test(position);
    setPositionError(ok ? null : 'La position est un nombre entier positif ou nul.');
    return ok;
  };

  const submit = form.handleSubmit(
    async (values) => {
      if (disabled || !checkPosition()) return;
      setFailure(null);
      const result = saveProduct(document, product.idGlobal, { ...values, idCat: Number(values.idCat) });
      const items = [...result.document.items];
      items[result.index] = { ...items[result.index]!, position: Number(position.trim()) };
      const next = { ...result.document, items };
      const error = await carte.send(next);
      if (!error) {
        toast.success(PRODUCT_SAVED);
        form.reset(values);
        setSavedPosition(position);
        if (Number(values.idCat) !== product.idCat) onMoved(Number(values.idCat));
        return;
      }
      toast.error(PRODUCT_SAVE_FAILED);
      if (!(error instanceof ApiError)) {
        setFailure(PRODUCT_SAVE_FAILED);
        return;
      }
      if (error.status === 409) return; // the banner with 'Recharger'
      const at = `body.items[${result.index}].position`;
      const onPosition = error.errors.find((e) => e.location === at);
      if (onPosition?.message) setPositionError(onPosition.message);
      const others = new ApiError(error.status, { detail: error.detail, errors: error.errors.filter((e) => e.location !== at) });
      let placed = Boolean(onPosition);
      const rest = placeErrors({ error: others, index: result.index, cellOf: result.cellOf, sizeRowOf: result.sizeRowOf }, (field, message) => {
        form.setError(field as FieldPath<ProductForm>, { type: 'server', message }, { shouldFocus: !placed });
        placed = true;
      });
      setFailure(rest.length ? rest.join(' ') : placed ? FIX_FIELDS : error.detail);
    },
    () => checkPosition(),
  );

  return (
    <Box component="form" noValidate aria-label="Produit" onSubmit={(e) => void submit(e)}>
      <Banners readOnly={disabled} stale={carte.stale} reloading={carte.reloading} onReload={() => void carte.reload()} failure={failure} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ px: 3, pt: 2.5, pb: 0.5, alignItems: { sm: 'center' } }}>
        <Typography variant="h6" component="h2" sx={{ mr: 1 }}>
          {product.name || 'Sans nom'}
        </Typography>
        <Chip size="small" variant="outlined" label={`ID ${product.id}`} />
        {product.price !== undefined && <Chip size="small" variant="outlined" label={`Prix ${formatPrice(product.price, currency)}`} />}
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
        <FormSection title="Général">
          <GeneralTab control={control} disabled={disabled} categories={categories} />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, mt: 1 }}>
            <TextField
              label="Position"
              name="position"
              value={position}
              onChange={(e) => {
                setPosition(e.target.value);
                setPositionError(null);
              }}
              disabled={disabled}
              error={positionError !== null}
              helperText={positionError ?? 'Ordre du produit dans sa catégorie.'}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <TextField
              label="ID du produit"
              value={String(product.id)}
              helperText={`Identifiant global : ${product.idGlobal}`}
              disabled={disabled}
              slotProps={{ htmlInput: { readOnly: true } }}
            />
          </Box>
        </FormSection>
        <Box sx={{ borderLeft: { lg: 1 }, borderTop: { xs: 1, lg: 0 }, borderColor: { xs: 'divider', lg: 'divider' } }}>
          <FormSection title="Prix">
            <PricesTab control={control} disabled={disabled} />
          </FormSection>
        </Box>
      </Box>
      <Divider />
      <FormSection title="Disponibilité">
        <AvailabilityTab control={control} disabled={disabled} />
      </FormSection>
      {canEdit && <SaveBar dirty={dirty} saving={carte.saving} onCancel={cancel} />}
    </Box>
  );
}
