// The carte document (the spec's free-form orderJson) is not a generated API type: the server keeps
// whatever fields it does not model. These views name only the fields the editor reads or writes;
// the index signatures keep every other field, so the object loaded is the object sent back.

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

export interface PriceEntry extends Extra {
  tariff: number;
  type_order: number;
  price: number | string;
}

export interface MenuCategory extends Extra {
  idGlobal: string;
  idCat: number;
  name: string;
  /** -1: top level; otherwise the parent's idCat. */
  parent_id: number;
  position: number;
  path?: string;
  removed?: boolean;
  removed_by_admin?: boolean;
}

export interface MenuProduct extends Extra {
  idGlobal: string;
  id: number;
  idCat: number;
  name: string;
  description?: string;
  position: number;
  price?: number | string;
  price_platform?: number | string;
  prices?: PriceEntry[];
  options?: number[];
  path?: string;
  removed?: boolean;
  removed_by_admin?: boolean;
  // The product form's other fields (spec §3); all optional, as old cartes may lack them.
  description_ubereat?: string;
  alias_product?: string;
  purchase_price?: number | string;
  bar_code?: string;
  has_bar_code?: boolean;
  weight?: number | string;
  unit?: string;
  price_type?: string;
  many_size?: boolean;
  many_type?: boolean;
  allSizes?: SizeEntry[];
  first_period?: string;
  end_period?: string;
  has_timetable?: boolean;
  daysOn?: number[];
  shiftsOn?: ShiftEntry[];
  path_product_moment?: string;
  type_image_product_moment?: string;
  translation?: TranslationEntry[];
  nutritional_info?: Extra;
  printer?: number;
  printerLabel?: number;
  cook?: boolean;
  display_kitchen?: boolean;
  screens?: number[];
  label?: string;
}

/** An entry of a product's allSizes. */
export interface SizeEntry extends Extra {
  id_size: number;
  name_size?: string;
  label_size?: string;
  size_enabled?: boolean;
  tariff?: number;
  price?: number | string;
  price_sp?: number | string;
}

export interface ShiftEntry extends Extra {
  start: string;
  end: string;
}

export interface TranslationEntry extends Extra {
  langue: string;
  name?: string;
  description?: string;
  description_ubereat?: string;
}

export interface OptionItem extends Extra {
  idGlobal: string;
  name: string;
  price?: number | string;
  tariffData?: Record<string, Extra & { price?: number | string }>;
  removed?: boolean;
  removed_by_admin?: boolean;
}

export interface OptionGroup extends Extra {
  idGlobal: string;
  id: number;
  name: string;
  is_ingredient?: boolean;
  min_items?: number;
  max_items?: number;
  number_click?: number;
  print_black_background?: boolean;
  position?: number;
  items: OptionItem[];
  removed?: boolean;
  removed_by_admin?: boolean;
}

export interface MenuDocument extends Extra {
  categories: MenuCategory[];
  items: MenuProduct[];
  options: OptionGroup[];
  promotions?: Extra[];
  cartes?: Extra[];
  groups_sub_options?: Extra[];
}

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
