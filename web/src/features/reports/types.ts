import type { components } from '../../api/schema';

type Schemas = components['schemas'];

// Aliases of the generated API types (never redeclared by hand).
export type PerformanceReport = Schemas['Performance'];
export type PerfRow = Schemas['PerfRow'];
export type HeatRow = Schemas['HeatRow'];
export type Point = Schemas['Point'];
export type ProductReport = Schemas['ProductReport'];
export type RankRow = Schemas['RankRow'];
export type CategoryRow = Schemas['CategoryRow'];
export type DiscountReport = Schemas['DiscountReport'];
export type Amount = Schemas['Amount'];
export type DiscountedPage = Schemas['DiscountedPage'];
export type DiscountedRow = Schemas['DiscountedRow'];
