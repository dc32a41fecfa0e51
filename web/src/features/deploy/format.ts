import { ORDER_TYPES } from '../menus/documentTypes';
import { formatCents as formatMoney } from '../reports/format';

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short' });
const count = new Intl.NumberFormat('fr-FR');

/**
 * A restaurant's price in its own currency (useRestaurantCurrency), French layout: (1290, 'EUR') →
 * '12,90 €', (1290, 'CHF') → '12,90 CHF'.
 */
export const formatCents = (cents: number, currency: string) => formatMoney(cents, currency);

/** 1290 → '12,90', the way the price fields show a price for editing. */
export const centsText = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

export const formatCount = (n: number) => count.format(n);

/** '21 nov. 2026, 17:44' in the browser's zone. */
export function formatDateTime(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateTime.format(d);
}

const PRICE = /^\d+(?:[.,]\d{0,2})?$|^[.,]\d{1,2}$/;

/**
 * Price text the French way ('12,90', '12.9', '12') to cents. Blank is null (nothing typed);
 * anything that is not a non-negative amount with at most two decimals is NaN (refused, never 0).
 */
export function parseCents(text: string): number | null {
  const s = text.trim().replace(/[\s\u00a0\u202f€]/g, '');
  if (s === '') return null;
  if (!PRICE.test(s)) return Number.NaN;
  const [whole = '0', frac = ''] = s.replace(',', '.').split('.');
  return Number(whole || '0') * 100 + Number((frac + '00').slice(0, 2));
}

export function orderTypeLabel(code: number): string {
  return ORDER_TYPES.find((o) => o.code === code)?.label ?? `Type ${code}`;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n > 1 ? many : one}`;
