import { Suspense, lazy } from 'react';
import { LoadingPanel } from '../../../components/LoadingPanel';
import type { Realtime } from '../format';

const HourlyRevenueBars = lazy(() => import('./HourlyRevenueBars'));

/** The hours of one currency's total (label HH). */
type ByHour = NonNullable<Realtime['totals']>[number]['byHour'];

export interface HourPoint {
  hour: number;
  label: string;
  cents: number;
  orders: number;
}

/** Every hour from the opening (8 h at the latest) to the last hour with orders (22 h at least). */
export function hourSeries(byHour: ByHour): HourPoint[] {
  const found = new Map<number, { cents: number; orders: number }>();
  for (const p of byHour ?? []) {
    const h = Number.parseInt(p.label, 10);
    if (Number.isFinite(h)) found.set(h, { cents: p.cents, orders: p.orders });
  }
  // The server lists all 24 hours: the range follows those with orders.
  const hours = [...found.entries()].filter(([, v]) => v.orders > 0 || v.cents > 0).map(([h]) => h);
  const first = Math.min(8, ...hours);
  const last = Math.max(22, ...hours);
  const out: HourPoint[] = [];
  for (let h = first; h <= last; h++) {
    const v = found.get(h) ?? { cents: 0, orders: 0 };
    out.push({ hour: h, label: `${h}h`, ...v });
  }
  return out;
}

/** 'Chiffre d'affaires par heure': bars in one currency (the total's), orders in the tooltip; the chart library loads on first use. */
export default function HourlyRevenueChart({ byHour, currency }: { byHour: ByHour; currency: string }) {
  return (
    <Suspense fallback={<LoadingPanel minHeight={300} />}>
      <HourlyRevenueBars data={hourSeries(byHour)} currency={currency} />
    </Suspense>
  );
}
