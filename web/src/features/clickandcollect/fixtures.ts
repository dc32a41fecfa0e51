import type { CancelFigures, Cancellations, CancelledOrder, CancelledPage, ClickAndCollect, CollectFigures } from './types';

/** C&C figures: revenue and orders, the basket rounded, fees and the share of a total. */
export function collectFigures(revenueCents: number, orders: number, feesCents = 0, allRevenueCents = revenueCents * 10): CollectFigures {
  return {
    revenueCents,
    orders,
    averageBasketCents: orders ? Math.round(revenueCents / orders) : 0,
    feesCents,
    allRevenueCents,
    allOrders: orders * 10,
    sharePct: allRevenueCents ? Math.trunc((revenueCents * 10000) / allRevenueCents) / 100 : 0,
  };
}

const DAYS = ['2026-11-02', '2026-11-03', '2026-11-04'];
const PREVIOUS_DAYS = ['2026-10-30', '2026-10-31', '2026-11-01'];

export function clickAndCollect(patch: Partial<ClickAndCollect> = {}): ClickAndCollect {
  return {
    currency: 'EUR',
    currencies: [{ code: 'EUR', restaurants: 4 }],
    start: DAYS[0]!,
    end: DAYS[2]!,
    previous: { start: PREVIOUS_DAYS[0]!, end: PREVIOUS_DAYS[2]! },
    totals: { current: collectFigures(370350, 120, 4500, 3703500), previous: collectFigures(300000, 100, 3000, 3750000) },
    days: DAYS.map((d, i) => ({ date: d, previousDate: PREVIOUS_DAYS[i]!, current: collectFigures(123450, 40, 1500), previous: collectFigures(100000, 33, 1000) })),
    hours: Array.from({ length: 24 }, (_, h) => ({ hour: h, orders: h === 12 ? 50 : h === 19 ? 40 : h === 13 ? 30 : 0, revenueCents: h === 12 ? 150000 : h === 19 ? 130000 : h === 13 ? 90350 : 0 })),
    types: [
      { type: 2, label: 'A Emporter', orders: 100, revenueCents: 300000, feesCents: 3000, sharePct: 81 },
      { type: 3, label: 'En Livraison', orders: 20, revenueCents: 70350, feesCents: 1500, sharePct: 18.99 },
    ],
    restaurants: [
      { id: 1, name: 'Burger Bastille', current: collectFigures(250000, 80, 3000), previous: collectFigures(200000, 70, 2000) },
      { id: 2, name: 'Burger Confluence', current: collectFigures(120350, 40, 1500), previous: collectFigures(100000, 30, 1000) },
    ],
    ...patch,
  };
}

export function cancelFigures(orders: number, amountCents: number, allOrders: number): CancelFigures {
  return { orders, amountCents, allOrders, sharePct: allOrders ? Math.trunc((orders * 10000) / allOrders) / 100 : 0 };
}

export function cancellations(patch: Partial<Cancellations> = {}): Cancellations {
  const current = cancelFigures(42, 84050, 1000);
  return {
    currency: 'EUR',
    currencies: [{ code: 'EUR', restaurants: 4 }],
    start: DAYS[0]!,
    end: DAYS[2]!,
    previous: { start: PREVIOUS_DAYS[0]!, end: PREVIOUS_DAYS[2]! },
    totals: { current, previous: cancelFigures(30, 60000, 1000) },
    statuses: [
      { key: 'cancelled', label: 'Annulée', ...cancelFigures(30, 60000, 1000) },
      { key: 'refunded', label: 'Remboursée', ...cancelFigures(8, 16000, 1000) },
      { key: 'partially_refunded', label: 'Remboursée en partie', ...cancelFigures(4, 8050, 1000) },
    ],
    sources: [
      { key: 'caisse', label: 'Caisse', ...cancelFigures(30, 60000, 600) },
      { key: 'clickncollect', label: 'Click&Collect', ...cancelFigures(12, 24050, 100) },
    ],
    reasons: [{ key: '', label: 'Motif non renseigné', ...current }],
    days: DAYS.map((d, i) => ({ date: d, ...cancelFigures(i === 1 ? 20 : 11, 28000, 330) })),
    restaurants: [
      { id: 1, name: 'Burger Bastille', current: cancelFigures(30, 60000, 600), previous: cancelFigures(20, 40000, 600) },
      { id: 2, name: 'Burger Confluence', current: cancelFigures(12, 24050, 400), previous: cancelFigures(10, 20000, 400) },
    ],
    equipments: [
      { id: 7, name: 'Caisse 1', restaurantId: 1, restaurant: 'Burger Bastille', orders: 30, amountCents: 60000, refunded: 8 },
      { id: 9, name: 'Borne 2', restaurantId: 2, restaurant: 'Burger Confluence', orders: 12, amountCents: 24050, refunded: 4 },
    ],
    ...patch,
  };
}

export function cancelledOrder(id: number, patch: Partial<CancelledOrder> = {}): CancelledOrder {
  return {
    id,
    orderId: `C-${id}`,
    restaurantId: 1,
    restaurant: 'Burger Bastille',
    equipment: 'Caisse 1',
    equipmentKey: 'keen-7',
    source: 'caisse',
    type: 'Sur Place',
    status: 'cancelled',
    statusLabel: 'Annulée',
    reason: 'Motif non renseigné',
    amountCents: 2412,
    feesCents: 0,
    paidAt: '2026-11-04T11:30:00Z',
    businessDate: '2026-11-04',
    ...patch,
  };
}

export function cancelledPage(items: CancelledOrder[], total = items.length): CancelledPage {
  return { currency: 'EUR', currencies: [{ code: 'EUR', restaurants: 4 }], items, total };
}
