import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type Control, type FieldErrors, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Chip, Stack, Tab, Tabs, Typography } from '@mui/material';
import SaveRoundedIcon from '@mui/icons-material/SaveRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import { ApiError } from '../../../api/client';
import { franchiseQuery } from '../../franchise/queries';
import type { MenuCategory, MenuProduct, OptionGroup } from '../documentTypes';
import { productFormValues, type ProductValues } from '../documentEdits';
import { productSchema, type ProductForm } from '../schemas';
import { sizeLabelsOf, useFranchiseSizes } from '../franchiseLists';
import { newProductKitchen, writeSizes } from './product/productModel';
import { GeneralTab } from './product/GeneralTab';
import { PricesTab } from './product/PricesTab';
import { AvailabilityTab } from './product/AvailabilityTab';
import { ScheduleTab } from './product/ScheduleTab';
import { ImagesTab } from './product/ImagesTab';
import { TranslationsTab } from './product/TranslationsTab';
import { NutritionTab } from './product/NutritionTab';
import { KitchenTab } from './product/KitchenTab';
import { OptionsTab } from './product/OptionsTab';
import { linksOf, sameLinks, type LinkKey, type ProductLinks, type PromotionRef } from './product/productLinks';

/** Where a server field error of the saved product lands in the form. */
export interface SaveFailure {
  error: unknown;
  /** Index of the product in the document sent. */
  index: number;
  /** Grid cell of each prices[] entry sent. */
  cellOf: (string | null)[];
  /** Size table row of each allSizes[] entry sent (recomputed from the form when absent). */
  sizeRowOf?: (number | null)[];
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
  /** The carte's option groups (document.options), for the 'Options' tab. */
  optionGroups?: readonly OptionGroup[];
  /** The carte's promotions (document.promotions), for the 'Options' tab. */
  promotions?: readonly PromotionRef[];
}

const NONE: readonly never[] = [];

/** The form's tabs, and the top-level form fields each holds (for the error dot and the jump to an error). */
const TABS = [
  { key: 'general', label: 'Général', fields: ['name', 'description', 'description_ubereat', 'alias_product', 'idCat', 'purchase_price', 'has_bar_code', 'bar_code', 'weight', 'unit', 'price_type'] },
  { key: 'prices', label: 'Prix', fields: ['prices', 'many_size', 'many_type', 'sizes'] },
  // Not form fields: the links live next to the form (see ProductEditor).
  { key: 'options', label: 'Options', fields: [] },
  { key: 'availability', label: 'Disponibilité', fields: ['flags'] },
  { key: 'schedule', label: 'Horaires', fields: ['first_period', 'end_period', 'has_timetable', 'daysOn', 'shiftsOn'] },
  { key: 'images', label: 'Images', fields: ['path', 'path_product_moment', 'type_image_product_moment'] },
  { key: 'translations', label: 'Traductions', fields: ['translations'] },
  { key: 'nutrition', label: 'Nutrition', fields: ['nutrition'] },
  { key: 'kitchen', label: 'Cuisine', fields: ['printer', 'printerLabel', 'cook', 'display_kitchen', 'screens', 'label'] },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** The tab holding a form field ('sizes.2.price' → 'prices'). */
export function tabOf(field: string): TabKey {
  const top = field.split('.')[0] ?? '';
  return TABS.find((t) => (t.fields as readonly string[]).includes(top))?.key ?? 'general';
}

const tabsWithErrors = (errors: FieldErrors<ProductForm>): Set<TabKey> => new Set(Object.keys(errors).map(tabOf));

/** Product fields the server names by the same path as the form. */
const DIRECT_FIELDS = new Set<string>([
  'name',
  'description',
  'description_ubereat',
  'alias_product',
  'idCat',
  'purchase_price',
  'bar_code',
  'weight',
  'unit',
  'price_type',
  'first_period',
  'end_period',
  'path',
  'path_product_moment',
  'printer',
  'printerLabel',
  'label',
]);

/**
 * Places each `body.items[i]….` error of the saved product on its field: prices[k] on its grid cell,
 * allSizes[k] on its size row, purchase_price and the other plain fields on themselves; returns the others.
 */
export function placeErrors(
  failure: SaveFailure,
  setError: (field: FieldPath<ProductForm>, message: string) => void,
  sizeRowOf: readonly (number | null)[] = failure.sizeRowOf ?? [],
): string[] {
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
    const size = /^allSizes\[(\d+)\]\.(price|price_sp)$/.exec(path);
    const cell = price ? failure.cellOf[Number(price[1])] : null;
    const row = size ? sizeRowOf[Number(size[1])] : null;
    if (cell) setError(`prices.${cell}`, message);
    else if (size && row !== null && row !== undefined) setError(`sizes.${row}.${size[2] as 'price' | 'price_sp'}`, message);
    else if (DIRECT_FIELDS.has(path)) setError(path as FieldPath<ProductForm>, message);
    else rest.push(message);
  }
  return rest;
}

function Title({ control, product }: { control: Control<ProductForm>; product: MenuProduct | null }) {
  const name = useWatch({ control, name: 'name' });
  return (
    <Typography variant="h6" component="h2" noWrap>
      {name || product?.name || 'Sans nom'}
    </Typography>
  );
}

/** The product form: one form for every tab, so switching tabs keeps what was typed. */
export function ProductEditor({
  product,
  categories,
  defaultCategory,
  canEdit,
  saving,
  onSave,
  onDelete,
  optionGroups = NONE,
  promotions = NONE,
}: ProductEditorProps) {
  const [tab, setTab] = useState<TabKey>('general');
  const [banner, setBanner] = useState<string[]>([]);
  // A new product takes the franchise's default printer and cook (settings).
  const franchise = useQuery({ ...franchiseQuery(), enabled: !product && canEdit });
  const settings = franchise.data?.settings;
  // The franchise's sizes once the size table has loaded them: a size the form adds takes their label.
  const franchiseSizes = useFranchiseSizes({ load: false });
  // Read once: the form owns its values from then on (the editor is keyed by product).
  const [defaults] = useState(() => productFormValues(product, defaultCategory, settings));
  const form = useForm<ProductForm>({ resolver: zodResolver(productSchema), defaultValues: defaults });
  const { control } = form;
  // The 'Options' tab's links: id lists the kiosk reads in order, kept beside the form (not text fields).
  const [links, setLinks] = useState<ProductLinks>(() => linksOf(product));
  const [savedLinks, setSavedLinks] = useState(links);
  const changeLink = useCallback(
    (key: LinkKey, update: (ids: readonly number[]) => number[]) => setLinks((current) => ({ ...current, [key]: update(current[key]) })),
    [],
  );

  // The franchise answered after the form opened: apply its defaults to a new product not yet touched there.
  const applied = useRef(Boolean(settings));
  useEffect(() => {
    if (product || !settings || applied.current) return;
    applied.current = true;
    const kitchen = newProductKitchen(settings);
    // New defaults; whatever the user already changed stays as typed.
    form.reset(
      { ...defaults, printer: String(kitchen.printer), cook: kitchen.cook },
      { keepDirtyValues: true, keepErrors: true, keepTouched: true, keepSubmitCount: true },
    );
  }, [product, settings, form, defaults]);

  const { errors } = form.formState;
  const isDirty = form.formState.isDirty || !sameLinks(links, savedLinks);
  const erroneous = tabsWithErrors(errors);

  /** Shows the first tab holding an error, unless the current one holds one. */
  const revealErrors = (fields: readonly string[]) => {
    const tabs = new Set(fields.map(tabOf));
    if (tabs.size === 0 || tabs.has(tab)) return;
    setTab(TABS.find((t) => tabs.has(t.key))!.key);
  };

  const submit = form.handleSubmit(
    async (values) => {
      setBanner([]);
      const sent = links;
      const failure = await onSave({ ...values, idCat: Number(values.idCat), ...sent, sizeLabels: sizeLabelsOf(franchiseSizes) });
      if (!failure) {
        form.reset(values);
        setSavedLinks(sent);
        return;
      }
      const placed: string[] = [];
      const sizeRowOf = failure.sizeRowOf ?? writeSizes(product?.allSizes, values.sizes).rowOf;
      const rest = placeErrors(
        failure,
        (field, message) => {
          placed.push(field);
          form.setError(field, { type: 'server', message });
        },
        sizeRowOf,
      );
      revealErrors(placed);
      const headline = failure.error instanceof ApiError ? failure.error.detail : 'Une erreur est survenue';
      setBanner(placed.length > 0 ? rest : [headline, ...rest.filter((m) => m !== headline)]);
    },
    (invalid) => revealErrors(Object.keys(invalid)),
  );

  const setMomentType = useCallback((type: string) => form.setValue('type_image_product_moment', type, { shouldDirty: true }), [form]);
  const disabled = !canEdit;

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label="Fiche produit" sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', px: 2.5, pt: 2, pb: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="overline" sx={{ color: 'text.secondary', lineHeight: 1.5 }}>
            {product ? 'Produit' : 'Nouveau produit'}
          </Typography>
          <Title control={control} product={product} />
        </Box>
        {isDirty && <Chip size="small" color="warning" variant="outlined" label="Non enregistré" />}
      </Stack>
      <Tabs
        value={tab}
        onChange={(_, v: TabKey) => setTab(v)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ px: 1.5, borderBottom: 1, borderColor: 'divider', minHeight: 44, '& .MuiTab-root': { minHeight: 44, px: 1.5 } }}
      >
        {TABS.map((t) => (
          <Tab
            key={t.key}
            value={t.key}
            aria-label={erroneous.has(t.key) ? `${t.label} (erreur)` : t.label}
            label={
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
                {t.label}
                {erroneous.has(t.key) && <Box component="span" aria-hidden sx={{ width: 7, height: 7, borderRadius: '50%', bgcolor: 'error.main' }} />}
              </Box>
            }
          />
        ))}
      </Tabs>
      <Box sx={{ p: 2.5, overflowY: 'auto', flex: 1, minHeight: 0 }}>
        {banner.length > 0 && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {banner.map((m) => (
              <div key={m}>{m}</div>
            ))}
          </Alert>
        )}
        <Box role="tabpanel" aria-label={TABS.find((t) => t.key === tab)?.label}>
          {tab === 'general' && <GeneralTab control={control} disabled={disabled} categories={categories} />}
          {tab === 'prices' && <PricesTab control={control} disabled={disabled} />}
          {tab === 'options' && (
            <OptionsTab links={links} onChange={changeLink} groups={optionGroups} promotions={promotions} disabled={disabled} />
          )}
          {tab === 'availability' && <AvailabilityTab control={control} disabled={disabled} />}
          {tab === 'schedule' && <ScheduleTab control={control} disabled={disabled} />}
          {tab === 'images' && <ImagesTab control={control} disabled={disabled} setMomentType={setMomentType} />}
          {tab === 'translations' && <TranslationsTab control={control} disabled={disabled} />}
          {tab === 'nutrition' && <NutritionTab control={control} disabled={disabled} />}
          {tab === 'kitchen' && <KitchenTab control={control} disabled={disabled} />}
        </Box>
      </Box>
      {canEdit && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ position: 'sticky', bottom: 0, alignItems: 'center', px: 2.5, py: 1.25, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
        >
          {product && onDelete && (
            <Button color="error" startIcon={<DeleteOutlineRoundedIcon />} onClick={onDelete} disabled={saving}>
              Supprimer
            </Button>
          )}
          <Box sx={{ flex: 1 }} />
          <Button type="submit" variant="contained" startIcon={<SaveRoundedIcon />} loading={saving} disabled={!isDirty}>
            Enregistrer
          </Button>
        </Stack>
      )}
    </Box>
  );
}
