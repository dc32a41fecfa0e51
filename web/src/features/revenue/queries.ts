import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { reportKeys, type ReportFilter } from '../reports/queries';
import type { Revenue, RevenueGrain } from './types';

// Under ['reports'], which the 'orders.changed' server event makes stale (app/serverEvents.ts).
export const revenueKeys = {
  all: [...reportKeys.all, 'revenue'] as const,
  detail: (f: ReportFilter, grain: RevenueGrain) => [...revenueKeys.all, f, grain] as const,
};

/** Revenue over time: the range by grain against the previous range and last year, and the weekday × hour map. */
export const revenueQuery = (f: ReportFilter, grain: RevenueGrain) =>
  queryOptions({
    queryKey: revenueKeys.detail(f, grain),
    queryFn: ({ signal }): Promise<Revenue> => {
      const query = { start: f.start, end: f.end, restaurantId: f.restaurantId, grain, ...(f.currency ? { currency: f.currency } : {}) };
      return unwrap(api.GET('/api/v1/reports/revenue', { params: { query }, signal }));
    },
    placeholderData: keepPreviousData,
  });
