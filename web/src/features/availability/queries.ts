import { queryOptions, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api, unwrap, unwrapEmpty, type ApiError } from '../../api/client';
import type { Hours, OpeningHours, RestaurantAvailability, SoldOut, SoldOutInput } from '../../api/types';

/**
 * Everything under ['availability']. The server publishes `availability.changed` {restaurantId}
 * after each sold-out or hours change; a refresh by this prefix covers it.
 */
export const availabilityKeys = {
  all: ['availability'] as const,
  elements: (restaurantId: number) => [...availabilityKeys.all, 'elements', restaurantId] as const,
  hours: (restaurantId: number) => [...availabilityKeys.all, 'hours', restaurantId] as const,
};

export const availabilityQuery = (restaurantId: number) =>
  queryOptions({
    queryKey: availabilityKeys.elements(restaurantId),
    queryFn: (): Promise<RestaurantAvailability> =>
      unwrap(api.GET('/api/v1/restaurants/{restaurantId}/availability', { params: { path: { restaurantId } } })),
  });

export const hoursQuery = (restaurantId: number) =>
  queryOptions({
    queryKey: availabilityKeys.hours(restaurantId),
    queryFn: (): Promise<OpeningHours> =>
      unwrap(api.GET('/api/v1/restaurants/{restaurantId}/hours', { params: { path: { restaurantId } } })),
  });

export const setSoldOutMutation = (restaurantId: number): UseMutationOptions<SoldOut, ApiError, SoldOutInput> => ({
  mutationKey: [...availabilityKeys.all, 'soldOut', restaurantId],
  mutationFn: (body) => unwrap(api.PUT('/api/v1/restaurants/{restaurantId}/availability/soldout', { params: { path: { restaurantId } }, body })),
});

export const clearSoldOutMutation = (
  restaurantId: number,
): UseMutationOptions<void, ApiError, { kind: SoldOut['kind']; idGlobal: string; name: string }> => ({
  mutationKey: [...availabilityKeys.all, 'clear', restaurantId],
  mutationFn: ({ kind, idGlobal }) =>
    unwrapEmpty(
      api.DELETE('/api/v1/restaurants/{restaurantId}/availability/soldout', { params: { path: { restaurantId }, query: { kind, idGlobal } } }),
    ),
});

/** Saves the hours over the version the user edited (If-Match): a stale version is a 409. */
export const saveHoursMutation = (restaurantId: number): UseMutationOptions<OpeningHours, ApiError, { hours: Hours; version: number }> => ({
  mutationKey: [...availabilityKeys.all, 'saveHours', restaurantId],
  mutationFn: ({ hours, version }) =>
    unwrap(
      api.PUT('/api/v1/restaurants/{restaurantId}/hours', {
        params: { path: { restaurantId }, header: { 'If-Match': `"${version}"` } },
        body: hours,
      }),
    ),
});

/** After a change: the restaurant's elements and hours ask again. */
export function availabilityChanged(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: availabilityKeys.all });
}
