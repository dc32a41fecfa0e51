// Names the generated API types this feature uses (aliases into schema.ts, never declared by hand).
import type { components } from '../../api/schema';

type Schemas = components['schemas'];

export type Campaign = Schemas['Campaign'];
export type CampaignBody = Schemas['CampaignBody'];
export type CampaignList = Schemas['CampaignList'];
export type CarteTrash = Schemas['CarteTrash'];
export type TrashItem = Schemas['TrashItem'];
export type TrashKind = Schemas['TrashSelection']['kind'];
export type TrashResult = Schemas['TrashResult'];
export type LinkedProduct = Schemas['LinkedProduct'];
export type HistoryEntry = Schemas['HistoryEntry'];
export type HistoryAction = HistoryEntry['action'];
export type HistoryChange = Schemas['Change'];
export type HistoryList = Schemas['HistoryList'];
export type Catalogue = Schemas['Catalogue'];
export type CatalogueProduct = Schemas['CatalogueProduct'];
export type CataloguePrice = Schemas['CataloguePrice'];
export type BulkBody = Schemas['BulkBody'];
export type BulkPrice = Schemas['BulkPrice'];
export type BulkPriceMode = BulkPrice['mode'];
export type BulkTarget = Schemas['BulkTarget'];
export type BulkResult = Schemas['BulkResult'];
