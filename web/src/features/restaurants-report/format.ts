/**
 * Wording and metrics of the restaurant comparison, DashboardMesResto and the equipment history.
 * Amounts and counts go through the shared report formatting (reports/format.ts: Intl fr-FR, the
 * answer's currency); changes through the flash's (flash/format.ts).
 */
import type { PeriodShortcut } from '../../components/periods';
import { formatCents, formatInteger, formatMinutes } from '../reports/format';
import type { RestaurantFigures } from './types';

export const EMPTY_TEXT = 'Aucune commande sur cette période';
export const CUSTOM_PERIOD_LABEL = 'Personnalisé';
export const OFFLINE_ONLY_LABEL = 'Hors ligne seulement';
export const AVERAGE_LABEL = 'Moyenne franchise';
export const TOTAL_LABEL = 'Total franchise';

export const COMPARISON_PERIODS: readonly PeriodShortcut[] = [
  { key: 'yesterday', label: 'Hier' },
  { key: 'last7', label: '7 derniers jours' },
  { key: 'last30', label: '30 derniers jours' },
  { key: 'monthToDate', label: 'Ce mois-ci' },
  { key: 'lastMonth', label: 'Mois dernier' },
  { key: 'yearToDate', label: 'Année en cours' },
];

export type MetricKey =
  | 'revenue'
  | 'ht'
  | 'orders'
  | 'basket'
  | 'exit'
  | 'discount'
  | 'discountedOrders'
  | 'cancelled'
  | 'cancelledAmount';

export interface Metric {
  key: MetricKey;
  label: string;
  /** Column header in the ranking table (short). */
  short: string;
  /** More is better (revenue) or worse (exit time, discounts, cancellations): the colour of a change. */
  higherIsBetter: boolean;
  value: (f: RestaurantFigures) => number | null;
  show: (v: number | null, currency: string) => string;
  /** Unit said after the value in accessible text and the chart's axis. */
  unit?: string;
}

const money = (v: number | null, currency: string) => formatCents(v ?? 0, currency);
const count = (v: number | null) => formatInteger(v ?? 0);

export const METRICS: readonly Metric[] = [
  { key: 'revenue', label: "Chiffre d'affaires TTC", short: 'CA TTC', higherIsBetter: true, value: (f) => f.revenueCents, show: money },
  { key: 'ht', label: "Chiffre d'affaires HT", short: 'CA HT', higherIsBetter: true, value: (f) => f.htCents, show: money },
  { key: 'orders', label: 'Commandes payées', short: 'Commandes', higherIsBetter: true, value: (f) => f.orders, show: count },
  { key: 'basket', label: 'Panier moyen', short: 'Panier moyen', higherIsBetter: true, value: (f) => (f.orders > 0 ? f.averageBasketCents : null), show: (v, c) => (v === null ? '—' : money(v, c)) },
  { key: 'exit', label: 'Temps de sortie moyen', short: 'Temps de sortie', higherIsBetter: false, value: (f) => f.exitMinutes ?? null, show: (v) => (v === null ? '—' : `${formatMinutes(v)}\u00a0min`), unit: 'minutes' },
  { key: 'discount', label: 'Réductions accordées', short: 'Réductions', higherIsBetter: false, value: (f) => f.discountCents, show: money },
  { key: 'discountedOrders', label: 'Commandes avec réduction', short: 'Cdes réduites', higherIsBetter: false, value: (f) => f.discountedOrders, show: count },
  { key: 'cancelled', label: 'Commandes annulées', short: 'Annulations', higherIsBetter: false, value: (f) => f.cancelledOrders, show: count },
  { key: 'cancelledAmount', label: 'Montant annulé', short: 'Montant annulé', higherIsBetter: false, value: (f) => f.cancelledCents, show: money },
];

export const metricOf = (key: MetricKey): Metric => METRICS.find((m) => m.key === key) ?? METRICS[0]!;

/** '2e sur 10', '1er sur 10'. */
export function rankText(rank: number, of: number): string {
  return `${rank === 1 ? '1er' : `${rank}e`} sur ${formatInteger(of)}`;
}

/**
 * The rank of each restaurant on a metric (1 = best: the most revenue, the shortest exit time);
 * restaurants without a value (no exit time) come last and get no rank.
 */
export function ranks<T>(rows: readonly T[], value: (r: T) => number | null, higherIsBetter: boolean): Map<T, number> {
  const ranked = rows.filter((r) => value(r) !== null).sort((a, b) => (higherIsBetter ? value(b)! - value(a)! : value(a)! - value(b)!));
  const out = new Map<T, number>();
  let rank = 0;
  let last: number | null = null;
  ranked.forEach((r, i) => {
    const v = value(r)!;
    if (v !== last) rank = i + 1;
    last = v;
    out.set(r, rank);
  });
  return out;
}

/** '3 caisses et bornes', '1 équipement hors ligne'. */
export function plural(n: number, one: string, many: string): string {
  return `${formatInteger(n)} ${n > 1 ? many : one}`;
}

export const KIND_LABELS: Record<string, string> = { caisse: 'Caisse', borne: 'Borne' };
