// Names the generated API types of the discount screens. Nothing is declared by hand: every alias
// points into schema.ts, generated from the server's OpenAPI document.
import type { components } from '../../api/schema';

type Schemas = components['schemas'];

export type Discount = Schemas['FranchiseDiscount'];
export type DiscountKind = Discount['kind'];
export type DiscountRules = Schemas['DiscountRules'];
export type DiscountTarget = NonNullable<DiscountRules['target']>;
export type PromoCode = Schemas['PromoCode'];
export type PromoCodeChange = Schemas['PromoCodeChange'];
export type CatalogueProduct = Schemas['CatalogueProduct'];
