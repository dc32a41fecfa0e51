import type { components } from '../../api/schema';
import { formatCents, formatTaxRate } from '../reports/format';

type Schemas = components['schemas'];
export type OrderRow = Schemas['OrderRow'];
export type OrderPage = Schemas['OrderPage'];
export type OrderOut = Schemas['OrderOut'];
export type Order = Schemas['Order'];
export type OrderLine = Schemas['Line'];
export type VatLine = Schemas['VATLine'];
export type Counts = Schemas['Counts'];
export type Realtime = Schemas['Realtime'];

export type OrderSource = 'caisse_borne' | 'clickncollect';
export const SOURCE_LABELS: Record<OrderSource, string> = { caisse_borne: 'Caisse & Borne', clickncollect: 'Clickncollect' };
export const LIST_TITLES: Record<OrderSource, string> = {
  caisse_borne: 'Liste Commandes - Caisse & Borne',
  clickncollect: 'Liste Commandes - Click&Collect',
};

export const CHOOSE_RESTAURANT_TEXT = 'Veuillez Choisir un restaurant.';
export const NO_SELECTION_TEXT = 'Cliquez sur une commande pour voir les détails';
export const DETAIL_TITLE = 'Détails de la commande';
export const NOT_FOUND_TEXT = "Cette commande est introuvable. Vérifiez le lien (order_id, siret et keenio).";

/** Spec §9: orders 5, 10, 25 (default), 50, 100, 200 and 'Tout' (-1). */
export const PAGE_SIZES = [5, 10, 25, 50, 100, 200, { label: 'Tout', value: -1 }] as const;
export const DEFAULT_PAGE_SIZE = 25;

/**
 * Cents in the currency the answer states (an order's: its restaurant's), French layout (the shared
 * report formatting): (1250, 'EUR') → '12,50 €', (1250, 'CHF') → '12,50 CHF'.
 * DECISIONS: the currency only supplies the symbol and the decimals.
 */
export function money(cents: number, currency: string): string {
  return formatCents(cents, currency);
}

const integer = new Intl.NumberFormat('fr-FR');
export function count(n: number): string {
  return integer.format(n);
}

/** A tax rate in basis points as the French write it (DECISIONS): 550 → '5,5 %', 1000 → '10 %'. */
export const taxRate = formatTaxRate;

/** A trend in percent with its sign and two decimals: 12.345 → '+12,35 %'. */
export function trend(pct: number): string {
  const text = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(pct));
  const sign = pct > 0 ? '+' : pct < 0 ? '−' : '';
  return `${sign}${text}\u00a0%`;
}

/** Date and time in the restaurant's zone: '21/11/2026 12:34'. */
export function dateTimeIn(iso: string, timeZone?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const opts: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short' };
  try {
    return new Intl.DateTimeFormat('fr-FR', { ...opts, timeZone: timeZone || undefined }).format(d);
  } catch {
    return new Intl.DateTimeFormat('fr-FR', opts).format(d);
  }
}

/** Day, month and time in the restaurant's zone, for dense lists: '21/11 12:34'. */
export function shortDateTimeIn(iso: string, timeZone?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const opts: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' };
  let text: string;
  try {
    text = new Intl.DateTimeFormat('fr-FR', { ...opts, timeZone: timeZone || undefined }).format(d);
  } catch {
    text = new Intl.DateTimeFormat('fr-FR', opts).format(d);
  }
  return text.replace(/,/g, '');
}

/** Today's date (yyyy-mm-dd) in the browser's zone. */
export function today(now = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** A yyyy-mm-dd day as '21/11/2026'. */
export function dayLabel(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : day;
}

export type StatusTone = 'success' | 'warning' | 'error';

/** The statuses tills send (declared in Go: the `status` enum of an order). */
export type OrderStatus = Order['status'];

/**
 * Each status's label (une commande : feminine) and colour. Spec §4: paid green, pending orange
 * ('En attente'), anything else red, as a cancellation. Only paid orders count in the sales figures.
 */
export const STATUSES: Record<OrderStatus, { label: string; tone: StatusTone }> = {
  paid: { label: 'Payée', tone: 'success' },
  pending: { label: 'En attente', tone: 'warning' },
  cancelled: { label: 'Annulée', tone: 'error' },
  refunded: { label: 'Remboursée', tone: 'error' },
  partially_refunded: { label: 'Remboursée en partie', tone: 'error' },
  failed: { label: 'Paiement refusé', tone: 'error' },
};

function isOrderStatus(status: string): status is OrderStatus {
  return Object.prototype.hasOwnProperty.call(STATUSES, status);
}

/** A status's label and colour; a status Brigade does not know is shown as a cancellation (spec §3). */
export function statusOf(status: string): { label: string; tone: StatusTone } {
  return isOrderStatus(status) ? STATUSES[status] : STATUSES.cancelled;
}

/** Spec §3: Sur Place 1, A Emporter 2, En Livraison 3, Platform 4, Drive 5. */
export const ORDER_TYPES: Record<number, string> = { 1: 'Sur Place', 2: 'A Emporter', 3: 'En Livraison', 4: 'Platform', 5: 'Drive' };
export function orderType(type: number): string {
  return ORDER_TYPES[type] ?? `Type ${type}`;
}

export const SOURCE_NAMES: Record<string, string> = { caisse: 'Caisse', borne: 'Borne', clickncollect: 'Click&Collect' };
export function sourceName(source: string): string {
  return SOURCE_NAMES[source] ?? source;
}

export const PAYMENT_METHODS: Record<string, string> = {
  cb: 'Carte bancaire',
  especes: 'Espèces',
  titre_restaurant: 'Titre-restaurant',
  cheque_vacances: 'Chèque-vacances',
  cash_machine: 'Monnayeur',
  plateforme: 'Plateforme',
  avoir: 'Avoir',
};
export function paymentMethod(method: string): string {
  return PAYMENT_METHODS[method] ?? method;
}

/** The discount as the ticket states it: 'pourcentage' is a percent (value in basis points), else an amount. */
export function discountText(discount: NonNullable<Order['discount']>, currency: string): string {
  if (discount.type === 'pourcentage') return `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }).format(discount.value / 100)}\u00a0%`;
  return money(discount.value, currency);
}

export interface VatGroup {
  rateBp: number;
  lines: OrderLine[];
  htCents: number;
  vatCents: number;
  ttcCents: number;
}

/**
 * Click & collect (spec §2.1): lines grouped by VAT rate, each group summing HT, TVA and TTC.
 * The tax is included in the TTC price: HT = TTC / (1 + rate), rounded to the cent.
 */
export function groupByVat(lines: readonly OrderLine[]): VatGroup[] {
  const groups = new Map<number, VatGroup>();
  for (const line of lines) {
    const g = groups.get(line.tax_rate_bp) ?? { rateBp: line.tax_rate_bp, lines: [], htCents: 0, vatCents: 0, ttcCents: 0 };
    g.lines.push(line);
    g.ttcCents += line.total_cents;
    groups.set(line.tax_rate_bp, g);
  }
  return [...groups.values()]
    .map((g) => {
      const ht = Math.round((g.ttcCents * 10_000) / (10_000 + g.rateBp));
      return { ...g, htCents: ht, vatCents: g.ttcCents - ht };
    })
    .sort((a, b) => a.rateBp - b.rateBp);
}
