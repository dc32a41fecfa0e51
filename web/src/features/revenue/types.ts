import type { components } from '../../api/schema';

type Schemas = components['schemas'];

// Aliases of the generated API types (never redeclared by hand).
export type Revenue = Schemas['Revenue'];
export type RevenueGrain = Revenue['grain'];
export type RevenuePoint = Schemas['RevenuePoint'];
export type RevenueTotals = Schemas['RevenueTotals'];
export type HeatCell = Schemas['HeatCell'];
