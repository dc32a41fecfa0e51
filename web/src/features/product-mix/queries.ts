import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { reportKeys, type ReportFilter } from '../reports/queries';
import type { ProductMix } from './types';

// Under ['reports'], which the 'orders.changed' server event makes stale (app/serverEvents.ts).
export const productMixKeys = {
  all: [...reportKeys.all, 'productMix'] as const,
  detail: (f: ReportFilter) => [...productMixKeys.all, f] as const,
};

/** The product mix: products, categories and options of the range against the previous one, with margins. */
export const productMixQuery = (f: ReportFilter) =>
  queryOptions({
    queryKey: productMixKeys.detail(f),
    queryFn: ({ signal }): Promise<ProductMix> => {
      const query = { start: f.start, end: f.end, restaurantId: f.restaurantId, ...(f.currency ? { currency: f.currency } : {}) };
      return unwrap(api.GET('/api/v1/reports/productMix', { params: { query }, signal }));
    },
    placeholderData: keepPreviousData,
  });
