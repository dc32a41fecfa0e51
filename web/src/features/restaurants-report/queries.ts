import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { reportKeys, type ReportFilter } from '../reports/queries';
import type { EquipmentReport, RestaurantComparison, RestaurantsToday } from './types';

/** Today's cards move with the clock (the "until" hour, equipments going offline): ask again every minute. */
export const TODAY_REFRESH_MS = 60_000;

// Under ['reports'], which the 'orders.changed' server event makes stale (app/serverEvents.ts).
export const restaurantsReportKeys = {
  all: [...reportKeys.all, 'restaurants'] as const,
  comparison: (f: ReportFilter) => [...restaurantsReportKeys.all, 'comparison', f] as const,
  today: (restaurantId: number) => [...restaurantsReportKeys.all, 'today', restaurantId] as const,
  equipments: (f: ReportFilter) => [...restaurantsReportKeys.all, 'equipments', f] as const,
};

const rangeQuery = (f: ReportFilter) => ({ start: f.start, end: f.end, restaurantId: f.restaurantId, ...(f.currency ? { currency: f.currency } : {}) });

/** The restaurants of one currency over the range and the previous one; restaurantId is the one in focus. */
export const comparisonQuery = (f: ReportFilter) =>
  queryOptions({
    queryKey: restaurantsReportKeys.comparison(f),
    queryFn: ({ signal }): Promise<RestaurantComparison> =>
      unwrap(api.GET('/api/v1/reports/restaurants', { params: { query: rangeQuery(f) }, signal })),
    placeholderData: keepPreviousData,
  });

/** DashboardMesResto: each restaurant's today and its tills and kiosks. */
export const restaurantsTodayQuery = (restaurantId: number) =>
  queryOptions({
    queryKey: restaurantsReportKeys.today(restaurantId),
    queryFn: ({ signal }): Promise<RestaurantsToday> =>
      unwrap(api.GET('/api/v1/reports/restaurants/today', { params: { query: { restaurantId } }, signal })),
    placeholderData: keepPreviousData,
    refetchInterval: TODAY_REFRESH_MS,
  });

/** Historique équipements: every till and kiosk with its sales over the range. */
export const equipmentsQuery = (f: ReportFilter) =>
  queryOptions({
    queryKey: restaurantsReportKeys.equipments(f),
    queryFn: ({ signal }): Promise<EquipmentReport> =>
      unwrap(api.GET('/api/v1/reports/equipments', { params: { query: rangeQuery(f) }, signal })),
    placeholderData: keepPreviousData,
  });
