// The loyalty program under ['loyalty'], which the 'loyalty.changed' server event makes stale
// (a rule, tier or reward saved, points earned, redeemed or adjusted). In a module of its own:
// the app's server events import it without the loyalty screens' code.
export interface LoyaltyFilter {
  from: string;
  to: string;
  restaurantId: number;
}

export interface LoyaltyHistoryFilter extends LoyaltyFilter {
  kind: string;
  page: number;
  pageSize: number;
}

export const loyaltyKeys = {
  all: ['loyalty'] as const,
  rules: () => [...loyaltyKeys.all, 'rules'] as const,
  tiers: () => [...loyaltyKeys.all, 'tiers'] as const,
  rewards: () => [...loyaltyKeys.all, 'rewards'] as const,
  dashboard: (f: LoyaltyFilter) => [...loyaltyKeys.all, 'dashboard', f] as const,
  history: (f: LoyaltyHistoryFilter) => [...loyaltyKeys.all, 'history', f] as const,
  members: (f: { restaurantId: number; page: number; pageSize: number }) => [...loyaltyKeys.all, 'members', f] as const,
  customer: (id: number) => [...loyaltyKeys.all, 'customer', id] as const,
};
