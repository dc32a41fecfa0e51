/**
 * Wording and arithmetic of the daily flash. Amounts go through the shared report formatting
 * (reports/format.ts: Intl fr-FR, the currency of each figure); dates are calendar days of the
 * franchise's zone as the server sends them (yyyy-mm-dd), read without any time-zone shift.
 */
import { formatDecimal } from '../reports/format';
import type { FlashPeriodKey, FlashRange } from './types';

export const PERIOD_TITLES: Record<FlashPeriodKey, string> = {
  today: "Aujourd'hui",
  yesterday: 'Hier',
  week: 'Cette semaine',
  month: 'Ce mois-ci',
};

export const PERIOD_ORDER: readonly FlashPeriodKey[] = ['today', 'yesterday', 'week', 'month'];

export const EMPTY_PERIOD_TEXT = 'Aucune commande sur cette période';
export const NO_REFERENCE_TEXT = 'Pas de comparaison possible : rien sur la période de référence';
export const LAST_YEAR_LABEL = "vs l'an dernier";

function parseDay(day: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
}

const longFormat = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const weekdayFormat = new Intl.DateTimeFormat('fr-FR', { weekday: 'long' });
const shortFormat = new Intl.DateTimeFormat('fr-FR', { weekday: 'short', day: 'numeric', month: 'short' });
const shortYearFormat = new Intl.DateTimeFormat('fr-FR', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });

/** '2026-11-25' → 'mercredi 25 novembre 2026'. */
export function longDate(day: string): string {
  const d = parseDay(day);
  return d ? longFormat.format(d) : day;
}

/** '2026-11-18' → 'mercredi'. */
export function weekdayOf(day: string): string {
  const d = parseDay(day);
  return d ? weekdayFormat.format(d) : '';
}

/** '2026-11-18' → 'mer. 18 nov. 2026' (or without the year). */
export function shortDate(day: string, withYear = true): string {
  const d = parseDay(day);
  if (!d) return day;
  return (withYear ? shortYearFormat : shortFormat).format(d);
}

/**
 * A range as a short French phrase: 'mer. 18 nov. 2026', or 'du lun. 16 nov. au mer. 18 nov. 2026';
 * with `until` (a period still running), its last day stops at that hour: '…, jusqu'à 14:05'.
 */
export function rangeText(range: FlashRange, until?: string): string {
  const year = range.end.slice(0, 4);
  const text =
    range.start === range.end
      ? shortDate(range.start)
      : `du ${shortDate(range.start, range.start.slice(0, 4) !== year)} au ${shortDate(range.end)}`;
  return until ? `${text}, jusqu'à ${until}` : text;
}

/** What the previous period is called: 'mercredi dernier' (same weekday a week earlier), 'semaine dernière', 'mois dernier'. */
export function previousName(key: FlashPeriodKey, previous: FlashRange): string {
  switch (key) {
    case 'week':
      return 'semaine dernière';
    case 'month':
      return 'mois dernier';
    default: {
      const day = weekdayOf(previous.start);
      return day ? `${day} dernier` : 'période précédente';
    }
  }
}

/** The label of the comparison with the previous period: 'vs mercredi dernier', 'vs semaine dernière', 'vs mois dernier'. */
export function previousLabel(key: FlashPeriodKey, previous: FlashRange): string {
  return `vs ${previousName(key, previous)}`;
}

/** Change in percent from `reference` to `value`; null when the reference is 0 (no meaningful change). */
export function change(value: number, reference: number): number | null {
  if (!reference) return null;
  return ((value - reference) / Math.abs(reference)) * 100;
}

/** A change in percent, signed, two decimals (spec §9): 12.345 → '+12,35 %', −4 → '−4,00 %', null → '—'. */
export function formatChange(pct: number | null): string {
  if (pct === null || !Number.isFinite(pct)) return '—';
  const rounded = Math.round(pct * 100) / 100;
  const sign = rounded > 0 ? '+' : rounded < 0 ? '\u2212' : '';
  return `${sign}${formatDecimal(Math.abs(rounded), 2)}\u00a0%`;
}

/** Which way a change goes once rounded as shown. */
export function direction(pct: number | null): 'up' | 'down' | 'flat' | 'none' {
  if (pct === null || !Number.isFinite(pct)) return 'none';
  const rounded = Math.round(pct * 100) / 100;
  return rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'flat';
}

/** A share of a whole in percent (0 when the whole is 0). */
export function share(part: number, whole: number): number {
  return whole > 0 ? (part / whole) * 100 : 0;
}
