import { keepPreviousData, queryOptions, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api, unwrap, type ApiError } from '../../api/client';
import type { Equipment, EquipmentKind, EquipmentList, IssuedKey, Restaurant } from '../../api/types';

type RestaurantId = Restaurant['id'];
type EquipmentId = Equipment['id'];

// Everything under ['equipments'], which the 'equipments.changed' server event invalidates.
export const equipmentKeys = {
  all: ['equipments'] as const,
  restaurant: (restaurantId: RestaurantId) => [...equipmentKeys.all, restaurantId] as const,
  list: (restaurantId: RestaurantId) => [...equipmentKeys.restaurant(restaurantId), 'list'] as const,
};

export const equipmentsQuery = (restaurantId: RestaurantId) =>
  queryOptions({
    queryKey: equipmentKeys.list(restaurantId),
    queryFn: () =>
      unwrap(api.GET('/api/v1/restaurants/{restaurantId}/equipments', { params: { path: { restaurantId } } })),
    select: (list) => list.items ?? [],
    // Last-seen times move on their own: ask again now and then while the screen is open.
    refetchInterval: 60_000,
  });

/** Puts a device the server just answered with into the cached list, then asks for the list again. */
export function equipmentSaved(client: QueryClient, equipment: Equipment): void {
  const key = equipmentKeys.list(equipment.restaurantId);
  client.setQueryData<EquipmentList>(key, (list) => {
    if (!list) return list;
    const items = list.items ?? [];
    const known = items.some((e) => e.id === equipment.id);
    return {
      items: known ? items.map((e) => (e.id === equipment.id ? equipment : e)) : [...items, equipment],
      total: known ? list.total : list.total + 1,
    };
  });
  void client.invalidateQueries({ queryKey: key });
  void client.invalidateQueries({ queryKey: historyKeys.all });
}

export interface NewEquipment {
  kind: EquipmentKind;
  name: string;
}

export const createEquipmentMutation = (restaurantId: RestaurantId): UseMutationOptions<Equipment, ApiError, NewEquipment> => ({
  mutationKey: [...equipmentKeys.restaurant(restaurantId), 'create'],
  mutationFn: (body) =>
    unwrap(api.POST('/api/v1/restaurants/{restaurantId}/equipments', { params: { path: { restaurantId } }, body })),
});

export const renameEquipmentMutation = (
  restaurantId: RestaurantId,
): UseMutationOptions<Equipment, ApiError, { equipmentId: EquipmentId; name: string }> => ({
  mutationKey: [...equipmentKeys.restaurant(restaurantId), 'rename'],
  mutationFn: ({ equipmentId, name }) =>
    unwrap(
      api.PATCH('/api/v1/restaurants/{restaurantId}/equipments/{equipmentId}', {
        params: { path: { restaurantId, equipmentId } },
        body: { name },
      }),
    ),
});

/** Issues (or renews) a device key. The key lives only in the mutation's result, never in the cache. */
export const issueKeyMutation = (restaurantId: RestaurantId): UseMutationOptions<IssuedKey, ApiError, { equipmentId: EquipmentId }> => ({
  mutationKey: [...equipmentKeys.restaurant(restaurantId), 'issueKey'],
  mutationFn: ({ equipmentId }) =>
    unwrap(
      api.POST('/api/v1/restaurants/{restaurantId}/equipments/{equipmentId}/key', {
        params: { path: { restaurantId, equipmentId } },
      }),
    ),
});

export const revokeKeyMutation = (restaurantId: RestaurantId): UseMutationOptions<Equipment, ApiError, { equipmentId: EquipmentId }> => ({
  mutationKey: [...equipmentKeys.restaurant(restaurantId), 'revokeKey'],
  mutationFn: ({ equipmentId }) =>
    unwrap(
      api.DELETE('/api/v1/restaurants/{restaurantId}/equipments/{equipmentId}/key', {
        params: { path: { restaurantId, equipmentId } },
      }),
    ),
});

export interface HistoryFilter {
  module?: 'Etablissements' | 'Equipements' | 'Franchise';
  restaurantId?: number;
  page: number;
  pageSize: number;
}

// Under ['history']: every restaurant, device or franchise event also invalidates it (serverEvents.ts).
export const historyKeys = {
  all: ['history'] as const,
  list: (filter: HistoryFilter) => [...historyKeys.all, 'list', filter] as const,
};

export const historyQuery = (filter: HistoryFilter) =>
  queryOptions({
    queryKey: historyKeys.list(filter),
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/history', {
          params: {
            query: {
              page: filter.page,
              pageSize: filter.pageSize,
              ...(filter.module ? { module: filter.module } : {}),
              ...(filter.restaurantId ? { restaurantId: filter.restaurantId } : {}),
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
