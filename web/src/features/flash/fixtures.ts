import type { Flash, FlashFigures, FlashPeriod, FlashPeriodKey, FlashRestaurant, FlashTotal } from './types';

export function figures(revenueCents: number, orders: number, htCents = Math.round(revenueCents / 1.1)): FlashFigures {
  return { revenueCents, htCents, orders, averageBasketCents: orders ? Math.round(revenueCents / orders) : 0 };
}

export function total(patch: Partial<FlashTotal> = {}): FlashTotal {
  return {
    currency: 'EUR',
    restaurants: 2,
    current: figures(123450, 98),
    previous: figures(100000, 80),
    lastYear: figures(0, 0),
    byOrderType: [
      { key: '1', label: 'Sur place', orders: 60, revenueCents: 82300, previousOrders: 50, previousRevenueCents: 70000 },
      { key: '2', label: 'A emporter', orders: 38, revenueCents: 41150, previousOrders: 30, previousRevenueCents: 0 },
    ],
    bySource: [
      { key: 'borne', label: 'Borne', orders: 70, revenueCents: 90000, previousOrders: 60, previousRevenueCents: 95000 },
      { key: 'caisse', label: 'Caisse', orders: 28, revenueCents: 33450, previousOrders: 20, previousRevenueCents: 5000 },
    ],
    ...patch,
  };
}

export function flashRestaurant(restaurantId: number, name: string, currency: string, current: FlashFigures, previous = figures(0, 0), lastYear = figures(0, 0)): FlashRestaurant {
  return { restaurantId, name, currency, current, previous, lastYear };
}

const ranges: Record<FlashPeriodKey, Pick<FlashPeriod, 'start' | 'end' | 'partial' | 'previous' | 'lastYear'>> = {
  today: { start: '2026-11-25', end: '2026-11-25', partial: true, previous: { start: '2026-11-18', end: '2026-11-18' }, lastYear: { start: '2025-11-26', end: '2025-11-26' } },
  yesterday: { start: '2026-11-24', end: '2026-11-24', partial: false, previous: { start: '2026-11-17', end: '2026-11-17' }, lastYear: { start: '2025-11-25', end: '2025-11-25' } },
  week: { start: '2026-11-23', end: '2026-11-25', partial: true, previous: { start: '2026-11-16', end: '2026-11-18' }, lastYear: { start: '2025-11-24', end: '2025-11-26' } },
  month: { start: '2026-11-01', end: '2026-11-25', partial: true, previous: { start: '2026-10-01', end: '2026-10-25' }, lastYear: { start: '2025-11-01', end: '2025-11-25' } },
};

export function period(key: FlashPeriodKey, patch: Partial<FlashPeriod> = {}): FlashPeriod {
  return {
    key,
    ...ranges[key],
    totals: [total()],
    restaurants: [
      flashRestaurant(1, 'Burger Bastille', 'EUR', figures(80000, 60), figures(60000, 50), figures(90000, 70)),
      flashRestaurant(2, 'Burger Confluence', 'EUR', figures(43450, 38), figures(40000, 30)),
    ],
    ...patch,
  };
}

export function flash(patch: Partial<Flash> = {}, periodPatch: Partial<FlashPeriod> = {}): Flash {
  return {
    date: '2026-11-25',
    until: '14:05',
    periods: (['today', 'yesterday', 'week', 'month'] as const).map((k) => period(k, periodPatch)),
    ...patch,
  };
}
