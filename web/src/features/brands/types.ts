// Names the generated API types of the brand screens. Nothing is declared by hand: every alias
// points into schema.ts, generated from the server's OpenAPI document.
import type { components } from '../../api/schema';

type Schemas = components['schemas'];

export type Brand = Schemas['Brand'];
export type BrandReport = Schemas['BrandReport'];
export type BrandFigures = Schemas['BrandFigures'];
export type BrandSite = Schemas['BrandSite'];
