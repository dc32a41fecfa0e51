import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { franchiseQuery } from '../../franchise/queries';
import { DEFAULT_CURRENCY, formatCents } from '../format';

/** The franchise currency (ISO code), EUR until it is known. */
export function useFranchiseCurrency(): string {
  const { data } = useQuery({ ...franchiseQuery(), staleTime: 5 * 60_000 });
  return data?.currency || DEFAULT_CURRENCY;
}

/** A cents formatter bound to the franchise currency: money(1250) → '12,50 €'. */
export function useMoney(): (cents: number | null | undefined) => string {
  const currency = useFranchiseCurrency();
  return useCallback((cents: number | null | undefined) => formatCents(cents, currency), [currency]);
}
