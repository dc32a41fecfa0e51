import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { reportKeys, type ReportFilter } from '../reports/queries';
import type { Cancellations, CancelledPage, ClickAndCollect } from './types';

// Under ['reports'], which the 'orders.changed' server event makes stale (app/serverEvents.ts).
export const collectKeys = {
  collect: (f: ReportFilter) => [...reportKeys.all, 'clickAndCollect', f] as const,
  cancellations: (f: ReportFilter) => [...reportKeys.all, 'cancellations', f] as const,
  cancelledOrders: (f: ReportFilter, page: number, pageSize: number) => [...reportKeys.all, 'cancellations', 'orders', f, page, pageSize] as const,
};

function rangeQuery(f: ReportFilter) {
  return { start: f.start, end: f.end, restaurantId: f.restaurantId, ...(f.currency ? { currency: f.currency } : {}) };
}

/** Click & collect: the period against the previous one, by day, local hour, order type and restaurant. */
export const clickAndCollectQuery = (f: ReportFilter) =>
  queryOptions({
    queryKey: collectKeys.collect(f),
    queryFn: ({ signal }): Promise<ClickAndCollect> =>
      unwrap(api.GET('/api/v1/reports/clickAndCollect', { params: { query: rangeQuery(f) }, signal })),
    placeholderData: keepPreviousData,
  });

/** Mes Annulations: the cancelled orders by status, source, day, restaurant and equipment. */
export const cancellationsQuery = (f: ReportFilter) =>
  queryOptions({
    queryKey: collectKeys.cancellations(f),
    queryFn: ({ signal }): Promise<Cancellations> =>
      unwrap(api.GET('/api/v1/reports/cancellations', { params: { query: rangeQuery(f) }, signal })),
    placeholderData: keepPreviousData,
  });

/** A page of the latest cancelled orders. */
export const cancelledOrdersQuery = (f: ReportFilter, page: number, pageSize: number) =>
  queryOptions({
    queryKey: collectKeys.cancelledOrders(f, page, pageSize),
    queryFn: ({ signal }): Promise<CancelledPage> =>
      unwrap(api.GET('/api/v1/reports/cancellations/orders', { params: { query: { ...rangeQuery(f), page, pageSize } }, signal })),
    placeholderData: keepPreviousData,
  });
