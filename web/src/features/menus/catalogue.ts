// Mes Produits: pure helpers for the franchise-wide product table (filters, cents-exact bulk
// price previews, one bulk target per carte). No React here, so every rule has a test.
import { ORDER_TYPES } from './documentTypes';
import type { BulkBody, BulkPriceMode, BulkTarget, Campaign, CatalogueProduct } from './types';

/** The flags shown by default in the table (the most used ones). */
export const DEFAULT_FLAG_COLUMNS = ['hidden', 'sold_out', 'hidden_borne', 'best_sale'] as const;

/** French labels of the product flags (the editor's wording); unknown names show as they are. */
export const FLAG_LABELS: Record<string, string> = {
  hidden: 'Masqué',
  sold_out: 'Épuisé',
  hidden_online: 'Masqué en ligne',
  hidden_borne: 'Masqué borne',
  hidden_caisse: 'Masqué caisse',
  hidden_ubereat: 'Masqué Uber Eats',
  sold_out_temporary: 'Épuisé temporairement',
  best_sale: 'Meilleure vente',
  top_product: 'Top produit',
  is_menu: 'Menu',
  free_price: 'Prix libre',
  apply_discount: 'Réduction applicable',
  available_on_the_spot: 'Dispo. sur place',
  available_takeaway: 'Dispo. à emporter',
  available_bar: 'Dispo. bar',
  available_delivery: 'Dispo. livraison',
  available_terasse: 'Dispo. terrasse',
  available_happy_hour: 'Dispo. happy hour',
};

export const flagLabel = (name: string) => FLAG_LABELS[name] ?? name;

export const PRICE_MODES: { mode: BulkPriceMode; label: string }[] = [
  { mode: 'set', label: 'Fixer le prix' },
  { mode: 'add', label: 'Ajouter un montant' },
  { mode: 'percent', label: 'Appliquer un pourcentage' },
];

/** A product row's key: an idGlobal is unique within one carte only (a duplicated carte keeps them). */
export const productKey = (p: Pick<CatalogueProduct, 'campaignId' | 'idGlobal'>) => `${p.campaignId}:${p.idGlobal}`;

/** The price of one cell (tariff × order type), or null when the product has none. */
export function priceOf(p: CatalogueProduct, tariff: number, typeOrder: number): number | null {
  const entry = (p.prices ?? []).find((e) => e.tariff === tariff && e.typeOrder === typeOrder);
  return entry ? entry.price : null;
}

function normalise(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}

export interface CatalogueFilter {
  query: string;
  /** 0: every carte. */
  campaignId: number;
  /** '': every category. */
  category: string;
}

export function filterProducts(items: readonly CatalogueProduct[], filter: CatalogueFilter): CatalogueProduct[] {
  const q = normalise(filter.query);
  return items.filter(
    (p) =>
      (filter.campaignId === 0 || p.campaignId === filter.campaignId) &&
      (filter.category === '' || p.category === filter.category) &&
      (q === '' || normalise(p.name).includes(q)),
  );
}

/** Category names for the filter, sorted, without duplicates (several cartes share them). */
export function categoriesOf(items: readonly CatalogueProduct[], campaignId = 0): string[] {
  const names = new Set<string>();
  for (const p of items) if (p.category && (campaignId === 0 || p.campaignId === campaignId)) names.add(p.category);
  return [...names].sort((a, b) => a.localeCompare(b, 'fr'));
}

const AMOUNT = /^[+-]?\d+(?:[.,]\d*)?$|^[+-]?[.,]\d+$/;

/** The bulk value as typed ('0,50', '-5', '10'): a number, or NaN. Not rounded (percentages keep their decimals). */
export function parseAmount(text: string): number {
  const s = text.trim().replace(/\s/g, '');
  if (!AMOUNT.test(s)) return Number.NaN;
  return Number(s.replace(',', '.'));
}

/** To whole cents, half away from zero; toPrecision first removes float noise (1.005 × 100 = 100.4999…). */
const toCents = (n: number) => Math.sign(n) * Math.round(Math.abs(Number((n * 100).toPrecision(12))));

/** a / b rounded half away from zero, in integers (no float drift on .5). */
function divRound(a: number, b: number): number {
  const sign = a < 0 ? -1 : 1;
  const abs = Math.abs(a);
  const q = Math.floor(abs / b);
  const r = abs - q * b;
  return sign * (2 * r >= b ? q + 1 : q);
}

/**
 * The new price of a cell, to the cent, as the server computes it: set → the value; add → price +
 * value; percent → price × (1 + value / 100) rounded half away from zero. A missing price counts as 0.
 */
export function applyPrice(before: number | null, mode: BulkPriceMode, value: number): number {
  const cents = toCents(before ?? 0);
  if (mode === 'set') return toCents(value) / 100;
  if (mode === 'add') return (cents + toCents(value)) / 100;
  // The percentage to the hundredth: 12.5 % → 1250 / 10000.
  const hundredths = Math.round(value * 100);
  return divRound(cents * (10000 + hundredths), 10000) / 100;
}

export interface PriceChange {
  mode: BulkPriceMode;
  /** As typed. */
  value: string;
  tariffs: number[];
  orderTypes: number[];
}

/** Why a bulk price change cannot be sent, or null. */
export function priceChangeError(change: PriceChange): string | null {
  const value = parseAmount(change.value);
  if (change.value.trim() === '' || Number.isNaN(value)) return "Cette valeur n'est pas un nombre.";
  if (change.mode === 'set' && value < 0) return 'Un prix ne peut pas être négatif.';
  if (change.tariffs.length === 0) return 'Choisissez au moins un tarif.';
  if (change.orderTypes.length === 0) return 'Choisissez au moins un type de commande.';
  return null;
}

export interface PreviewCell {
  tariff: number;
  typeOrder: number;
  before: number | null;
  after: number;
}

export interface PreviewRow {
  product: CatalogueProduct;
  cells: PreviewCell[];
}

/** Before → after of each chosen cell of each product (the change must be valid). */
export function previewPrices(products: readonly CatalogueProduct[], change: PriceChange): PreviewRow[] {
  const value = parseAmount(change.value);
  return products.map((product) => ({
    product,
    cells: change.tariffs.flatMap((tariff) =>
      change.orderTypes.map((typeOrder) => {
        const before = priceOf(product, tariff, typeOrder);
        return { tariff, typeOrder, before, after: applyPrice(before, change.mode, value) };
      }),
    ),
  }));
}

const orderLabel = (code: number) => ORDER_TYPES.find((o) => o.code === code)?.label ?? String(code);

/** The first price the change would make negative, in the server's words; null when none. */
export function negativePriceError(rows: readonly PreviewRow[]): string | null {
  for (const row of rows) {
    const cell = row.cells.find((c) => c.after < 0);
    if (cell) {
      return `La valeur du prix ${cell.after} dans le tarif ${cell.tariff} pour ${orderLabel(cell.typeOrder)} du produit ${row.product.name} n'est pas valide`;
    }
  }
  return null;
}

/** One target per carte, with the version Mes Produits read, in the order the cartes are listed. */
export function groupTargets(products: readonly CatalogueProduct[], campaigns: readonly Campaign[]): BulkTarget[] {
  const byCarte = new Map<number, string[]>();
  for (const p of products) {
    const ids = byCarte.get(p.campaignId) ?? [];
    if (!ids.includes(p.idGlobal)) ids.push(p.idGlobal);
    byCarte.set(p.campaignId, ids);
  }
  const order = new Map(campaigns.map((c, i) => [c.id, i]));
  return [...byCarte.entries()]
    .sort(([a], [b]) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity) || a - b)
    .map(([campaignId, idGlobals]) => ({
      campaignId,
      version: campaigns.find((c) => c.id === campaignId)?.version ?? 0,
      idGlobals,
    }));
}

/** The body that sets one price cell of one product (the inline edit). */
export function singlePriceBody(product: CatalogueProduct, campaigns: readonly Campaign[], tariff: number, typeOrder: number, value: string): BulkBody {
  return {
    targets: groupTargets([product], campaigns),
    price: { mode: 'set', value: value.trim() === '' ? '0' : value.trim(), tariffs: [tariff], orderTypes: [typeOrder] },
  };
}

/** The body that sets or clears one flag on products. */
export function flagBody(products: readonly CatalogueProduct[], campaigns: readonly Campaign[], flag: string, on: boolean): BulkBody {
  return { targets: groupTargets(products, campaigns), flags: { [flag]: on } };
}

/** The body of the bulk price dialog. */
export function priceBody(products: readonly CatalogueProduct[], campaigns: readonly Campaign[], change: PriceChange): BulkBody {
  return {
    targets: groupTargets(products, campaigns),
    price: { mode: change.mode, value: change.value.trim(), tariffs: [...change.tariffs].sort((a, b) => a - b), orderTypes: [...change.orderTypes].sort((a, b) => a - b) },
  };
}

/** 'filename="Carte été.json"' or RFC 5987 'filename*=UTF-8''…' → the name; null when absent. */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      return star[1];
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = plain ? (plain[2] ?? plain[1] ?? '').trim() : '';
  return name || null;
}

/** The carte name an export file carries ({nom, …, orderJson}); '' for a bare document or anything else. */
export function exportedName(content: unknown): string {
  if (typeof content !== 'object' || content === null || Array.isArray(content)) return '';
  const nom = (content as { nom?: unknown }).nom;
  return typeof nom === 'string' ? nom.trim() : '';
}
