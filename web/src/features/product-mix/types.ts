import type { components } from '../../api/schema';

type Schemas = components['schemas'];

// Aliases of the generated API types (never redeclared by hand).
export type ProductMix = Schemas['ProductMix'];
export type ProductMixTotals = Schemas['ProductMixTotals'];
export type MixProduct = Schemas['MixProduct'];
export type MixCategory = Schemas['MixCategory'];
export type MixOption = Schemas['MixOption'];
export type Margin = Schemas['Margin'];
