import { queryOptions, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api, unwrap, type ApiError } from '../../api/client';
import type { Restaurant, RestaurantBody } from '../../api/types';

export type RestaurantId = Restaurant['id'];

export interface RestaurantFilters {
  includeArchived: boolean;
}

// Everything under ['restaurants'], which the 'restaurants.changed' server event invalidates.
export const restaurantKeys = {
  all: ['restaurants'] as const,
  list: () => [...restaurantKeys.all, 'list'] as const,
  filtered: (filters: RestaurantFilters) => [...restaurantKeys.list(), filters] as const,
  detail: (id: RestaurantId) => [...restaurantKeys.all, 'detail', id] as const,
};

/** The restaurants the signed-in user may see (already scoped by the server). */
export const restaurantsQuery = () =>
  queryOptions({
    queryKey: restaurantKeys.list(),
    queryFn: () => unwrap(api.GET('/api/v1/restaurants')),
    select: (list) => list.items ?? [],
    staleTime: 5 * 60_000,
  });

/**
 * The establishments screen's list: archived restaurants only on request. Search is local (instant).
 * Without the archived ones it is the same list as restaurantsQuery's, under the same key, so the
 * shell and the page never ask for it twice.
 */
export const restaurantListQuery = (filters: RestaurantFilters) =>
  queryOptions({
    queryKey: filters.includeArchived ? restaurantKeys.filtered(filters) : restaurantKeys.list(),
    queryFn: () =>
      unwrap(api.GET('/api/v1/restaurants', { params: { query: filters.includeArchived ? { includeArchived: true } : {} } })),
  });

export const restaurantQuery = (id: RestaurantId) =>
  queryOptions({
    queryKey: restaurantKeys.detail(id),
    queryFn: () => unwrap(api.GET('/api/v1/restaurants/{restaurantId}', { params: { path: { restaurantId: id } } })),
  });

/** After a write: the answer becomes the cached detail, and every list asks again. */
export function restaurantSaved(client: QueryClient, restaurant: Restaurant): void {
  client.setQueryData(restaurantKeys.detail(restaurant.id), restaurant);
  void client.invalidateQueries({ queryKey: restaurantKeys.list() });
}

export const createRestaurantMutation = (): UseMutationOptions<Restaurant, ApiError, RestaurantBody> => ({
  mutationKey: [...restaurantKeys.all, 'create'],
  mutationFn: (body) => unwrap(api.POST('/api/v1/restaurants', { body })),
});

export const updateRestaurantMutation = (
  id: RestaurantId,
): UseMutationOptions<Restaurant, ApiError, RestaurantBody> => ({
  mutationKey: [...restaurantKeys.detail(id), 'update'],
  mutationFn: (body) => unwrap(api.PUT('/api/v1/restaurants/{restaurantId}', { params: { path: { restaurantId: id } }, body })),
});

export const setArchivedMutation = (id: RestaurantId): UseMutationOptions<Restaurant, ApiError, { archived: boolean }> => ({
  mutationKey: [...restaurantKeys.detail(id), 'archive'],
  mutationFn: ({ archived }) => {
    const params = { path: { restaurantId: id } };
    return unwrap(
      archived
        ? api.POST('/api/v1/restaurants/{restaurantId}/archive', { params })
        : api.POST('/api/v1/restaurants/{restaurantId}/restore', { params }),
    );
  },
});
