// Names the generated API types of the loyalty screens. Nothing is declared by hand: every alias
// points into schema.ts, generated from the server's OpenAPI document.
import type { components } from '../../api/schema';

type Schemas = components['schemas'];

export type EarnRule = Schemas['EarnRule'];
export type Tier = Schemas['Tier'];
export type Reward = Schemas['Reward'];
export type LoyaltyDashboard = Schemas['LoyaltyDashboard'];
export type LoyaltyHistoryPage = Schemas['LoyaltyHistoryPage'];
export type LoyaltyHistoryItem = Schemas['LoyaltyHistoryItem'];
export type LoyaltyMemberPage = Schemas['LoyaltyMemberPage'];
export type LoyaltyMember = Schemas['LoyaltyMember'];
export type LoyaltyMoney = Schemas['LoyaltyMoney'];
