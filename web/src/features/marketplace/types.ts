// The marketplace's API types: aliases into the generated schema, never declared by hand.
import type { components } from '../../api/schema';

type Schemas = components['schemas'];

export type Marketplace = Schemas['Marketplace'];
export type MarketplaceRestaurant = Schemas['MarketplaceRestaurant'];
export type MarketplaceModule = Schemas['MarketplaceModule'];
export type ModuleKind = MarketplaceModule['kind'];
export type ModuleCategory = MarketplaceModule['category'];
export type ModuleSettings = Schemas['ModuleSettings'];
export type Till = Schemas['Till'];
