import type { Campaign, HistoryAction } from './types';

// Query keys of the cartes. In a module of their own: the app's server events import them without
// the carte screens' code (which keeps the first screen's JavaScript under its ceiling).

type CampaignId = Campaign['id'];

// Everything under ['campaigns'], which the 'campaigns.changed' server event invalidates.
export const menuKeys = {
  all: ['campaigns'] as const,
  list: () => [...menuKeys.all, 'list'] as const,
  campaign: (campaignId: CampaignId) => [...menuKeys.all, campaignId] as const,
  document: (campaignId: CampaignId) => [...menuKeys.campaign(campaignId), 'document'] as const,
  trash: (campaignId: CampaignId) => [...menuKeys.campaign(campaignId), 'trash'] as const,
  linked: (campaignId: CampaignId, category: string) => [...menuKeys.trash(campaignId), 'linked', category] as const,
  /** Mes Produits: every carte's products ('campaigns.changed' refreshes it too). */
  products: () => [...menuKeys.all, 'products'] as const,
};

export interface CartesHistoryFilter {
  from?: string;
  to?: string;
  action?: HistoryAction | '';
  user?: string;
}

/** Historique shows this many entries per page. */
export const HISTORY_PAGE_SIZE = 50;

// Under ['history'], so every event that makes the history stale refreshes this view too.
export const cartesHistoryKeys = {
  all: ['history', 'Cartes'] as const,
  list: (filter: CartesHistoryFilter, page = 0, pageSize = HISTORY_PAGE_SIZE) => [...cartesHistoryKeys.all, filter, page, pageSize] as const,
};
