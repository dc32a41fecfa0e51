import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { reportKeys } from '../reports/queries';
import type { Flash } from './types';

/** Between two `orders.changed` events the figures still move (the "until" hour): ask again every minute. */
export const FLASH_REFRESH_MS = 60_000;

// Under ['reports'], which the 'orders.changed' server event makes stale (app/serverEvents.ts).
export const flashKeys = {
  all: [...reportKeys.all, 'flash'] as const,
  detail: (restaurantId: number) => [...flashKeys.all, restaurantId] as const,
};

/** The daily flash of one restaurant, or of all the user may see (0). */
export const flashQuery = (restaurantId: number) =>
  queryOptions({
    queryKey: flashKeys.detail(restaurantId),
    queryFn: ({ signal }): Promise<Flash> =>
      unwrap(api.GET('/api/v1/reports/flash', { params: { query: { restaurantId } }, signal })),
    placeholderData: keepPreviousData,
    refetchInterval: FLASH_REFRESH_MS,
  });
