import type { components } from '../../api/schema';

export type Customer = components['schemas']['CustomerInfo'];
export type CustomerInput = components['schemas']['CustomerInput'];
export type CustomerSpend = components['schemas']['CustomerSpend'];

/** The directory's filters, as the list and the export send them. */
export interface CustomerFilter {
  q?: string;
  restaurantId?: number;
  optin?: 'sms' | 'email' | 'any' | 'none';
  minVisits?: number;
  notSeenDays?: number;
  birthMonth?: number;
  clickCollect?: boolean;
  sort?: 'lastVisit' | 'visits' | 'spend' | 'name' | 'points';
  desc?: boolean;
  page?: number;
  pageSize?: number;
}

/** The query string of a filter: empty values left out. */
export function filterQuery(f: CustomerFilter): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(f)) {
    if (v === undefined || v === '' || v === 0 || v === false) continue;
    out[k] = v as string | number | boolean;
  }
  return out;
}

/** The contact page's parameter is `{phone}&{franchise_uuid}&{id}` (spec): the id is the last part. */
export function contactIdOf(param: string | undefined): number | null {
  if (!param) return null;
  const last = decodeURIComponent(param).split('&').pop() ?? '';
  const id = Number(last);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The link to a customer's page, in the spec's form. */
export function contactPath(c: Pick<Customer, 'id' | 'phone'>): string {
  return `/mesClients/contactDetails/${encodeURIComponent(`${c.phone}&&${c.id}`)}`;
}

const NBSP = '\u00a0';

/** An amount in its currency, fr-FR (« 12,50 € »). */
export function money(cents: number, currency: string): string {
  return new Intl.NumberFormat('fr-FR', { style: 'currency', currency }).format(cents / 100);
}

/** A spend per currency, never added across currencies: « 12,50 € · 8,00 CHF ». */
export function spendText(spend: CustomerSpend[] | null | undefined): string {
  if (!spend || spend.length === 0) return '—';
  return spend.map((s) => money(s.cents, s.currency)).join(' · ');
}

/** A French phone shown as « 06 12 34 56 78 »; another country's stays E.164. */
export function phoneText(e164: string): string {
  if (/^\+33\d{9}$/.test(e164)) return ('0' + e164.slice(3)).replace(/(\d{2})(?=\d)/g, `$1${NBSP}`);
  return e164;
}

export function displayName(c: Pick<Customer, 'firstName' | 'lastName' | 'erased'>): string {
  if (c.erased) return 'Client effacé';
  const name = `${c.firstName} ${c.lastName}`.trim();
  return name || 'Client sans nom';
}

export function dateText(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' });
}

export function dateTimeText(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short', timeStyle: 'short' });
}

/** Basis points as a French percentage (« 12,5 % »). */
export function bpText(bp: number): string {
  return `${(bp / 100).toLocaleString('fr-FR', { maximumFractionDigits: 1 })}${NBSP}%`;
}

export const SOURCE_LABELS: Record<string, string> = {
  kiosk: 'Borne',
  till: 'Caisse',
  click_and_collect: 'Click & Collect',
  back_office: 'Back-office',
  stop: 'Désinscription (STOP)',
};

export const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];

/** « 2026-11 » as « novembre 2026 ». */
export function monthText(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return `${MONTHS[(m ?? 1) - 1]} ${y}`;
}
