import type { components } from '../../api/schema';

type Schemas = components['schemas'];

// Aliases of the generated API types (never redeclared by hand).
export type Flash = Schemas['Flash'];
export type FlashPeriod = Schemas['FlashPeriod'];
export type FlashPeriodKey = FlashPeriod['key'];
export type FlashRange = Schemas['FlashRange'];
export type FlashFigures = Schemas['FlashFigures'];
export type FlashTotal = Schemas['FlashTotal'];
export type FlashSplit = Schemas['FlashSplit'];
export type FlashRestaurant = Schemas['FlashRestaurant'];
