import { queryOptions, keepPreviousData } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { components, operations } from '../../api/schema';

export type SalesKind = 'products' | 'options';

export interface ReportFilter {
  /** yyyy-mm-dd, first day included */
  start: string;
  /** yyyy-mm-dd, last day included */
  end: string;
  /** 0: every restaurant the user may see (a moderator's own restaurant). */
  restaurantId: number;
  /**
   * Restaurants of several currencies: the one to show (ISO code, from the answer's `currencies`);
   * absent, the server's default (the franchise's). Amounts of different currencies are never added.
   */
  currency?: string;
}

/**
 * Everything under ['reports', …]: figures computed from stored orders. The server's
 * `orders.changed` event makes them stale (app/serverEvents.ts).
 */
export const salesKeys = {
  all: ['reports', 'sales'] as const,
  kind: (kind: SalesKind) => [...salesKeys.all, kind] as const,
  categories: (kind: SalesKind, filter: ReportFilter) => [...salesKeys.kind(kind), 'categories', filter] as const,
  items: (kind: SalesKind, filter: ReportFilter, category: string) => [...salesKeys.kind(kind), 'items', category, filter] as const,
};

export const zKeys = {
  all: ['reports', 'z'] as const,
  list: (filter: ReportFilter) => [...zKeys.all, filter] as const,
};

type SalesQuery = operations['reportSales']['parameters']['query'];

/** A sales list with the currency of its amounts and the currencies of the scope. */
export type SalesReport = Omit<components['schemas']['SalesReport'], 'items'> & { items: components['schemas']['SalesRow'][] };

/** The query without an empty `currency` (the server then picks the default). */
function withoutEmptyCurrency<T extends { currency?: string }>(filter: T): T {
  const { currency, ...rest } = filter;
  return (currency ? { ...rest, currency } : rest) as T;
}

function salesCall(kind: SalesKind, filter: ReportFilter, category?: string): Promise<SalesReport> {
  const query: SalesQuery = { kind, ...withoutEmptyCurrency(filter), ...(category ? { category } : {}) };
  return unwrap(api.GET('/api/v1/reports/sales', { params: { query } })).then((list) => ({ ...list, items: list.items ?? [] }));
}

/** The categories (of products or of options) over the range, with their sales. */
export const salesCategoriesQuery = (kind: SalesKind, filter: ReportFilter) =>
  queryOptions({
    queryKey: salesKeys.categories(kind, filter),
    queryFn: () => salesCall(kind, filter),
  });

/** The products (or options) of one category over the range. */
export const salesItemsQuery = (kind: SalesKind, filter: ReportFilter, category: string) =>
  queryOptions({
    queryKey: salesKeys.items(kind, filter, category),
    queryFn: () => salesCall(kind, filter, category),
    enabled: category !== '',
  });

/** A Z table with the currency of its amounts and the currencies of the scope. */
export type ZReport = Omit<components['schemas']['ZReport'], 'items'> & { items: components['schemas']['ZRow'][] };

/** Z Équipement: one row per restaurant and equipment, each in its restaurant's currency. */
export const zReportQuery = (filter: ReportFilter) =>
  queryOptions({
    queryKey: zKeys.list(filter),
    queryFn: (): Promise<ZReport> =>
      unwrap(api.GET('/api/v1/reports/z', { params: { query: withoutEmptyCurrency(filter) } })).then((list) => ({ ...list, items: list.items ?? [] })),
    // A new range keeps the previous table on screen (with a progress bar) until the answer arrives.
    placeholderData: keepPreviousData,
  });

