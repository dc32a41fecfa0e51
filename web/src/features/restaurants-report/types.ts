import type { components } from '../../api/schema';

type Schemas = components['schemas'];

// Aliases of the generated API types (never redeclared by hand).
export type RestaurantComparison = Schemas['RestaurantComparison'];
export type RestaurantRow = Schemas['RestaurantRow'];
export type RestaurantFigures = Schemas['RestaurantFigures'];
export type RestaurantsToday = Schemas['RestaurantsToday'];
export type RestaurantToday = Schemas['RestaurantToday'];
export type EquipmentStatus = Schemas['EquipmentStatus'];
export type EquipmentReport = Schemas['EquipmentReport'];
export type EquipmentRow = Schemas['EquipmentRow'];
