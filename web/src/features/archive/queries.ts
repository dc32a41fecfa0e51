import { queryOptions, type UseMutationOptions } from '@tanstack/react-query';
import { api, unwrap, type ApiError } from '../../api/client';
import type { components } from '../../api/schema';

type Schemas = components['schemas'];
export type DeletedCampaign = Schemas['DeletedCampaign'];
export type PastExport = Schemas['PastExport'];
export type Campaign = Schemas['Campaign'];

export const archiveKeys = {
  all: ['archive'] as const,
  campaigns: () => [...archiveKeys.all, 'campaigns'] as const,
  exports: () => [...archiveKeys.all, 'exports'] as const,
};

export const deletedCampaignsQuery = () =>
  queryOptions({
    queryKey: archiveKeys.campaigns(),
    queryFn: async () => (await unwrap(api.GET('/api/v1/archive/campaigns'))) ?? [],
  });

export const pastExportsQuery = () =>
  queryOptions({
    queryKey: archiveKeys.exports(),
    queryFn: async () => (await unwrap(api.GET('/api/v1/exports'))) ?? [],
  });

export const restoreCampaignMutation = (): UseMutationOptions<Campaign, ApiError, number> => ({
  mutationKey: [...archiveKeys.all, 'restore'],
  mutationFn: (deletedId) => unwrap(api.POST('/api/v1/archive/campaigns/{deletedId}/restore', { params: { path: { deletedId } } })),
});
