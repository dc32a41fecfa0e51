import { queryOptions, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api, unwrap, type ApiError } from '../../api/client';
import type { Marketplace, MarketplaceModule, ModuleKind, ModuleSettings } from './types';

/**
 * Everything under ['marketplace']. The server publishes `marketplace.changed` {restaurantId}
 * after each change; a refresh by this prefix covers it.
 */
export const marketplaceKeys = {
  all: ['marketplace'] as const,
  /** 0: every restaurant the user may see. */
  list: (restaurantId: number) => [...marketplaceKeys.all, 'list', restaurantId] as const,
};

export const marketplaceQuery = (restaurantId: number) =>
  queryOptions({
    queryKey: marketplaceKeys.list(restaurantId),
    queryFn: (): Promise<Marketplace> =>
      unwrap(api.GET('/api/v1/marketplace', { params: { query: { restaurantId } } })),
  });

interface ModuleRef {
  restaurantId: number;
  kind: ModuleKind;
}

const path = ({ restaurantId, kind }: ModuleRef) => ({ path: { restaurantId, module: kind } });

export const setStatusMutation = (): UseMutationOptions<MarketplaceModule, ApiError, ModuleRef & { status: boolean; version: number }> => ({
  mutationKey: [...marketplaceKeys.all, 'status'],
  mutationFn: ({ status, version, ...ref }) =>
    unwrap(api.PUT('/api/v1/restaurants/{restaurantId}/marketplace/{module}/status', { params: path(ref), body: { status, version } })),
});

export interface ConfigureVars extends ModuleRef {
  settings: ModuleSettings;
  /** Tills to add the module to (delivery platforms). */
  selected_pos: number[];
  version: number;
}

export const configureMutation = (): UseMutationOptions<MarketplaceModule, ApiError, ConfigureVars> => ({
  mutationKey: [...marketplaceKeys.all, 'configure'],
  mutationFn: ({ settings, selected_pos, version, ...ref }) =>
    unwrap(
      api.PUT('/api/v1/restaurants/{restaurantId}/marketplace/{module}/settings', {
        params: path(ref),
        body: { settings, selected_pos: selected_pos.length > 0 ? selected_pos : undefined, version },
      }),
    ),
});

export const unassignMutation = (): UseMutationOptions<MarketplaceModule, ApiError, ModuleRef & { equipmentId: number }> => ({
  mutationKey: [...marketplaceKeys.all, 'unassign'],
  mutationFn: ({ equipmentId, ...ref }) =>
    unwrap(
      api.DELETE('/api/v1/restaurants/{restaurantId}/marketplace/{module}/pos/{equipmentId}', {
        params: { path: { ...path(ref).path, equipmentId } },
      }),
    ),
});

export const addModuleMutation = (): UseMutationOptions<MarketplaceModule, ApiError, ModuleRef> => ({
  mutationKey: [...marketplaceKeys.all, 'add'],
  mutationFn: (ref) => unwrap(api.POST('/api/v1/restaurants/{restaurantId}/marketplace/{module}', { params: path(ref) })),
});

/** After a change: every marketplace listing (one restaurant, or all) asks again. */
export function marketplaceChanged(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: marketplaceKeys.all });
}
