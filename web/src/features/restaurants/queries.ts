import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';

export const restaurantKeys = {
  all: ['restaurants'] as const,
  list: () => [...restaurantKeys.all, 'list'] as const,
};

/** The restaurants the signed-in user may see (already scoped by the server). */
export const restaurantsQuery = () =>
  queryOptions({
    queryKey: restaurantKeys.list(),
    queryFn: () => unwrap(api.GET('/api/v1/restaurants')),
    select: (list) => list.items ?? [],
    staleTime: 5 * 60_000,
  });
