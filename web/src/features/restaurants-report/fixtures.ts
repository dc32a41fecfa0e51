import type { EquipmentReport, RestaurantComparison, RestaurantFigures, RestaurantRow, RestaurantsToday } from './types';

export function figs(revenueCents: number, orders: number, patch: Partial<RestaurantFigures> = {}): RestaurantFigures {
  return {
    revenueCents,
    htCents: Math.round(revenueCents / 1.1),
    orders,
    averageBasketCents: orders ? Math.round(revenueCents / orders) : 0,
    exitMinutes: orders ? 6.5 : null,
    discountCents: 0,
    discountedOrders: 0,
    cancelledOrders: 0,
    cancelledCents: 0,
    ...patch,
  };
}

const row = (restaurantId: number, name: string, current: RestaurantFigures, previous: RestaurantFigures): RestaurantRow => ({ restaurantId, name, archived: false, current, previous });

/**
 * Three EUR restaurants: Bastille 5 000,00 € (100 orders, exit 5,5 min), Confluence 3 000,00 € (60,
 * exit 9,25 min, 4 cancellations), Vieux-Port 1 000,00 € (20, no exit time); average 3 000,00 €.
 */
export function comparison(patch: Partial<RestaurantComparison> = {}): RestaurantComparison {
  const rows = [
    row(1, 'Burger Bastille', figs(500000, 100, { exitMinutes: 5.5, discountCents: 2500, discountedOrders: 5 }), figs(400000, 90)),
    row(2, 'Burger Confluence', figs(300000, 60, { exitMinutes: 9.25, cancelledOrders: 4, cancelledCents: 6000 }), figs(300000, 60, { cancelledOrders: 2 })),
    row(3, 'Pizza Vieux-Port', figs(100000, 20, { exitMinutes: null }), figs(0, 0)),
  ];
  return {
    currency: 'EUR',
    currencies: [{ code: 'EUR', restaurants: 3 }],
    start: '2026-10-27',
    end: '2026-11-25',
    previous: { start: '2026-09-27', end: '2026-10-26' },
    focusRestaurantId: 0,
    restaurants: rows,
    franchise: { current: figs(900000, 180, { exitMinutes: 7, discountCents: 2500, discountedOrders: 5, cancelledOrders: 4, cancelledCents: 6000 }), previous: figs(700000, 150, { cancelledOrders: 2 }) },
    average: { current: figs(300000, 60, { exitMinutes: 7, averageBasketCents: 5000, discountCents: 833, discountedOrders: 2, cancelledOrders: 1, cancelledCents: 2000 }), previous: figs(350000, 75, { cancelledOrders: 1 }) },
    activeRestaurants: [3, 2],
    ...patch,
  };
}

// Half a minute more: the screen's clock was read a little before the answer was built.
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000 - 30_000).toISOString();

export function today(): RestaurantsToday {
  return {
    date: '2026-11-25',
    until: '14:05',
    lastWeek: '2026-11-18',
    offlineAfterMinutes: 5,
    restaurants: [
      {
        restaurantId: 1,
        name: 'Burger Bastille',
        currency: 'EUR',
        timeZone: 'Europe/Paris',
        today: { revenueCents: 123450, htCents: 112227, orders: 40, averageBasketCents: 3086 },
        lastWeek: { revenueCents: 100000, htCents: 90909, orders: 50, averageBasketCents: 2000 },
        lastOrderAt: ago(3),
        equipments: [
          { equipmentId: 11, kind: 'caisse', name: 'Caisse 1', lastSeenAt: ago(1), online: true },
          { equipmentId: 12, kind: 'borne', name: 'Borne 1', lastSeenAt: ago(42), online: false },
        ],
      },
      {
        restaurantId: 5,
        name: 'Burger Genève',
        currency: 'CHF',
        timeZone: 'Europe/Zurich',
        today: { revenueCents: 50000, htCents: 46000, orders: 10, averageBasketCents: 5000 },
        lastWeek: { revenueCents: 0, htCents: 0, orders: 0, averageBasketCents: 0 },
        lastOrderAt: null,
        equipments: [{ equipmentId: 51, kind: 'caisse', name: 'Caisse 1', lastSeenAt: ago(2), online: true }],
      },
    ],
  };
}

export function equipments(): EquipmentReport {
  return {
    start: '2026-10-27',
    end: '2026-11-25',
    offlineAfterMinutes: 5,
    items: [
      { equipmentId: 11, kind: 'caisse', name: 'Caisse 1', lastSeenAt: ago(1), online: true, restaurantId: 1, restaurant: 'Burger Bastille', archived: false, currency: 'EUR', orders: 120, revenueCents: 360000 },
      { equipmentId: 12, kind: 'borne', name: 'Borne 1', lastSeenAt: ago(3 * 60), online: false, restaurantId: 1, restaurant: 'Burger Bastille', archived: false, currency: 'EUR', orders: 300, revenueCents: 910000 },
      { equipmentId: 51, kind: 'caisse', name: 'Caisse 1', lastSeenAt: null, online: false, restaurantId: 5, restaurant: 'Burger Genève', archived: false, currency: 'CHF', orders: 15, revenueCents: 75000 },
    ],
  };
}
