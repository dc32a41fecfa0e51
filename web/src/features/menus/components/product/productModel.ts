// The product form ↔ the product object (spec §3 field names). Pure: the form's values are read
// from the product, and written back onto a copy that keeps every field the form does not show.
import { parsePriceText } from '../../format';
import { NEW_PRODUCT_DEFAULTS, type Extra, type MenuProduct, type ShiftEntry, type SizeEntry, type TranslationEntry } from '../../documentTypes';
import type { ProductForm } from '../../schemas';
import { DEFAULT_SIZES, NUTRITION_FIELDS, NUTRITION_KEYS, PRODUCT_FLAGS, translatedLanguages } from './productConstants';
import { writeLinks, type ProductLinks } from './productLinks';

export type SizeRow = ProductForm['sizes'][number];
export type NutritionRows = ProductForm['nutrition'];
export type TranslationRows = ProductForm['translations'];

/** The franchise settings applied to a new product (GET /api/v1/franchise → settings). */
export interface NewProductSettings {
  newProductDefaultPrinter?: number;
  newProductCook?: boolean;
}

/** Printer and cook of a new product: the franchise's choice, else none / not cooked. */
export function newProductKitchen(settings: NewProductSettings | null | undefined): { printer: number; cook: boolean } {
  const printer = settings?.newProductDefaultPrinter;
  return {
    printer: typeof printer === 'number' && Number.isInteger(printer) && printer > 0 ? printer : 0,
    cook: settings?.newProductCook === true,
  };
}

const isObject = (v: unknown): v is Extra => typeof v === 'object' && v !== null && !Array.isArray(v);
const asObject = (v: unknown): Extra => (isObject(v) ? v : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** A stored number as the form shows it: 9.5 → '9,5'; absent → ''. */
export function numberText(v: unknown): string {
  if (v === undefined || v === null || v === '') return '';
  const n = typeof v === 'number' ? v : parsePriceText(String(v));
  return Number.isFinite(n) ? String(n).replace('.', ',') : String(v);
}

/** A price as the form shows it: 9.9 → '9,90'. */
function priceTextOf(v: unknown): string {
  if (v === undefined || v === null || v === '') return '';
  const n = typeof v === 'number' ? v : parsePriceText(String(v));
  return Number.isFinite(n) ? n.toFixed(2).replace('.', ',') : String(v);
}

/** Only a calendar day (AAAA-MM-JJ) is shown; '2026-01-31T00:00:00Z' reads as its day. */
function dayOf(v: unknown): string {
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(str(v));
  return m ? m[1]! : '';
}

const firstSizeEntry = (e: SizeEntry) => e.tariff === undefined || e.tariff === null || e.tariff === 1;

/** The table row of a stored tariff-1 size entry (its code and label completed from DEFAULT_SIZES). */
function sizeRowOfEntry(e: SizeEntry): SizeRow {
  const fallback = DEFAULT_SIZES.find((d) => d.id_size === e.id_size);
  return {
    id_size: e.id_size,
    name_size: str(e.name_size) || fallback?.name_size || '',
    label_size: str(e.label_size) || fallback?.label_size || '',
    size_enabled: e.size_enabled === true,
    price: priceTextOf(e.price),
    price_sp: priceTextOf(e.price_sp),
  };
}

/** Whether the user changed nothing of what the table shows for a stored entry. */
const sameSizeRow = (a: SizeRow, b: SizeRow) => a.size_enabled === b.size_enabled && a.price === b.price && a.price_sp === b.price_sp;

/** The size table: the product's tariff-1 sizes, completed with the spec's ten default sizes. */
export function sizeRowsOf(product: MenuProduct | null): SizeRow[] {
  const rows: SizeRow[] = [];
  const seen = new Set<number>();
  for (const e of product?.allSizes ?? []) {
    if (!isObject(e) || !firstSizeEntry(e) || seen.has(e.id_size)) continue;
    seen.add(e.id_size);
    rows.push(sizeRowOfEntry(e));
  }
  for (const d of DEFAULT_SIZES) {
    if (!seen.has(d.id_size)) rows.push({ ...d, size_enabled: false, price: '', price_sp: '' });
  }
  return rows;
}

/**
 * Writes the size table into allSizes: existing tariff-1 entries are updated in place (extra fields,
 * their stored code and label, and other tariffs kept; an entry the user did not change is left as
 * stored), new rows are appended only when enabled or priced, labelled with the franchise's label
 * (`labels`, Mes Tailles) when known. `rowOf[k]` names the table row of allSizes[k], so a server error
 * on allSizes[k].price lands on its row.
 */
export function writeSizes(
  existing: readonly SizeEntry[] | undefined,
  rows: readonly SizeRow[],
  labels?: Readonly<Record<number, string>>,
): { allSizes: SizeEntry[]; rowOf: (number | null)[] } {
  const allSizes: SizeEntry[] = [...(existing ?? [])];
  const rowOf: (number | null)[] = allSizes.map(() => null);
  rows.forEach((row, j) => {
    const k = allSizes.findIndex((e, i) => rowOf[i] === null && isObject(e) && e.id_size === row.id_size && firstSizeEntry(e));
    const label = labels?.[row.id_size] || row.label_size;
    const values = {
      size_enabled: row.size_enabled,
      price: parsePriceText(row.price),
      price_sp: parsePriceText(row.price_sp),
    };
    if (k >= 0) {
      const stored = allSizes[k]!;
      rowOf[k] = j;
      if (sameSizeRow(sizeRowOfEntry(stored), row)) return;
      allSizes[k] = { ...stored, name_size: str(stored.name_size) || row.name_size, label_size: str(stored.label_size) || label, ...values };
    } else if (row.size_enabled || row.price.trim() !== '' || row.price_sp.trim() !== '') {
      allSizes.push({ id_size: row.id_size, name_size: row.name_size, label_size: label, ...values, tariff: 1 });
      rowOf.push(j);
    }
  });
  return { allSizes, rowOf };
}

function nutritionEntry(info: Extra | undefined, key: string): Extra | undefined {
  if (!info) return undefined;
  if (isObject(info[key])) return info[key];
  for (const f of NUTRITION_FIELDS) {
    if ('sub' in f && f.sub.key === key && isObject(info[f.key])) {
      const parent = info[f.key] as Extra;
      if (isObject(parent[key])) return parent[key];
    }
  }
  return undefined;
}

/** The nutrition form: one {value, daily_percentage} per field, sub-values flattened. */
export function nutritionRowsOf(product: MenuProduct | null): NutritionRows {
  const info = isObject(product?.nutritional_info) ? product.nutritional_info : undefined;
  const rows: NutritionRows = {};
  for (const key of NUTRITION_KEYS) {
    const e = nutritionEntry(info, key);
    rows[key] = { value: numberText(e?.value), daily_percentage: numberText(e?.daily_percentage) };
  }
  return rows;
}

/**
 * The retention rule (spec §5): nutritional info is kept only with more than one key, or a single
 * energy_kcal whose value is not zero; otherwise the field is dropped (undefined).
 */
export function retainNutrition(info: Extra | undefined | null): Extra | undefined {
  if (!isObject(info)) return undefined;
  const keys = Object.keys(info);
  if (keys.length > 1) return info;
  if (keys.length === 0 || keys[0] !== 'energy_kcal') return undefined;
  const energy = info.energy_kcal;
  const value = isObject(energy) ? energy.value : energy;
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : parsePriceText(String(value));
  return n !== 0 ? info : undefined;
}

const filled = (row: { value: string; daily_percentage: string } | undefined) =>
  Boolean(row && (row.value.trim() !== '' || row.daily_percentage.trim() !== ''));

/** Writes the nutrition form onto the product's info (other keys and fields such as image kept), then applies retention. */
export function writeNutrition(existing: unknown, rows: NutritionRows): Extra | undefined {
  const base = isObject(existing) ? existing : {};
  const info: Extra = { ...base };
  for (const f of NUTRITION_FIELDS) {
    const row = rows[f.key];
    const sub = 'sub' in f ? f.sub : null;
    const subRow = sub ? rows[sub.key] : undefined;
    if (!filled(row) && !filled(subRow)) {
      delete info[f.key];
      continue;
    }
    const entry: Extra = {
      ...asObject(base[f.key]),
      value: parsePriceText(row?.value ?? ''),
      daily_percentage: parsePriceText(row?.daily_percentage ?? ''),
    };
    if (sub) {
      if (filled(subRow)) {
        entry[sub.key] = {
          ...asObject(entry[sub.key]),
          value: parsePriceText(subRow!.value),
          daily_percentage: parsePriceText(subRow!.daily_percentage),
        };
      } else {
        delete entry[sub.key];
      }
    }
    info[f.key] = entry;
  }
  return retainNutrition(info);
}

/** One row per translated language (the default language is the product's own name and descriptions). */
export function translationRowsOf(product: MenuProduct | null): TranslationRows {
  const rows: TranslationRows = {};
  for (const langue of translatedLanguages()) {
    const e = (product?.translation ?? []).find((t) => isObject(t) && t.langue === langue);
    rows[langue] = { name: str(e?.name), description: str(e?.description), description_ubereat: str(e?.description_ubereat) };
  }
  return rows;
}

/** Writes the translation rows: entries of other languages kept; an empty row adds nothing new. */
export function writeTranslations(existing: readonly TranslationEntry[] | undefined, rows: TranslationRows): TranslationEntry[] {
  const next: TranslationEntry[] = [...(existing ?? [])];
  for (const [langue, row] of Object.entries(rows)) {
    const values = { name: row.name.trim(), description: row.description, description_ubereat: row.description_ubereat };
    const k = next.findIndex((t) => isObject(t) && t.langue === langue);
    if (k >= 0) next[k] = { ...next[k]!, ...values };
    else if (values.name || values.description.trim() || values.description_ubereat.trim()) next.push({ langue, ...values });
  }
  return next;
}

/** The form's values for a product (without the price grid, see priceCells), or a new product's defaults. */
export function formValuesOf(
  product: MenuProduct | null,
  defaultCategory: number | null,
  settings?: NewProductSettings | null,
): Omit<ProductForm, 'prices'> {
  const kitchen = product ? { printer: Number(product.printer ?? 0) || 0, cook: product.cook === true } : newProductKitchen(settings);
  const flags: Record<string, boolean> = {};
  for (const key of PRODUCT_FLAGS) flags[key] = product?.[key] === true;
  return {
    name: product?.name ?? '',
    description: str(product?.description),
    description_ubereat: str(product?.description_ubereat),
    alias_product: str(product?.alias_product),
    idCat: String(product?.idCat ?? defaultCategory ?? ''),
    purchase_price: priceTextOf(product?.purchase_price),
    has_bar_code: product?.has_bar_code === true,
    bar_code: str(product?.bar_code),
    weight: numberText(product?.weight),
    unit: str(product?.unit) || NEW_PRODUCT_DEFAULTS.unit,
    price_type: str(product?.price_type) || NEW_PRODUCT_DEFAULTS.price_type,
    many_size: product?.many_size === true,
    many_type: product ? product.many_type !== false : true,
    sizes: sizeRowsOf(product),
    flags,
    first_period: dayOf(product?.first_period),
    end_period: dayOf(product?.end_period),
    has_timetable: product?.has_timetable === true,
    daysOn: Array.isArray(product?.daysOn) ? product.daysOn.filter((d) => Number.isInteger(d) && d >= 0 && d <= 6) : [],
    shiftsOn: Array.isArray(product?.shiftsOn) ? product.shiftsOn.filter(isObject).map((s) => ({ start: str(s.start), end: str(s.end) })) : [],
    path: str(product?.path),
    path_product_moment: str(product?.path_product_moment),
    type_image_product_moment: str(product?.type_image_product_moment),
    translations: translationRowsOf(product),
    nutrition: nutritionRowsOf(product),
    printer: String(kitchen.printer),
    printerLabel: String(Number(product?.printerLabel ?? 0) || 0),
    cook: kitchen.cook,
    display_kitchen: product?.display_kitchen === true,
    screens: Array.isArray(product?.screens) ? product.screens.filter((s) => Number.isInteger(s)) : [],
    label: str(product?.label),
  };
}

/**
 * The form's values once validated, with the category as a number (what saveProduct receives), the
 * 'Options' tab's links (a link left out is not touched) and the franchise's size labels.
 */
export type ProductValues = Omit<ProductForm, 'idCat'> & { idCat: number } & Partial<ProductLinks> & {
  /** The franchise's size labels (Mes Tailles), given to the size entries the form adds. */
  sizeLabels?: Readonly<Record<number, string>>;
};

/**
 * Writes every tab but the price grid onto a copy of `base`. A field the product does not have yet is
 * added only when it carries something (a text, a true, a number ≠ 0), so old cartes do not fill up
 * with empty keys; a field it has is always written.
 */
export function applyFormValues(base: MenuProduct, values: ProductValues): { product: MenuProduct; sizeRowOf: (number | null)[] } {
  const next: MenuProduct = { ...base, name: values.name.trim(), description: values.description, idCat: values.idCat };
  const out = next as Extra;
  const put = (key: string, value: unknown, meaningful: boolean) => {
    if (meaningful || key in base) out[key] = value;
  };
  const putText = (key: string, value: string) => put(key, value, value.trim() !== '');
  const putBool = (key: string, value: boolean) => put(key, value, value);
  const putNumber = (key: string, text: string) => put(key, parsePriceText(text), text.trim() !== '');

  // Général
  putText('description_ubereat', values.description_ubereat);
  putText('alias_product', values.alias_product.trim());
  putNumber('purchase_price', values.purchase_price);
  putBool('has_bar_code', values.has_bar_code);
  putText('bar_code', values.bar_code.trim());
  putNumber('weight', values.weight);
  putText('unit', values.unit);
  putText('price_type', values.price_type);
  // Prix (the grid itself: writePrices)
  putBool('many_size', values.many_size);
  putBool('many_type', values.many_type);
  let sizeRowOf: (number | null)[] = [];
  if (values.many_size || (base.allSizes?.length ?? 0) > 0) {
    const sizes = writeSizes(base.allSizes, values.sizes, values.sizeLabels);
    sizeRowOf = sizes.rowOf;
    put('allSizes', sizes.allSizes, sizes.allSizes.length > 0);
  }
  // Disponibilité
  for (const key of PRODUCT_FLAGS) putBool(key, values.flags[key] === true);
  // Horaires
  putText('first_period', values.first_period);
  putText('end_period', values.end_period);
  putBool('has_timetable', values.has_timetable);
  put('daysOn', [...new Set(values.daysOn)].sort((a, b) => a - b), values.daysOn.length > 0);
  const shifts: ShiftEntry[] = values.shiftsOn.map((s, i) => ({ ...asObject(base.shiftsOn?.[i]), start: s.start, end: s.end }));
  put('shiftsOn', shifts, shifts.length > 0);
  // Images
  putText('path', values.path);
  putText('path_product_moment', values.path_product_moment);
  putText('type_image_product_moment', values.type_image_product_moment);
  // Traductions
  const translation = writeTranslations(base.translation, values.translations);
  put('translation', translation, translation.length > 0);
  // Nutrition (retention rule: dropped when it carries nothing worth keeping)
  const nutrition = writeNutrition(base.nutritional_info, values.nutrition);
  if (nutrition) out.nutritional_info = nutrition;
  else delete out.nutritional_info;
  // Cuisine
  put('printer', Number(values.printer) || 0, Number(values.printer) > 0);
  put('printerLabel', Number(values.printerLabel) || 0, Number(values.printerLabel) > 0);
  putBool('cook', values.cook);
  putBool('display_kitchen', values.display_kitchen);
  put('screens', [...new Set(values.screens)].sort((a, b) => a - b), values.screens.length > 0);
  putText('label', values.label.trim());
  // Options: option groups, ingredient groups and promotions, in the order chosen
  writeLinks(base, out, values);
  return { product: next, sizeRowOf };
}
