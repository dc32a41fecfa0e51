/**
 * Wording of the revenue-over-time screen. Amounts and changes go through the shared report and
 * flash formatting (Intl fr-FR, the answer's currency); bucket labels are calendar days of the
 * franchise's zone as the server sends them, read without any time-zone shift, always in French.
 */
import type { PeriodShortcut } from '../../components/periods';
import { KPI_LABELS, type Kpi } from '../flash/components/PeriodSection';
import { shortDate } from '../flash/format';
import { DEFAULT_CURRENCY } from '../reports/format';
import type { RevenueGrain } from './types';

export const EMPTY_TEXT = 'Aucune commande sur cette période';
export const CUSTOM_PERIOD_LABEL = 'Personnalisé';
export const CHART_TITLE = 'Évolution';
export const HEATMAP_TITLE = 'Jour de la semaine × heure';
export const PREVIOUS_NAME = 'Période précédente';
export const LAST_YEAR_NAME = 'An dernier';
export const CURRENT_NAME = 'Période';

/**
 * The shortcuts of this screen, in the order Square and Lightspeed list them. The running month and
 * year stop today: compared with as many days before them, never with whole periods.
 */
export const REVENUE_PERIODS: readonly PeriodShortcut[] = [
  { key: 'last7', label: '7 derniers jours' },
  { key: 'last30', label: '30 derniers jours' },
  { key: 'monthToDate', label: 'Ce mois-ci' },
  { key: 'lastMonth', label: 'Mois dernier' },
  { key: 'last12Months', label: '12 derniers mois' },
  { key: 'yearToDate', label: 'Année en cours' },
];

export const GRAIN_LABELS: Record<RevenueGrain, string> = { day: 'Jour', week: 'Semaine', month: 'Mois', hour: 'Heure' };
export const GRAINS: readonly RevenueGrain[] = ['day', 'week', 'month', 'hour'];

/** The metric toggle: the flash's four KPI names. */
export const METRIC_LABELS: Record<Kpi, string> = KPI_LABELS;

/** French weekdays, Monday first: index 0 is the API's weekday 1. */
export const WEEKDAYS = ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche'] as const;

function parse(label: string): Date | null {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(label);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, m[3] ? Number(m[3]) : 1) : null;
}

const monthFormat = new Intl.DateTimeFormat('fr-FR', { month: 'short', year: 'numeric' });
const dayMonthFormat = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short' });

/** An hour of the day: 9 → '09 h'. */
export function hourText(hour: number): string {
  return `${String(hour).padStart(2, '0')}\u00a0h`;
}

/**
 * A bucket as the chart and the table name it: day 'mar. 3 nov.', week 'sem. du 2 nov.',
 * month 'nov. 2026', hour '12 h'.
 */
export function bucketLabel(label: string, grain: RevenueGrain): string {
  if (grain === 'hour') return /^\d{1,2}$/.test(label) ? hourText(Number(label)) : label;
  const d = parse(label);
  if (!d) return label;
  switch (grain) {
    case 'day':
      return shortDate(label, false);
    case 'week':
      return `sem. du ${dayMonthFormat.format(d)}`;
    case 'month':
      return monthFormat.format(d);
  }
}

const compactFormats = new Map<string, Intl.NumberFormat>();

/** An axis tick of money, short: 123456 cents → '1,2 k €'. */
export function axisMoney(cents: number, currency: string = DEFAULT_CURRENCY): string {
  let f = compactFormats.get(currency);
  if (!f) {
    try {
      f = new Intl.NumberFormat('fr-FR', { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 });
    } catch {
      f = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: DEFAULT_CURRENCY, notation: 'compact', maximumFractionDigits: 1 });
    }
    compactFormats.set(currency, f);
  }
  return f.format(cents / 100);
}

/** '3 commandes', '1 commande'. */
export function ordersText(n: number, count: string): string {
  return `${count} commande${n > 1 ? 's' : ''}`;
}
