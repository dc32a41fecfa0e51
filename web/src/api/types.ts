// Names the generated API types the app uses. Nothing here is declared by hand:
// every alias points into schema.ts, which is generated from the server's OpenAPI document.
import type { components } from './schema';

type Schemas = components['schemas'];

export type CurrentUser = Schemas['CurrentUser'];
export type Role = CurrentUser['roles'];
export type UserInfo = Schemas['UserInfo'];
export type Restaurant = Schemas['Restaurant'];
export type RestaurantList = Schemas['RestaurantList'];
export type Franchise = Schemas['Franchise'];
export type FranchiseSummary = Schemas['FranchiseSummary'];
export type FranchiseList = Schemas['FranchiseList'];
export type SuspensionStatus = Schemas['SuspensionStatus'];
export type ProblemDetails = Schemas['ErrorModel'];
export type ProblemFieldError = Schemas['ErrorDetail'];
export type RestaurantBody = Schemas['RestaurantBody'];
export type CountryCode = RestaurantBody['countryCode'];
export type Equipment = Schemas['Equipment'];
export type EquipmentKind = Equipment['kind'];
export type EquipmentList = Schemas['EquipmentList'];
export type IssuedKey = Schemas['IssuedKey'];
export type FranchiseBody = Schemas['FranchiseBody'];
export type CountryLanguage = Schemas['CountryLanguage'];
export type HistoryEntry = Schemas['HistoryEntry'];
export type HistoryList = Schemas['HistoryList'];
export type RestaurantAvailability = Schemas['RestaurantAvailability'];
export type AvailabilityElement = Schemas['AvailabilityElement'];
export type SoldOut = Schemas['SoldOut'];
export type SoldOutInput = Schemas['SoldOutInput'];
export type OpeningHours = Schemas['OpeningHours'];
export type Hours = Schemas['Hours'];
export type ChannelHours = Schemas['ChannelHours'];
export type DayHours = Schemas['DayHours'];
export type HoursException = Schemas['Exception'];
export type HoursSlot = Schemas['Slot'];
export type ProductPlan = Schemas['ProductPlan'];
export type PlanRow = Schemas['PlanRow'];
export type PlanCell = Schemas['PlanCell'];
export type PlanRestaurant = Schemas['PlanRestaurant'];
export type PlanBulkInput = Schemas['PlanBulkInput'];
export type PlanBulkCell = Schemas['PlanBulkCell'];
export type PlanBulkResult = Schemas['PlanBulkResult'];
export type OpenState = Schemas['OpenState'];
