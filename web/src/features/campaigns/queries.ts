import { keepPreviousData, queryOptions, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api, unwrap, unwrapEmpty, type ApiError } from '../../api/client';
import { marketingKeys } from './keys';
import type { Campaign, CampaignInput, EstimateInput, ListInput, MarketingList } from './types';

export { marketingKeys };

export const campaignsQuery = () =>
  queryOptions({
    queryKey: marketingKeys.campaigns(),
    queryFn: () => unwrap(api.GET('/api/v1/marketing/campaigns')),
    select: (r) => r.items ?? [],
  });

export const campaignQuery = (id: number) =>
  queryOptions({
    queryKey: marketingKeys.campaign(id),
    queryFn: () => unwrap(api.GET('/api/v1/marketing/campaigns/{campaignId}', { params: { path: { campaignId: id } } })),
  });

export const messagesQuery = (id: number, status: string, page: number) =>
  queryOptions({
    queryKey: marketingKeys.messages(id, status, page),
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/marketing/campaigns/{campaignId}/messages', {
          params: { path: { campaignId: id }, query: { page, ...(status ? { status: status as 'delivered' } : {}) } },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const estimateQuery = (body: EstimateInput) =>
  queryOptions({
    queryKey: marketingKeys.estimate(body),
    queryFn: () => unwrap(api.POST('/api/v1/marketing/estimate', { body })),
    placeholderData: keepPreviousData,
  });

export const listsQuery = () =>
  queryOptions({
    queryKey: marketingKeys.lists(),
    queryFn: () => unwrap(api.GET('/api/v1/marketing/lists')),
    select: (r) => r.items ?? [],
  });

export const listQuery = (id: number) =>
  queryOptions({
    queryKey: marketingKeys.list(id),
    queryFn: () => unwrap(api.GET('/api/v1/marketing/lists/{listId}', { params: { path: { listId: id } } })),
  });

export const settingsQuery = () =>
  queryOptions({
    queryKey: marketingKeys.settings(),
    queryFn: () => unwrap(api.GET('/api/v1/marketing/settings')),
    staleTime: 5 * 60_000,
  });

/** After a write: every campaign and list screen asks again. */
export function marketingChanged(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: marketingKeys.all });
}

export const createCampaignMutation = (): UseMutationOptions<Campaign, ApiError, CampaignInput> => ({
  mutationKey: [...marketingKeys.campaigns(), 'create'],
  mutationFn: (body) => unwrap(api.POST('/api/v1/marketing/campaigns', { body })),
});

/** A change sends the version it was made on (If-Match): someone else's save in between gives a 409. */
export const updateCampaignMutation = (): UseMutationOptions<Campaign, ApiError, { id: number; version: number; body: CampaignInput }> => ({
  mutationKey: [...marketingKeys.campaigns(), 'update'],
  mutationFn: ({ id, version, body }) =>
    unwrap(api.PUT('/api/v1/marketing/campaigns/{campaignId}', { params: { path: { campaignId: id }, header: { 'If-Match': `"${version}"` } }, body })),
});

export const sendCampaignMutation = (): UseMutationOptions<Campaign, ApiError, { id: number }> => ({
  mutationKey: [...marketingKeys.campaigns(), 'send'],
  mutationFn: ({ id }) => unwrap(api.POST('/api/v1/marketing/campaigns/{campaignId}/send', { params: { path: { campaignId: id } } })),
});

export const cancelCampaignMutation = (): UseMutationOptions<Campaign, ApiError, { id: number }> => ({
  mutationKey: [...marketingKeys.campaigns(), 'cancel'],
  mutationFn: ({ id }) => unwrap(api.POST('/api/v1/marketing/campaigns/{campaignId}/cancel', { params: { path: { campaignId: id } } })),
});

export const deleteCampaignMutation = (): UseMutationOptions<void, ApiError, { id: number }> => ({
  mutationKey: [...marketingKeys.campaigns(), 'delete'],
  mutationFn: ({ id }) => unwrapEmpty(api.DELETE('/api/v1/marketing/campaigns/{campaignId}', { params: { path: { campaignId: id } } })),
});

export const createListMutation = (): UseMutationOptions<MarketingList, ApiError, ListInput> => ({
  mutationKey: [...marketingKeys.lists(), 'create'],
  mutationFn: (body) => unwrap(api.POST('/api/v1/marketing/lists', { body })),
});

export const updateListMutation = (): UseMutationOptions<MarketingList, ApiError, { id: number; version: number; body: ListInput }> => ({
  mutationKey: [...marketingKeys.lists(), 'update'],
  mutationFn: ({ id, version, body }) =>
    unwrap(api.PUT('/api/v1/marketing/lists/{listId}', { params: { path: { listId: id }, header: { 'If-Match': `"${version}"` } }, body })),
});

export const deleteListMutation = (): UseMutationOptions<void, ApiError, { id: number }> => ({
  mutationKey: [...marketingKeys.lists(), 'delete'],
  mutationFn: ({ id }) => unwrapEmpty(api.DELETE('/api/v1/marketing/lists/{listId}', { params: { path: { listId: id } } })),
});
