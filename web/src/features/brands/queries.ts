import { keepPreviousData, queryOptions, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api, unwrap, unwrapEmpty, type ApiError } from '../../api/client';
import type { ReportFilter } from '../reports/queries';
import type { Brand, BrandReport } from './types';

import { brandKeys } from './keys';

export { brandKeys };

// One function for every render, so the selected array keeps its identity between renders.
const orEmpty = <T,>(list: T[] | null): T[] => list ?? [];

export const brandsQuery = () =>
  queryOptions({
    queryKey: brandKeys.list(),
    queryFn: () => unwrap(api.GET('/api/v1/brands')),
    select: orEmpty<Brand>,
  });

/** Nos Marques and Food court: the sales of the range cut by brand, and per site serving several. */
export const brandReportQuery = (f: ReportFilter) =>
  queryOptions({
    queryKey: brandKeys.report(f),
    queryFn: (): Promise<BrandReport> => {
      const query = { start: f.start, end: f.end, restaurantId: f.restaurantId, ...(f.currency ? { currency: f.currency } : {}) };
      return unwrap(api.GET('/api/v1/reports/brands', { params: { query } }));
    },
    placeholderData: keepPreviousData,
  });

/** After a write: the list and the reports by brand ask again. */
export function brandsChanged(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: brandKeys.all });
  void client.invalidateQueries({ queryKey: brandKeys.reports() });
}

export const createBrandMutation = (): UseMutationOptions<Brand, ApiError, Brand> => ({
  mutationKey: [...brandKeys.all, 'create'],
  mutationFn: (body) => unwrap(api.POST('/api/v1/brands', { body })),
});

/** A change sends the version it was made on (If-Match): someone else's save in between gives a 409. */
export const updateBrandMutation = (): UseMutationOptions<Brand, ApiError, { id: number; version: number; body: Brand }> => ({
  mutationKey: [...brandKeys.all, 'update'],
  mutationFn: ({ id, version, body }) =>
    unwrap(api.PUT('/api/v1/brands/{brandId}', { params: { path: { brandId: id }, header: { 'If-Match': `"${version}"` } }, body })),
});

export const deleteBrandMutation = (): UseMutationOptions<void, ApiError, { id: number }> => ({
  mutationKey: [...brandKeys.all, 'delete'],
  mutationFn: ({ id }) => unwrapEmpty(api.DELETE('/api/v1/brands/{brandId}', { params: { path: { brandId: id } } })),
});
