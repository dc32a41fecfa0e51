// Names the generated API types of the campaign screens. Nothing is declared by hand: every alias
// points into schema.ts, generated from the server's OpenAPI document.
import type { components } from '../../api/schema';

type Schemas = components['schemas'];

export type Campaign = Schemas['MarketingCampaign'];
export type CampaignInput = Schemas['MarketingCampaignInput'];
export type Segment = Schemas['MarketingSegment'];
export type EstimateInput = Schemas['MarketingEstimateInput'];
export type EstimateResult = Schemas['MarketingEstimateResult'];
export type MarketingList = Schemas['MarketingList'];
export type ListInput = Schemas['MarketingListInput'];
export type Messages = Schemas['MarketingMessages'];
export type Message = Schemas['MarketingMessage'];
export type Settings = Schemas['MarketingSettings'];
export type Money = Schemas['MarketingMoney'];
