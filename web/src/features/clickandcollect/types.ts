import type { components } from '../../api/schema';

type Schemas = components['schemas'];

// Aliases of the generated API types (never redeclared by hand).
export type ClickAndCollect = Schemas['ClickAndCollect'];
export type CollectFigures = Schemas['CollectFigures'];
export type CollectDay = Schemas['CollectDay'];
export type CollectHour = Schemas['CollectHour'];
export type CollectType = Schemas['CollectType'];
export type CollectRestaurant = Schemas['CollectRestaurant'];
export type Cancellations = Schemas['Cancellations'];
export type CancelFigures = Schemas['CancelFigures'];
export type CancelGroup = Schemas['CancelGroup'];
export type CancelDay = Schemas['CancelDay'];
export type CancelRestaurant = Schemas['CancelRestaurant'];
export type CancelEquipment = Schemas['CancelEquipment'];
export type CancelledPage = Schemas['CancelledPage'];
export type CancelledOrder = Schemas['CancelledOrder'];
