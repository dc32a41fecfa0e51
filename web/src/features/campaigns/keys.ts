// The marketing campaigns and lists under ['marketing'], which the 'marketing.changed' and
// 'campaigns.progress' server events make stale. In a module of its own: the app's server events
// import it without the campaign screens' code.
export const marketingKeys = {
  all: ['marketing'] as const,
  campaigns: () => [...marketingKeys.all, 'campaigns'] as const,
  campaign: (id: number) => [...marketingKeys.campaigns(), id] as const,
  messages: (id: number, status: string, page: number) => [...marketingKeys.campaign(id), 'messages', status, page] as const,
  lists: () => [...marketingKeys.all, 'lists'] as const,
  list: (id: number) => [...marketingKeys.lists(), id] as const,
  estimate: (body: unknown) => [...marketingKeys.all, 'estimate', body] as const,
  settings: () => [...marketingKeys.all, 'settings'] as const,
};
