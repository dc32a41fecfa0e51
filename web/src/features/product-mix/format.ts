/**
 * Wording and pure logic of the product mix screen. Amounts, counts and percentages go through the
 * shared report and flash formatting (Intl fr-FR, the answer's currency).
 */
import type { PeriodShortcut } from '../../components/periods';
import { formatInteger } from '../reports/format';
import type { MixProduct } from './types';

export const EMPTY_TEXT = 'Aucun produit vendu sur cette période';
export const CUSTOM_PERIOD_LABEL = 'Personnalisé';
export const CATEGORY_TITLE = 'Mix par catégorie';
export const PRODUCTS_TITLE = 'Produits';
export const OPTIONS_TITLE = 'Options les plus vendues';
export const SEARCH_LABEL = 'Rechercher un produit';
export const UNKNOWN_PRICE_TEXT = "Prix d'achat inconnu";
export const CONFLICT_PRICE_TEXT = "Prix d'achat différents selon les cartes";
export const CURRENT_NAME = 'Période';
export const PREVIOUS_NAME = 'Période précédente';

/** The shortcuts of this screen. The running month and year stop today, compared with as many days before. */
export const MIX_PERIODS: readonly PeriodShortcut[] = [
  { key: 'last7', label: '7 derniers jours' },
  { key: 'last30', label: '30 derniers jours' },
  { key: 'monthToDate', label: 'Ce mois-ci' },
  { key: 'lastMonth', label: 'Mois dernier' },
  { key: 'last12Months', label: '12 derniers mois' },
  { key: 'yearToDate', label: 'Année en cours' },
];

/** The three views of the products card. */
export type MixView = 'ranking' | 'risers' | 'fallers';
export const VIEW_LABELS: Record<MixView, string> = { ranking: 'Classement', risers: 'En hausse', fallers: 'En baisse' };
export const VIEWS: readonly MixView[] = ['ranking', 'risers', 'fallers'];

/** '3 produits', '1 produit'. */
export function productsText(n: number): string {
  return `${formatInteger(n)} produit${n > 1 ? 's' : ''}`;
}

/** '1 234 unités', '1 unité'. */
export function unitsText(n: number): string {
  return `${formatInteger(n)} unité${Math.abs(n) > 1 ? 's' : ''}`;
}

/** The revenue gained (positive) or lost since the previous period, in cents. */
export const gain = (p: Pick<MixProduct, 'revenueCents' | 'previousRevenueCents'>) => p.revenueCents - p.previousRevenueCents;

/**
 * The biggest risers (revenue gained, the largest first, new products included) or fallers (revenue
 * lost, the largest loss first, products no longer sold included), as Toast's « Trending » lists them.
 */
export function movers(products: readonly MixProduct[], way: 'risers' | 'fallers'): MixProduct[] {
  const sign = way === 'risers' ? 1 : -1;
  return products
    .filter((p) => sign * gain(p) > 0)
    .sort((a, b) => sign * (gain(b) - gain(a)) || a.name.localeCompare(b.name, 'fr'));
}

/** What the rank did: '▲ 3', '▼ 2', '=', 'Nouveau' (not sold before), 'Plus vendu' (sold only before). */
export function rankChangeText(p: Pick<MixProduct, 'rank' | 'previousRank' | 'rankChange'>): string {
  if (p.rank == null) return 'Plus vendu';
  if (p.previousRank == null) return 'Nouveau';
  const c = p.rankChange ?? 0;
  if (c > 0) return `▲\u00a0${formatInteger(c)}`;
  if (c < 0) return `▼\u00a0${formatInteger(-c)}`;
  return '=';
}

/** The same, spoken: 'gagne 3 places', 'perd 1 place'. */
export function rankChangeSpoken(p: Pick<MixProduct, 'rank' | 'previousRank' | 'rankChange'>): string {
  if (p.rank == null) return 'plus vendu sur la période';
  if (p.previousRank == null) return 'nouveau : pas vendu sur la période précédente';
  const c = p.rankChange ?? 0;
  const places = (n: number) => `${formatInteger(n)} place${n > 1 ? 's' : ''}`;
  if (c > 0) return `gagne ${places(c)} (rang ${p.previousRank} avant)`;
  if (c < 0) return `perd ${places(-c)} (rang ${p.previousRank} avant)`;
  return 'même rang que sur la période précédente';
}

/** Lower case without accents, for a search that forgives 'creme' for 'Crème'. */
export function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** The products whose name or category holds the searched text (accents and case ignored). */
export function search<T extends { name: string; category?: string; group?: string }>(rows: readonly T[], text: string): T[] {
  const q = fold(text);
  if (!q) return [...rows];
  return rows.filter((r) => fold(r.name).includes(q) || fold(r.category ?? r.group ?? '').includes(q));
}
