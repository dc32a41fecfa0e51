import type { Counts, OrderOut, OrderRow, Realtime } from './format';

export const counts: Counts = {
  confirmedOrders: 120,
  cancelledOrders: 4,
  clickncollectOrders: 15,
  confirmedOrdersPrevious: 100,
  cancelledOrdersPrevious: 5,
  clickncollectOrdersPrevious: 15,
  confirmedTrend: 20,
  cancelledTrend: -20,
  clickncollectTrend: 0,
  previousStart: '2026-10-21',
  previousEnd: '2026-10-21',
};

export function row(id: number, status: string, patch: Partial<OrderRow> = {}): OrderRow {
  return {
    id,
    id_cmd: `C-${id}`,
    totalCents: 1250 * id,
    currency: 'EUR',
    equipement: 'Borne 1',
    paid_at: '2026-11-21T11:30:00Z',
    status,
    source: 'borne',
    type: 1,
    siret: '12345678900001',
    user_keen_id: 'K-1',
    ...patch,
  };
}

export const tillOrder: OrderOut = {
  id: 11,
  business_date: '2026-11-21',
  restaurant: 'Burger Bastille',
  currency: 'EUR',
  siret: '12345678900001',
  equipement: 'Borne 1',
  user_keen_id: 'K-1',
  history: [],
  order: {
    order_id: 'C-11',
    source: 'borne',
    type: 2,
    status: 'paid',
    paid_at: '2026-11-21T11:30:00Z',
    subtotal_cents: 2700,
    discount: { type: 'pourcentage', value: 1000, amount_cents: 270, label: 'Fidélité', cashier: 'Julie' },
    total_cents: 2430,
    lines: [
      {
        name: 'Burger Classique',
        category: 'Burgers',
        quantity: 2,
        unit_price_cents: 950,
        total_cents: 2100,
        tax_rate_bp: 1000,
        options: [{ name: 'Supplément cheddar', group: 'Suppléments', quantity: 2, total_cents: 200 }],
      },
      { name: 'Coca-Cola 33 cl', category: 'Boissons', quantity: 1, unit_price_cents: 600, total_cents: 600, tax_rate_bp: 550 },
    ],
    vat: [
      { rate_bp: 550, ht_cents: 512, vat_cents: 28, ttc_cents: 540 },
      { rate_bp: 1000, ht_cents: 1718, vat_cents: 172, ttc_cents: 1890 },
    ],
    payments: [
      { method: 'cb', amount_cents: 2000 },
      { method: 'especes', amount_cents: 430 },
    ],
  },
};

export const collectOrder: OrderOut = {
  history: null,
  id: 21,
  business_date: '2026-11-21',
  restaurant: 'Burger Bastille',
  currency: 'EUR',
  siret: '12345678900001',
  equipement: 'Click & Collect',
  user_keen_id: 'CNC-1',
  order: {
    order_id: 'W-21',
    source: 'clickncollect',
    type: 2,
    status: 'pending',
    paid_at: '2026-11-21T17:05:00Z',
    subtotal_cents: 2200,
    fees_cents: 350,
    total_cents: 2550,
    lines: [
      { name: 'Wrap Poulet', quantity: 1, unit_price_cents: 1100, total_cents: 1100, tax_rate_bp: 1000 },
      { name: 'Salade César', quantity: 1, unit_price_cents: 1100, total_cents: 1100, tax_rate_bp: 1000 },
    ],
    vat: [{ rate_bp: 1000, ht_cents: 2318, vat_cents: 232, ttc_cents: 2550 }],
    payments: [{ method: 'cb', amount_cents: 2550 }],
    clickncollect: {
      num_order: 'CNC-0042',
      payment_type: 'En ligne',
      frais_livraison_cents: 250,
      frais_gestion_cents: 100,
      client: { first_name: 'Léa', last_name: 'Martin', phone: '06 12 34 56 78' },
    },
  },
};

type RealtimeTotal = NonNullable<Realtime['totals']>[number];

/** One currency's day: by default the EUR restaurants'. */
export function realtimeTotal(patch: Partial<RealtimeTotal> = {}): RealtimeTotal {
  return {
    currency: 'EUR',
    restaurants: 2,
    revenueCents: 123450,
    orders: 98,
    averageBasketCents: 1260,
    byHour: [
      { label: '11', cents: 40000, orders: 30 },
      { label: '12', cents: 83450, orders: 68 },
    ],
    ...patch,
  };
}

export function realtime(patch: Partial<Realtime> = {}): Realtime {
  return {
    date: '2026-11-21',
    orders: 98,
    cancelled: 3,
    clickncollect: 12,
    totals: [realtimeTotal()],
    byRestaurant: [
      { restaurantId: 1, name: 'Burger Bastille', currency: 'EUR', revenueCents: 80000, orders: 60 },
      { restaurantId: 2, name: 'Burger Confluence', currency: 'EUR', revenueCents: 43450, orders: 38 },
    ],
    counts,
    ...patch,
  };
}
