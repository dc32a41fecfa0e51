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
