import { keepPreviousData, queryOptions, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { availabilityKeys } from './keys';
import { api, unwrap, unwrapEmpty, type ApiError } from '../../api/client';
import type { Hours, OpeningHours, PlanBulkInput, PlanBulkResult, ProductPlan, RestaurantAvailability, SoldOut, SoldOutInput } from '../../api/types';

/**
 * Everything under ['availability']. The server publishes `availability.changed` {restaurantId}
 * after each sold-out or hours change; a refresh by this prefix covers it.
 */

/** A page of the product plan: restaurants by name, rows from one carte (campaignId) or from the page's menus (0). */
export interface PlanParams {
  campaignId: number;
  page: number;
  pageSize: number;
}

/**
 * Plan Produit: one request per page of restaurants, whatever their number. The previous page
 * stays on screen while the next one loads.
 */
export const planQuery = (params: PlanParams) =>
  queryOptions({
    queryKey: availabilityKeys.plan(params),
    queryFn: ({ signal }): Promise<ProductPlan> =>
      unwrap(
        api.GET('/api/v1/availability/plan', {
          params: { query: { page: params.page, pageSize: params.pageSize, ...(params.campaignId ? { campaignId: params.campaignId } : {}) } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** Many cells at once, in one transaction: all of them change, or none. */
export const bulkAvailabilityMutation = (): UseMutationOptions<PlanBulkResult, ApiError, PlanBulkInput> => ({
  mutationKey: [...availabilityKeys.plans(), 'bulk'],
  mutationFn: (body) => unwrap(api.POST('/api/v1/availability/plan/bulk', { body })),
});

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

export { availabilityKeys };
