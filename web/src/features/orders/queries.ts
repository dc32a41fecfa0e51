import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, ApiError, toApiError, unwrap } from '../../api/client';
import type { OrderSource } from './format';

export { saveFile } from '../tags/queries';

export interface RangeFilter {
  start: string;
  end: string;
  /** 0: every restaurant the user may see. */
  restaurantId: number;
}

export interface ListFilter extends RangeFilter {
  source: OrderSource;
  page: number;
  /** -1: 'Tout'. */
  pageSize: number;
}

export interface LookupParams {
  order_id: string;
  siret: string;
  keenio: string;
}

/**
 * Everything under ['orders']. The server's `orders.changed` event (after orders are stored)
 * makes these stale; serverEvents.ts refreshes by the type's prefix, 'orders'.
 */
export const orderKeys = {
  all: ['orders'] as const,
  list: (filter: ListFilter) => [...orderKeys.all, 'list', filter] as const,
  detail: (id: number) => [...orderKeys.all, 'detail', id] as const,
  lookup: (params: LookupParams) => [...orderKeys.all, 'lookup', params] as const,
  counts: (filter: RangeFilter) => [...orderKeys.all, 'counts', filter] as const,
  realtime: (restaurantId: number) => [...orderKeys.all, 'realtime', restaurantId] as const,
};

export const ordersQuery = (filter: ListFilter) =>
  queryOptions({
    queryKey: orderKeys.list(filter),
    queryFn: () => {
      const query = { ...filter };
      return unwrap(api.GET('/api/v1/orders', { params: { query } }));
    },
    enabled: filter.restaurantId > 0,
    // Paging keeps the rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });

export const orderQuery = (id: number) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: () => unwrap(api.GET('/api/v1/orders/{orderId}', { params: { path: { orderId: id } } })),
    // A stored order does not change: no refetch on focus.
    staleTime: 5 * 60_000,
  });

export const lookupQuery = (params: LookupParams) =>
  queryOptions({
    queryKey: orderKeys.lookup(params),
    queryFn: () => unwrap(api.GET('/api/v1/orders/lookup', { params: { query: params } })),
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });

export const countsQuery = (filter: RangeFilter) =>
  queryOptions({
    queryKey: orderKeys.counts(filter),
    queryFn: () => {
      const query = { ...filter };
      return unwrap(api.GET('/api/v1/reports/counts', { params: { query } }));
    },
    placeholderData: keepPreviousData,
  });

export const realtimeQuery = (restaurantId: number) =>
  queryOptions({
    queryKey: orderKeys.realtime(restaurantId),
    queryFn: () => unwrap(api.GET('/api/v1/reports/realtime', { params: { query: { restaurantId } } })),
    placeholderData: keepPreviousData,
    // The event stream brings changes; this is only a safety net for a silent stream.
    refetchInterval: 60_000,
  });

export function ticketFileName(orderId: string): string {
  return `${orderId}.pdf`;
}

/** The ticket as a PDF (A4 portrait, 10 mm margins, text), rendered by the server. */
export async function downloadTicket(id: number): Promise<Blob> {
  const { data, error, response } = await api.GET('/api/v1/orders/{orderId}/ticket.pdf', {
    params: { path: { orderId: id } },
    parseAs: 'blob',
  });
  if (!response.ok) throw toApiError(response, error);
  return data instanceof Blob ? data : new Blob([], { type: 'application/pdf' });
}
