import { formatCents } from '../reports/format';

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium' });

/** '21/11/2026 17:44' in the browser's zone (the restaurant's zone on site). */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateTime.format(d);
}

/** A calendar day (AAAA-MM-JJ) as '1 déc. 2026', without a time-zone shift. */
export function formatDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  return dateOnly.format(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

/**
 * A carte price (in units, not cents) in the franchise's currency, French layout: (9.9, 'EUR') →
 * '9,90 €', (9.9, 'CHF') → '9,90 CHF'. A carte belongs to the franchise, so its prices are in the
 * franchise's currency (useFranchiseCurrency); a restaurant's own prices are in its currency.
 */
export function formatPrice(value: unknown, currency: string): string {
  const n = typeof value === 'number' ? value : parsePriceText(String(value ?? ''));
  return Number.isFinite(n) ? formatCents(Math.round(n * 100), currency) : String(value);
}

/** A price as the forms show it for editing: '9,9' → '9,90'. */
export function priceText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  const n = typeof value === 'number' ? value : parsePriceText(String(value));
  if (!Number.isFinite(n)) return String(value);
  return n.toFixed(2).replace('.', ',');
}

const PRICE_TEXT = /^[+-]?\d+(?:[.,]\d*)?$|^[+-]?[.,]\d+$/;

/**
 * Price text as the spec's forms read it: comma → dot, empty → 0; anything else that is not a
 * number is NaN (DECISIONS: refused, never saved as 0).
 */
export function parsePriceText(text: string): number {
  const s = text.trim().replace(/\s/g, '');
  if (s === '') return 0;
  if (!PRICE_TEXT.test(s)) return Number.NaN;
  return Math.round(Number(s.replace(',', '.')) * 100) / 100;
}
