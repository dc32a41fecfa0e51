/**
 * The French words and numbers of the discount screens: amounts typed the French way (« 12,50 »)
 * and stored in cents, percentages stored in basis points (1000 = 10 %), and the one-line summaries
 * of what a discount takes off and when. Pure functions, tested in amounts.test.ts.
 */
import { formatCents, formatDay } from '../reports/format';
import type { Discount, DiscountRules, DiscountTarget, PromoCode } from './types';

const NBSP = '\u00a0';

// ---- typing numbers ----

/** Spaces of every kind (a pasted « 1 234,50 » carries narrow no-break spaces). */
const SPACES = /[\s\u00a0\u202f]/g;
const DECIMAL = /^\d+(?:[.,]\d{0,2})?$|^[.,]\d{1,2}$/;

/** « 12,50 », « 12.5 », « 1 234 » → the amount in hundredths; null when it is not such a number. */
function hundredths(text: string, unit: RegExp): number | null {
  const s = text.replace(SPACES, '').replace(unit, '');
  if (!DECIMAL.test(s)) return null;
  const [whole = '', fraction = ''] = s.replace(',', '.').split('.');
  const n = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(n) ? n : null;
}

/** An amount typed in euros (or the discount's currency), French or not: « 12,50 » → 1250 cents. */
export function parseCents(text: string): number | null {
  return hundredths(text, /(€|EUR|CHF|MAD|XPF|CAD|SAR)$/i);
}

/** A percentage as typed: « 12,5 » or « 12,5 % » → 1250 basis points. */
export function parseBasisPoints(text: string): number | null {
  return hundredths(text, /%$/);
}

/** Cents as the amount field shows them for editing: 1250 → « 12,50 ». */
export function centsText(cents: number): string {
  return (cents / 100).toFixed(2).replace('.', ',');
}

/** Basis points as the percentage field shows them: 1250 → « 12,5 », 1000 → « 10 ». */
export function basisPointsText(bp: number): string {
  return String(bp / 100).replace('.', ',');
}

const rateFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

/** 1250 → « 12,5 % » (no-break space before %). */
export function formatRate(bp: number): string {
  return `${rateFormat.format(bp / 100)}${NBSP}%`;
}

// ---- labels ----

export const ORDER_TYPES: readonly { code: number; label: string }[] = [
  { code: 1, label: 'Sur place' },
  { code: 2, label: 'À emporter' },
  { code: 3, label: 'En livraison' },
  { code: 4, label: 'Plateforme' },
  { code: 5, label: 'Drive' },
];

export const CHANNELS: readonly { code: string; label: string }[] = [
  { code: 'caisse', label: 'Caisse' },
  { code: 'borne', label: 'Borne' },
  { code: 'clickncollect', label: 'Click & Collect' },
];

export const DAYS: readonly { code: number; label: string; short: string }[] = [
  { code: 1, label: 'lundi', short: 'Lun.' },
  { code: 2, label: 'mardi', short: 'Mar.' },
  { code: 3, label: 'mercredi', short: 'Mer.' },
  { code: 4, label: 'jeudi', short: 'Jeu.' },
  { code: 5, label: 'vendredi', short: 'Ven.' },
  { code: 6, label: 'samedi', short: 'Sam.' },
  { code: 7, label: 'dimanche', short: 'Dim.' },
];

const orderTypeLabel = (code: number) => ORDER_TYPES.find((t) => t.code === code)?.label ?? `Type ${code}`;
const channelLabel = (code: string) => CHANNELS.find((c) => c.code === code)?.label ?? code;
const dayLabel = (code: number) => DAYS.find((d) => d.code === code)?.label ?? String(code);

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** « a », « a et b », « a, b et c ». */
export function frenchList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} et ${items[items.length - 1]}`;
}

const plural = (n: number, one: string, many: string) => `${n}${NBSP}${n > 1 ? many : one}`;

// ---- summaries ----

/** What the discount is taken from: « la commande », « 2 catégories », « 1 produit ». */
export function targetText(target: DiscountTarget | undefined, ids: readonly string[] | null | undefined): string {
  const n = ids?.length ?? 0;
  if (target === 'categories') return n > 0 ? plural(n, 'catégorie', 'catégories') : 'des catégories';
  if (target === 'products') return n > 0 ? plural(n, 'produit', 'produits') : 'des produits';
  return 'la commande';
}

/** The value alone: « 10 % », « 2,00 € ». */
export function valueText(d: Pick<Discount, 'kind' | 'value' | 'currency'>): string {
  return d.kind === 'pourcentage' ? formatRate(d.value) : formatCents(d.value, d.currency || 'EUR');
}

/** What the discount takes off, in clear French: « 10 % sur la commande », « 2,00 € sur 3 produits ». */
export function effectText(d: Pick<Discount, 'kind' | 'value' | 'currency' | 'rules'>): string {
  return `${valueText(d)} sur ${targetText(d.rules?.target, d.rules?.targetIds)}`;
}

/** « 11:30 » → « 11 h 30 », « 15:00 » → « 15 h » (as the kiosks' refusals write them). */
export function frenchClock(hhmm: string): string {
  const [h = '', m = ''] = hhmm.split(':');
  const hours = String(Number(h));
  return m === '00' ? `${hours}${NBSP}h` : `${hours}${NBSP}h${NBSP}${m}`;
}

/** [1,2,3,4,5] → « du lundi au vendredi », [6,7] → « samedi et dimanche », [1,3] → « lundi et mercredi ». */
export function daysText(days: readonly number[] | null | undefined): string {
  const list = [...new Set(days ?? [])].sort((a, b) => a - b);
  if (list.length === 0 || list.length === 7) return 'tous les jours';
  const consecutive = list.every((d, i) => i === 0 || d === list[i - 1]! + 1);
  if (consecutive && list.length >= 3) return `du ${dayLabel(list[0]!)} au ${dayLabel(list[list.length - 1]!)}`;
  return frenchList(list.map(dayLabel));
}

/** A validity period: « du 01/12/2026 au 31/12/2026 », « à partir du … », « jusqu'au … », '' when open. */
export function periodText(start: string | undefined, end: string | undefined): string {
  if (start && end) return start === end ? `le ${formatDay(start)}` : `du ${formatDay(start)} au ${formatDay(end)}`;
  if (start) return `à partir du ${formatDay(start)}`;
  if (end) return `jusqu'au ${formatDay(end)}`;
  return '';
}

/**
 * The conditions of a discount, one short phrase each, in the order a cashier checks them;
 * none means it always applies. `restaurantName` names a restaurant id.
 */
export function conditionsText(
  d: Pick<Discount, 'currency' | 'startDate' | 'endDate'> & { rules?: DiscountRules },
  restaurantName: (id: number) => string = (id) => `Restaurant n° ${id}`,
  currency = 'EUR',
): string[] {
  const r = d.rules ?? {};
  const out: string[] = [];
  if (r.minBasketCents && r.minBasketCents > 0) out.push(`Panier minimum de ${formatCents(r.minBasketCents, d.currency || currency)}`);
  if (r.orderTypes?.length) out.push(frenchList(r.orderTypes.map(orderTypeLabel)));
  if (r.channels?.length) out.push(frenchList(r.channels.map(channelLabel)));
  if (r.days?.length && r.days.length < 7) out.push(capitalise(daysText(r.days)));
  if (r.startTime && r.endTime) out.push(`De ${frenchClock(r.startTime)} à ${frenchClock(r.endTime)}`);
  const period = periodText(d.startDate, d.endDate);
  if (period) out.push(capitalise(period));
  if (r.restaurants?.length) {
    const names = r.restaurants.map(restaurantName);
    out.push(names.length > 2 ? plural(names.length, 'restaurant', 'restaurants') : frenchList(names));
  }
  return out;
}

// ---- promo codes ----

/** How a code is stored: upper case, no spaces (the server does the same). */
export function normaliseCode(text: string): string {
  return text.replace(SPACES, '').toUpperCase();
}

/** The server's rule for a code (discounts.codePattern). */
export const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;
export const CODE_RULE_TEXT = 'De 3 à 32 caractères : lettres sans accent, chiffres, « - » ou « _ ».';

// Letters and digits that cannot be mistaken for each other when read aloud or off a flyer.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A fresh random code: the discount's name as a prefix when it has one (« BIENVENUE-7KQ2M »), then
 * five characters from an alphabet without 0/O or 1/I. `random` gives n random bytes (tests fix it).
 */
export function generateCode(prefixFrom = '', random: (n: number) => Uint8Array = randomBytes): string {
  const prefix = prefixFrom
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '')
    .slice(0, 12);
  const tail = [...random(5)].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
  return prefix.length >= 2 ? `${prefix}-${tail}` : `PROMO-${tail}`;
}

function randomBytes(n: number): Uint8Array {
  const bytes = new Uint8Array(n);
  globalThis.crypto.getRandomValues(bytes);
  return bytes;
}

/** « 12 / 100 », « 3 / illimité ». */
export function usageText(c: Pick<PromoCode, 'used' | 'maxUses'>): string {
  const fmt = new Intl.NumberFormat('fr-FR');
  return `${fmt.format(c.used)} / ${c.maxUses ? fmt.format(c.maxUses) : 'illimité'}`;
}

/** What is left: a count, or null when the quota is unlimited. */
export function remainingUses(c: Pick<PromoCode, 'used' | 'maxUses'>): number | null {
  return c.maxUses ? Math.max(0, c.maxUses - c.used) : null;
}

/** Share of the quota used, 0–100; null for an unlimited code. */
export function usagePercent(c: Pick<PromoCode, 'used' | 'maxUses'>): number | null {
  return c.maxUses ? Math.min(100, (c.used / c.maxUses) * 100) : null;
}

/** « Usage unique », « 200 utilisations », « Illimité ». */
export function quotaText(maxUses: number | undefined): string {
  if (!maxUses) return 'Illimité';
  if (maxUses === 1) return 'Usage unique';
  return `${new Intl.NumberFormat('fr-FR').format(maxUses)} utilisations`;
}

/** A code's validity: « Du 01/12/2026 au 31/12/2026 », « Sans limite de date ». */
export function validityText(c: Pick<PromoCode, 'validFrom' | 'validUntil'>): string {
  const p = periodText(c.validFrom, c.validUntil);
  return p ? capitalise(p) : 'Sans limite de date';
}

/** Whether a code can be used today (yyyy-mm-dd): the state the list shows beside its switch. */
export function codeState(c: Pick<PromoCode, 'active' | 'used' | 'maxUses' | 'validFrom' | 'validUntil'>, today: string): 'inactive' | 'exhausted' | 'expired' | 'upcoming' | 'open' {
  if (!c.active) return 'inactive';
  if (c.maxUses && c.used >= c.maxUses) return 'exhausted';
  if (c.validUntil && today > c.validUntil) return 'expired';
  if (c.validFrom && today < c.validFrom) return 'upcoming';
  return 'open';
}
