import { queryOptions, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { discountKeys } from './keys';
import { api, unwrap, unwrapEmpty, type ApiError } from '../../api/client';
import type { Discount, PromoCode, PromoCodeChange } from './types';

// Everything under ['discounts'] (the discounts and their codes), which the 'discounts.changed'
// server event makes stale; each write also invalidates it here, for the tab that made it.

// One function for every render, so the selected array keeps its identity between renders.
const orEmpty = <T,>(list: T[] | null): T[] => list ?? [];

/** The discounts the user sees (the whole franchise's, and those of the user's restaurants). */
export const discountsQuery = () =>
  queryOptions({
    queryKey: discountKeys.list(),
    queryFn: () => unwrap(api.GET('/api/v1/discounts')),
    select: orEmpty<Discount>,
  });

export const discountQuery = (id: number) =>
  queryOptions({
    queryKey: discountKeys.detail(id),
    queryFn: () => unwrap(api.GET('/api/v1/discounts/{discountId}', { params: { path: { discountId: id } } })),
  });

export const promoCodesQuery = () =>
  queryOptions({
    queryKey: discountKeys.codes(),
    queryFn: () => unwrap(api.GET('/api/v1/promocodes')),
    select: orEmpty<PromoCode>,
  });

/** After a write: the answer becomes the cached detail, and everything under ['discounts'] asks again. */
export function discountsChanged(client: QueryClient, saved?: Discount): void {
  if (saved?.id) client.setQueryData(discountKeys.detail(saved.id), saved);
  void client.invalidateQueries({ queryKey: discountKeys.all });
}

export const createDiscountMutation = (): UseMutationOptions<Discount, ApiError, Discount> => ({
  mutationKey: [...discountKeys.all, 'create'],
  mutationFn: (body) => unwrap(api.POST('/api/v1/discounts', { body })),
});

/** A change sends the version it was made on (If-Match): someone else's save in between gives a 409. */
export const updateDiscountMutation = (): UseMutationOptions<Discount, ApiError, { id: number; version: number; body: Discount }> => ({
  mutationKey: [...discountKeys.all, 'update'],
  mutationFn: ({ id, version, body }) =>
    unwrap(
      api.PUT('/api/v1/discounts/{discountId}', {
        params: { path: { discountId: id }, header: { 'If-Match': `"${version}"` } },
        body,
      }),
    ),
});

export const deleteDiscountMutation = (): UseMutationOptions<void, ApiError, { id: number }> => ({
  mutationKey: [...discountKeys.all, 'delete'],
  mutationFn: ({ id }) => unwrapEmpty(api.DELETE('/api/v1/discounts/{discountId}', { params: { path: { discountId: id } } })),
});

export const createPromoCodeMutation = (): UseMutationOptions<PromoCode, ApiError, PromoCode> => ({
  mutationKey: [...discountKeys.codes(), 'create'],
  mutationFn: (body) => unwrap(api.POST('/api/v1/promocodes', { body })),
});

export const updatePromoCodeMutation = (): UseMutationOptions<PromoCode, ApiError, { id: number; body: PromoCodeChange }> => ({
  mutationKey: [...discountKeys.codes(), 'update'],
  mutationFn: ({ id, body }) => unwrap(api.PUT('/api/v1/promocodes/{codeId}', { params: { path: { codeId: id } }, body })),
});

export const deletePromoCodeMutation = (): UseMutationOptions<void, ApiError, { id: number }> => ({
  mutationKey: [...discountKeys.codes(), 'delete'],
  mutationFn: ({ id }) => unwrapEmpty(api.DELETE('/api/v1/promocodes/{codeId}', { params: { path: { codeId: id } } })),
});

export { discountKeys };
