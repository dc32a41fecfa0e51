// The carte document (the spec's orderJson) as the API describes it: generated from the server's
// menu model (schema.ts), never declared here. Every element keeps the fields the model does not
// name (the index signatures), so the object loaded is the object sent back.
import type { components } from '../../api/schema';

type Schemas = components['schemas'];

export type Extra = { [key: string]: unknown };

/** Tariffs 1..3 and the spec's order types (§3). */
export const TARIFFS = [1, 2, 3] as const;
export type Tariff = (typeof TARIFFS)[number];

export const ORDER_TYPES = [
  { code: 1, label: 'Sur Place' },
  { code: 2, label: 'A Emporter' },
  { code: 3, label: 'En Livraison' },
  { code: 4, label: 'Platform' },
  { code: 5, label: 'Drive' },
] as const;
export type OrderType = (typeof ORDER_TYPES)[number]['code'];

export type PriceEntry = Schemas['MenuPriceEntry'];
export type MenuCategory = Schemas['MenuCategory'];
export type MenuProduct = Schemas['MenuProduct'];
/** An entry of a product's allSizes. */
export type SizeEntry = Schemas['MenuSizePrice'];
export type ShiftEntry = Schemas['MenuShift'];
export type TranslationEntry = Schemas['MenuTranslation'];
export type OptionItem = Schemas['MenuOptionItem'];
export type OptionGroup = Schemas['MenuOptionGroup'];
export type MenuDocument = Schemas['MenuDocument'];

/** A loaded document with the version it was read at (its ETag), to send back in If-Match. */
export interface VersionedDocument {
  document: MenuDocument;
  version: number;
}

function list<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

/** Reads the server's answer as a document, making the lists the editor walks always present. */
export function asDocument(value: unknown): MenuDocument {
  const raw = (typeof value === 'object' && value !== null ? value : {}) as Extra;
  return {
    ...raw,
    categories: list<MenuCategory>(raw.categories),
    items: list<MenuProduct>(raw.items),
    options: list<OptionGroup>(raw.options).map((g) => ({ ...g, items: list<OptionItem>(g.items) })),
  };
}

export const isActive = (e: { removed?: boolean; removed_by_admin?: boolean }) => !e.removed && !e.removed_by_admin;

/** A new idGlobal: unique across cartes, so the trash, the history and the kiosks can key on it. */
export function newIdGlobal(prefix: string): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  return `${prefix}-${random}`;
}

export const nextNumber = (values: number[]) => values.reduce((max, v) => (Number.isFinite(v) && v > max ? v : max), 0) + 1;

/** The spec's defaults for a new product (§9): platform price 9.9, unit 'piece', price type 'per_piece'. */
export const NEW_PRODUCT_DEFAULTS = { price_platform: 9.9, unit: 'piece', price_type: 'per_piece' } as const;

/** The spec's defaults for a new option group (§9). */
export const NEW_OPTION_GROUP_DEFAULTS = { number_click: 1, print_black_background: true } as const;
