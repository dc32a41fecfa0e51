// Richer views of option groups and their items (spec §3) for the 'Catégories d'options' editor.
// They extend the document views: unknown fields still ride along through the index signatures.
import type { Extra, OptionGroup, OptionItem } from './documentTypes';

/** The tariffs of an option's tariffData. */
export const TARIFF_KEYS = ['T1', 'T2', 'T3'] as const;
export type TariffKey = (typeof TARIFF_KEYS)[number];

/** The price fields of one tariff: the tariff's price, then one per order type (spec §3). */
export const TARIFF_PRICE_FIELDS = [
  { key: 'price', label: 'Prix' },
  { key: 'price_sp', label: 'Sur Place' },
  { key: 'price_emp', label: 'A Emporter' },
  { key: 'price_lv', label: 'En Livraison' },
  { key: 'price_platform', label: 'Platform' },
  { key: 'price_drive', label: 'Drive' },
] as const;
export type TariffPriceField = (typeof TARIFF_PRICE_FIELDS)[number]['key'];

export type TariffPrices = Extra & Partial<Record<TariffPriceField, number | string>>;

/** Per size (1..10) limits of an option: how many may be chosen, and how many are free. */
export interface SizeLimit extends Extra {
  id_size: number;
  min?: number;
  max?: number;
  free?: number;
}

export const SIZE_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

export interface OptionItemView extends OptionItem {
  id_product?: number;
  alias_supplement?: string;
  tariffData?: Record<string, TariffPrices>;
  cost?: number | string;
  sold_out?: boolean;
  order_item?: number;
  sizes_limits?: SizeLimit[];
}

export interface OptionGroupView extends OptionGroup {
  printer?: number;
  prepared?: boolean;
  multiple_category?: boolean;
  display_free?: boolean;
  shift_option?: boolean;
  alphabetical_order?: boolean;
  order_name?: boolean;
  no_printable?: boolean;
  is_bold?: boolean;
  items: OptionItemView[];
}
