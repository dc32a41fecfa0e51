import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { DateRange } from './format';
import type { DiscountedPage, DiscountReport, PerformanceReport, ProductReport } from './types';

/** The filters every report call takes: the range and a restaurant (0 = all the user may see). */
export interface ReportFilter extends DateRange {
  restaurantId: number;
  /**
   * Reports with amounts over restaurants of several currencies: the one to show (ISO code, from
   * the answer's `currencies`); absent, the server's default (the franchise's).
   */
  currency?: string;
}

export type DiscountGrain = 'day' | 'month';

// Everything under ['reports'], which the 'orders.changed' server event makes stale.
export const reportKeys = {
  all: ['reports'] as const,
  performance: (f: ReportFilter, tz: string) => [...reportKeys.all, 'performance', f, tz] as const,
  products: (f: ReportFilter) => [...reportKeys.all, 'products', f] as const,
  discounts: (f: ReportFilter, grain: DiscountGrain) => [...reportKeys.all, 'discounts', f, grain] as const,
  discountedOrders: (f: ReportFilter, page: number, pageSize: number) =>
    [...reportKeys.all, 'discounts', 'orders', f, page, pageSize] as const,
};

// A built (not literal) object: the report routes read start/end/restaurantId on every call,
// whatever the generated query type of a given operation lists.
function rangeQuery(f: ReportFilter) {
  return { start: f.start, end: f.end, restaurantId: f.restaurantId, ...(f.currency ? { currency: f.currency } : {}) };
}

/** Performance: the six exit-time widgets; `tz` is the heat map's zone ('' = GMT/UTC). */
export const performanceQuery = (f: ReportFilter, tz: string) =>
  queryOptions({
    queryKey: reportKeys.performance(f, tz),
    queryFn: (): Promise<PerformanceReport> => {
      const query = { ...rangeQuery(f), ...(tz ? { tz } : {}) };
      return unwrap(api.GET('/api/v1/reports/performance', { params: { query } }));
    },
    placeholderData: keepPreviousData,
  });

export const productsReportQuery = (f: ReportFilter) =>
  queryOptions({
    queryKey: reportKeys.products(f),
    queryFn: (): Promise<ProductReport> => {
      const query = rangeQuery(f);
      return unwrap(api.GET('/api/v1/reports/products', { params: { query } }));
    },
    placeholderData: keepPreviousData,
  });

export const discountsQuery = (f: ReportFilter, grain: DiscountGrain) =>
  queryOptions({
    queryKey: reportKeys.discounts(f, grain),
    queryFn: (): Promise<DiscountReport> => {
      const query = { ...rangeQuery(f), grain };
      return unwrap(api.GET('/api/v1/reports/discounts', { params: { query } }));
    },
    placeholderData: keepPreviousData,
  });

export const discountedOrdersQuery = (f: ReportFilter, page: number, pageSize: number) =>
  queryOptions({
    queryKey: reportKeys.discountedOrders(f, page, pageSize),
    queryFn: (): Promise<DiscountedPage> => {
      const query = { ...rangeQuery(f), page, pageSize };
      return unwrap(api.GET('/api/v1/reports/discounts/orders', { params: { query } }));
    },
    placeholderData: keepPreviousData,
  });
