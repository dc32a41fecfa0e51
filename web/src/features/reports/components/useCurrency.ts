import { useCallback, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { franchiseQuery } from '../../franchise/queries';
import { restaurantsQuery } from '../../restaurants/queries';
import { DEFAULT_CURRENCY, formatCents } from '../format';

/** The franchise currency (ISO code), EUR until it is known: the currency of a carte's prices. */
export function useFranchiseCurrency(): string {
  const { data } = useQuery({ ...franchiseQuery(), staleTime: 5 * 60_000 });
  return data?.currency || DEFAULT_CURRENCY;
}

/**
 * A cents formatter bound to the currency an answer states (a report's `currency`, a row's
 * restaurant currency): money(1250) → '12,50 CHF'. Until the answer is there, the franchise's.
 */
export function useMoney(currency: string | null | undefined): (cents: number | null | undefined) => string {
  const franchiseCurrency = useFranchiseCurrency();
  const code = currency || franchiseCurrency;
  return useCallback((cents: number | null | undefined) => formatCents(cents, code), [code]);
}

/** A restaurant's currency (its country's), the franchise's until the restaurant is known. */
export function useRestaurantCurrency(restaurantId: number | null | undefined): string {
  const franchiseCurrency = useFranchiseCurrency();
  const { data } = useQuery({ ...restaurantsQuery(), enabled: !!restaurantId });
  return data?.find((r) => r.id === restaurantId)?.currency || franchiseCurrency;
}

/**
 * The currencies a report can be shown in when its answer lists none (revenue, exports):
 * those of the restaurants in scope, all the user sees when none is chosen, the franchise's first,
 * then the most common, as the answers of Mes Produits list them. A chosen restaurant has one.
 */
export function useScopeCurrencies(restaurantId: number): { code: string; restaurants: number }[] {
  const restaurants = useQuery(restaurantsQuery());
  const franchise = useFranchiseCurrency();
  return useMemo(() => {
    if (restaurantId !== 0) return [];
    const n = new Map<string, number>();
    for (const r of restaurants.data ?? []) if (r.currency && !r.archived) n.set(r.currency, (n.get(r.currency) ?? 0) + 1);
    return [...n.entries()]
      .map(([code, count]) => ({ code, restaurants: count }))
      .sort((a, b) => Number(b.code === franchise) - Number(a.code === franchise) || b.restaurants - a.restaurants || a.code.localeCompare(b.code));
  }, [restaurantId, restaurants.data, franchise]);
}
