import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDateRange } from '../../reports/components/DateRangeFilter';
import { useMoney } from '../../reports/components/useCurrency';
import { useReportRestaurant } from '../../reports/components/useReportRestaurant';
import { formatRange } from '../../reports/format';
import { brandReportQuery } from '../queries';

/** The filters of Nos Marques and Food court (range, restaurant, currency) and the answer. */
export function useBrandReport() {
  const { range, setRange, valid } = useDateRange();
  const { restaurantId } = useReportRestaurant();
  const [currency, setCurrency] = useState<string>();
  const filter = useMemo(() => ({ ...range, restaurantId, currency }), [range, restaurantId, currency]);
  const report = useQuery({ ...brandReportQuery(filter), enabled: valid });
  const data = report.data;
  const money = useMoney(data?.currency);
  const common = {
    loading: report.isPending && report.fetchStatus !== 'idle',
    refreshing: report.isFetching && !report.isPending,
    error: report.isError ? report.error : undefined,
    onRetry: () => void report.refetch(),
  };
  return { range, setRange, setCurrency, data, money, common, period: formatRange(range) } as const;
}
