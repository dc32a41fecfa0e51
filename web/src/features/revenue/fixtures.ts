import { figures } from '../flash/fixtures';
import type { Revenue, RevenueGrain, RevenuePoint } from './types';

export { figures };

const LABELS: Record<RevenueGrain, string[]> = {
  day: ['2026-11-02', '2026-11-03', '2026-11-04'],
  week: ['2026-10-26', '2026-11-02', '2026-11-09'],
  month: ['2026-09', '2026-10', '2026-11'],
  hour: Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0')),
};

/** A bucket: 1 234,50 € from 98 orders by default, against 1 000,00 € and nothing last year. */
export function point(label: string, patch: Partial<RevenuePoint> = {}): RevenuePoint {
  return { label, current: figures(123450, 98), previous: figures(100000, 80), lastYear: figures(0, 0), ...patch };
}

export function revenue(grain: RevenueGrain = 'month', patch: Partial<Revenue> = {}): Revenue {
  const series = LABELS[grain].map((l, i) => (grain === 'hour' && (i < 11 || i > 22) ? point(l, { current: figures(0, 0), previous: figures(0, 0) }) : point(l)));
  return {
    currency: 'EUR',
    grain,
    start: '2026-09-01',
    end: '2026-11-25',
    previous: { start: '2026-06-07', end: '2026-08-31' },
    lastYear: { start: '2025-09-01', end: '2025-11-25' },
    totals: { current: figures(370350, 294), previous: figures(300000, 240), lastYear: figures(330000, 300) },
    series,
    heatmap: [
      { weekday: 1, hour: 12, orders: 40, revenueCents: 61000 },
      { weekday: 5, hour: 20, orders: 12, revenueCents: 18050 },
    ],
    ...patch,
  };
}
