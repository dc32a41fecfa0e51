// Pure edits of the carte document: each returns a new document and leaves every field it does not
// touch as loaded (unknown fields included), so the whole object can be sent back.
import { parsePriceText } from './format';
import {
  NEW_OPTION_GROUP_DEFAULTS,
  NEW_PRODUCT_DEFAULTS,
  ORDER_TYPES,
  TARIFFS,
  isActive,
  newIdGlobal,
  nextNumber,
  type MenuCategory,
  type MenuDocument,
  type MenuProduct,
  type OptionGroup,
  type PriceEntry,
} from './documentTypes';
import { priceCell, type ProductForm } from './schemas';
import { applyFormValues, formValuesOf, type NewProductSettings, type ProductValues } from './components/product/productModel';

export function addCategory(doc: MenuDocument, name: string, parentId: number): { document: MenuDocument; category: MenuCategory } {
  const siblings = doc.categories.filter((c) => c.parent_id === parentId);
  const category: MenuCategory = {
    idGlobal: newIdGlobal('cat'),
    idCat: nextNumber(doc.categories.map((c) => c.idCat)),
    name: name.trim(),
    parent_id: parentId,
    position: nextNumber(siblings.map((c) => c.position)),
    removed: false,
    removed_by_admin: false,
  };
  return { document: { ...doc, categories: [...doc.categories, category] }, category };
}

export function addOptionGroup(doc: MenuDocument, name: string): MenuDocument {
  const group: OptionGroup = {
    idGlobal: newIdGlobal('grp'),
    id: nextNumber(doc.options.map((g) => g.id)),
    name: name.trim(),
    is_ingredient: false,
    min_items: 0,
    max_items: 1,
    ...NEW_OPTION_GROUP_DEFAULTS,
    position: nextNumber(doc.options.map((g) => g.position ?? 0)),
    items: [],
    removed: false,
    removed_by_admin: false,
  };
  return { ...doc, options: [...doc.options, group] };
}

/** Soft delete (spec §4): removed and removed_by_admin set; the elements go to the trash. */
export function removeProducts(doc: MenuDocument, ids: ReadonlySet<string>): MenuDocument {
  return {
    ...doc,
    items: doc.items.map((p) => (ids.has(p.idGlobal) ? { ...p, removed: true, removed_by_admin: true } : p)),
  };
}

/** The grid's cells of a product: 'tNoM' → price text ('9,90'), empty where no price is set. */
export function priceCells(product: MenuProduct | null): Record<string, string> {
  const cells: Record<string, string> = {};
  for (const t of TARIFFS) for (const o of ORDER_TYPES) cells[priceCell(t, o.code)] = '';
  if (!product) {
    cells[priceCell(1, 4)] = NEW_PRODUCT_DEFAULTS.price_platform.toFixed(2).replace('.', ',');
    return cells;
  }
  for (const e of product.prices ?? []) {
    const name = priceCell(e.tariff, e.type_order);
    if (name in cells && cells[name] === '') cells[name] = priceTextOf(e.price);
  }
  return cells;
}

function priceTextOf(value: unknown): string {
  const n = typeof value === 'number' ? value : parsePriceText(String(value ?? ''));
  return Number.isFinite(n) ? n.toFixed(2).replace('.', ',') : String(value);
}

/**
 * Writes the grid into prices[]: existing entries keep their place and extra fields, new cells are
 * appended. `cellOf[k]` names the grid cell of prices[k] (null for entries the grid does not show),
 * so a server error on body.items[i].prices[k].price can be put back on its cell.
 */
export function writePrices(existing: readonly PriceEntry[], cells: Record<string, string>): { prices: PriceEntry[]; cellOf: (string | null)[] } {
  const prices: PriceEntry[] = [];
  const cellOf: (string | null)[] = [];
  const done = new Set<string>();
  for (const e of existing) {
    const name = priceCell(e.tariff, e.type_order);
    const text = cells[name];
    if (text !== undefined && !done.has(name)) {
      done.add(name);
      // DECISIONS: an empty field stays 0.
      prices.push({ ...e, price: parsePriceText(text) });
      cellOf.push(name);
    } else {
      prices.push(e);
      cellOf.push(null);
    }
  }
  for (const t of TARIFFS) {
    for (const o of ORDER_TYPES) {
      const name = priceCell(t, o.code);
      const text = cells[name] ?? '';
      if (done.has(name) || text.trim() === '') continue;
      prices.push({ tariff: t, type_order: o.code, price: parsePriceText(text) });
      cellOf.push(name);
    }
  }
  return { prices, cellOf };
}

export type { ProductValues } from './components/product/productModel';

/** The whole product form's values: every tab, the grid included; a new product gets the spec's and the franchise's defaults. */
export function productFormValues(product: MenuProduct | null, defaultCategory: number | null, settings?: NewProductSettings | null): ProductForm {
  return { ...formValuesOf(product, defaultCategory, settings), prices: priceCells(product) };
}

/** Applies the product form to the document: the product edited, or a new one with the spec's defaults. */
export function saveProduct(
  doc: MenuDocument,
  idGlobal: string | null,
  values: ProductValues,
): { document: MenuDocument; index: number; idGlobal: string; cellOf: (string | null)[]; sizeRowOf: (number | null)[] } {
  const items = [...doc.items];
  let index = idGlobal ? items.findIndex((p) => p.idGlobal === idGlobal) : -1;
  const isNew = index < 0;
  const base: MenuProduct = isNew
    ? {
        idGlobal: newIdGlobal('prod'),
        id: nextNumber(items.map((p) => p.id)),
        idCat: values.idCat,
        name: '',
        position: nextNumber(items.filter((p) => p.idCat === values.idCat).map((p) => p.position)),
        price: 0,
        ...NEW_PRODUCT_DEFAULTS,
        prices: [],
        many_size: false,
        many_type: true,
        options: [],
        removed: false,
        removed_by_admin: false,
      }
    : items[index]!;
  const { prices, cellOf } = writePrices(base.prices ?? [], values.prices);
  const { product, sizeRowOf } = applyFormValues(base, values);
  const next: MenuProduct = { ...product, prices };
  if (isNew) {
    const sp = values.prices[priceCell(1, 1)];
    const platform = values.prices[priceCell(1, 4)];
    if (sp?.trim()) next.price = parsePriceText(sp);
    if (platform?.trim()) next.price_platform = parsePriceText(platform);
    items.push(next);
    index = items.length - 1;
  } else {
    items[index] = next;
  }
  return { document: { ...doc, items }, index, idGlobal: next.idGlobal, cellOf, sizeRowOf };
}

/** Active first, then by position (spec §4 ordering; removed ones live in the trash). */
export function activeProductsOf(doc: MenuDocument, idCat: number | null): MenuProduct[] {
  return doc.items.filter((p) => isActive(p) && (idCat === null || p.idCat === idCat)).sort((a, b) => a.position - b.position);
}

/** After deleting `removed`, the next remaining element after the last deleted one (or the one before). */
export function nextRemaining(list: readonly MenuProduct[], removed: ReadonlySet<string>): string | null {
  let last = -1;
  list.forEach((p, i) => {
    if (removed.has(p.idGlobal)) last = i;
  });
  for (let i = last + 1; i < list.length; i++) if (!removed.has(list[i]!.idGlobal)) return list[i]!.idGlobal;
  for (let i = last - 1; i >= 0; i--) if (!removed.has(list[i]!.idGlobal)) return list[i]!.idGlobal;
  return null;
}
