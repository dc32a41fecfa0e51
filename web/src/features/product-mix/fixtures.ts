import type { MixOption, MixProduct, ProductMix } from './types';

/** A product row: sold now and before, rank 1 → 1, no purchase price unless given. */
export function product(name: string, category: string, patch: Partial<MixProduct> = {}): MixProduct {
  return {
    name,
    category,
    quantity: 10,
    revenueCents: 10000,
    htCents: 9091,
    share: 10,
    rank: 1,
    previousQuantity: 10,
    previousRevenueCents: 10000,
    previousShare: 10,
    previousRank: 1,
    rankChange: 0,
    trend: 0,
    purchasePriceCents: null,
    marginCents: null,
    marginRate: null,
    ...patch,
  };
}

export function option(group: string, name: string, patch: Partial<MixOption> = {}): MixOption {
  return { group, name, quantity: 5, revenueCents: 500, share: 50, rank: 1, previousQuantity: 5, previousRevenueCents: 500, previousRank: 1, rankChange: 0, trend: 0, ...patch };
}

/**
 * Four products: Le Classique up (rank 2 → 1, with a margin), Frites down (1 → 2, no purchase
 * price), Cookie new, Milkshake no longer sold; two categories, two options.
 */
export function mix(patch: Partial<ProductMix> = {}): ProductMix {
  return {
    currency: 'EUR',
    currencies: [{ code: 'EUR', restaurants: 4 }],
    start: '2026-10-27',
    end: '2026-11-25',
    previous: { start: '2026-09-27', end: '2026-10-26' },
    totals: {
      products: 3,
      quantity: 125,
      revenueCents: 123450,
      htCents: 112000,
      previousQuantity: 100,
      previousRevenueCents: 100000,
      revenueTrend: 23.45,
      quantityTrend: 25,
      optionsRevenueCents: 2500,
      margin: { marginCents: 40000, costCents: 32000, knownHtCents: 72000, unknownHtCents: 40000, knownShare: 64.28, rate: 55.55, knownProducts: 1, unknownProducts: 2 },
    },
    products: [
      product('Le Classique', 'Burgers', { quantity: 80, revenueCents: 79200, htCents: 72000, share: 64.15, rank: 1, previousQuantity: 40, previousRevenueCents: 39600, previousShare: 39.6, previousRank: 2, rankChange: 1, trend: 100, purchasePriceCents: 400, marginCents: 40000, marginRate: 55.55 }),
      product('Frites', 'Accompagnements', { quantity: 40, revenueCents: 40000, htCents: 36364, share: 32.4, rank: 2, previousQuantity: 50, previousRevenueCents: 50000, previousShare: 50, previousRank: 1, rankChange: -1, trend: -20 }),
      product('Cookie', 'Desserts', { quantity: 5, revenueCents: 4250, htCents: 3636, share: 3.44, rank: 3, previousQuantity: 0, previousRevenueCents: 0, previousShare: 0, previousRank: null, rankChange: null, trend: null }),
      product('Milkshake', 'Desserts', { quantity: 0, revenueCents: 0, htCents: 0, share: 0, rank: null, previousQuantity: 10, previousRevenueCents: 10400, previousShare: 10.4, previousRank: 3, rankChange: null, trend: null }),
    ],
    categories: [
      { name: 'Burgers', quantity: 80, revenueCents: 79200, htCents: 72000, share: 64.15, previousRevenueCents: 39600, previousShare: 39.6, trend: 100 },
      { name: 'Accompagnements', quantity: 40, revenueCents: 40000, htCents: 36364, share: 32.4, previousRevenueCents: 50000, previousShare: 50, trend: -20 },
      { name: 'Desserts', quantity: 5, revenueCents: 4250, htCents: 3636, share: 3.44, previousRevenueCents: 10400, previousShare: 10.4, trend: -59.13 },
    ],
    options: [
      option('Suppléments', 'Cheddar', { quantity: 20, revenueCents: 2000, share: 80, rank: 1, previousRank: 1 }),
      option('Sauces', 'Barbecue', { quantity: 10, revenueCents: 500, share: 20, rank: 2, previousRank: null, rankChange: null, trend: null, previousQuantity: 0, previousRevenueCents: 0 }),
    ],
    ...patch,
  };
}
