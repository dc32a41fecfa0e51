import { keepPreviousData, queryOptions, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
export { saveFile } from '../tags/queries';
import { api, toApiError, unwrap, unwrapEmpty, type ApiError } from '../../api/client';
import { dispositionFileName } from '../menus/catalogue';
import { customerKeys } from './keys';
import { filterQuery, type Customer, type CustomerFilter, type CustomerInput } from './format';

export { customerKeys };

export const customersQuery = (f: CustomerFilter) =>
  queryOptions({
    queryKey: customerKeys.list(f),
    queryFn: () => unwrap(api.GET('/api/v1/customers', { params: { query: filterQuery(f) } })),
    placeholderData: keepPreviousData,
  });

export const customerQuery = (id: number) =>
  queryOptions({
    queryKey: customerKeys.detail(id),
    queryFn: () => unwrap(api.GET('/api/v1/customers/{customerId}', { params: { path: { customerId: id } } })),
  });

export const customerOrdersQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: customerKeys.orders(id, page),
    queryFn: () => unwrap(api.GET('/api/v1/customers/{customerId}/orders', { params: { path: { customerId: id }, query: { page, pageSize: 20 } } })),
    placeholderData: keepPreviousData,
  });

export const customerConsentsQuery = (id: number) =>
  queryOptions({
    queryKey: customerKeys.consents(id),
    queryFn: () => unwrap(api.GET('/api/v1/customers/{customerId}/consents', { params: { path: { customerId: id } } })),
  });

export const customersSummaryQuery = (restaurantId: number) =>
  queryOptions({
    queryKey: customerKeys.summary(restaurantId),
    queryFn: () => unwrap(api.GET('/api/v1/customers/summary', { params: { query: restaurantId ? { restaurantId } : {} } })),
  });

export interface CatchmentFilter {
  restaurantId: number;
  from?: string;
  to?: string;
  source: 'all' | 'click_and_collect';
}

export const catchmentQuery = (f: CatchmentFilter) =>
  queryOptions({
    queryKey: customerKeys.catchment(f),
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/customers/catchment', {
          params: { query: { source: f.source, ...(f.restaurantId ? { restaurantId: f.restaurantId } : {}), ...(f.from ? { from: f.from } : {}), ...(f.to ? { to: f.to } : {}) } },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export function customersChanged(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: customerKeys.all });
}

export const updateCustomerMutation = (): UseMutationOptions<Customer, ApiError, { id: number; version: number; body: CustomerInput }> => ({
  mutationKey: [...customerKeys.all, 'update'],
  mutationFn: ({ id, version, body }) =>
    unwrap(api.PUT('/api/v1/customers/{customerId}', { params: { path: { customerId: id }, header: { 'If-Match': `"${version}"` } }, body })),
});

export const setConsentMutation = (): UseMutationOptions<Customer, ApiError, { id: number; channel: 'sms' | 'email'; granted: boolean }> => ({
  mutationKey: [...customerKeys.all, 'consent'],
  mutationFn: ({ id, channel, granted }) => unwrap(api.PUT('/api/v1/customers/{customerId}/consents', { params: { path: { customerId: id } }, body: { channel, granted } })),
});

export const eraseCustomerMutation = (): UseMutationOptions<void, ApiError, { id: number }> => ({
  mutationKey: [...customerKeys.all, 'erase'],
  mutationFn: ({ id }) => unwrapEmpty(api.DELETE('/api/v1/customers/{customerId}', { params: { path: { customerId: id } } })),
});

/** The directory as a file (CSV for French Excel, or xlsx). */
export async function downloadCustomers(f: CustomerFilter, format: 'csv' | 'xlsx'): Promise<{ blob: Blob; fileName: string }> {
  const rest = { ...f };
  delete rest.page;
  delete rest.pageSize;
  const { data, error, response } = await api.GET('/api/v1/customers/export', { params: { query: { ...filterQuery(rest), format } }, parseAs: 'blob' });
  if (!response.ok || !data) throw toApiError(response, error);
  return { blob: data as Blob, fileName: dispositionFileName(response.headers.get('Content-Disposition')) ?? `clients.${format}` };
}

/** A customer's data (RGPD right of access), as a JSON file. */
export async function downloadCustomerData(id: number): Promise<{ blob: Blob; fileName: string }> {
  const { data, error, response } = await api.GET('/api/v1/customers/{customerId}/data', { params: { path: { customerId: id } }, parseAs: 'blob' });
  if (!response.ok || !data) throw toApiError(response, error);
  return { blob: data as Blob, fileName: dispositionFileName(response.headers.get('Content-Disposition')) ?? `client-${id}.json` };
}
