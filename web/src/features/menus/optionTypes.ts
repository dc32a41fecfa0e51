// Option groups and their items (spec §3) for the 'Catégories d'options' editor: the generated API
// types (schema.ts); unknown fields still ride along through the index signatures.
import type { components } from '../../api/schema';
import type { OptionGroup, OptionItem } from './documentTypes';

type Schemas = components['schemas'];

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

export type TariffPrices = Schemas['MenuTariffPrices'];

/** Per size (1..10) limits of an option: how many may be chosen, and how many are free. */
export type SizeLimit = Schemas['MenuSizeLimit'];

export const SIZE_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

export type OptionItemView = OptionItem;
export type OptionGroupView = OptionGroup;
