// The product's links to the carte's option groups, ingredient groups and promotions (spec §3:
// product.options, product.ingredients, product.promotions hold ids, in the order the kiosk shows them).
// Pure: what the 'Options' tab shows, and how its choice is written back onto the product.
import { isActive, type Extra, type MenuProduct, type OptionGroup } from '../../documentTypes';

export const LINK_KEYS = ['options', 'ingredients', 'promotions'] as const;
export type LinkKey = (typeof LINK_KEYS)[number];

/** The ids chosen for each link, in the order chosen. */
export type ProductLinks = Record<LinkKey, number[]>;

/** A promotion as the tab reads it (the carte's document.promotions). */
export interface PromotionRef extends Extra {
  id: number;
  name?: string;
  name_promotion?: string;
  position?: number;
  removed?: boolean;
  removed_by_admin?: boolean;
}

/** One choosable element of a section: an active group or promotion of the carte. */
export interface LinkChoice {
  id: number;
  name: string;
  caption: string;
}

/** A row of a section: a choice, or an id the product holds that the carte no longer offers there. */
export interface LinkRow extends LinkChoice {
  /** The id is held by the product but is not an active element of this section. */
  missing: boolean;
}

/** The ids of a stored list (numbers, or numeric texts as old cartes may have), duplicates dropped, order kept. */
export function idsOf(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  const ids: number[] = [];
  for (const v of value as unknown[]) {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    if (Number.isFinite(n) && !ids.includes(n)) ids.push(n);
  }
  return ids;
}

/** The product's links as the tab edits them (a new product: none). */
export function linksOf(product: MenuProduct | null): ProductLinks {
  return {
    options: idsOf(product?.options),
    ingredients: idsOf(product?.ingredients),
    promotions: idsOf(product?.promotions),
  };
}

const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

export const sameLinks = (a: ProductLinks, b: ProductLinks) => LINK_KEYS.every((k) => sameIds(a[k], b[k]));

/**
 * Writes the links onto `out` (a copy of `base`). A list the user did not change is left exactly as
 * stored (numeric texts included); a changed one is written when the product had the field or the list
 * is not empty, so old cartes do not fill up with empty keys. A link absent from `links` is not touched.
 */
export function writeLinks(base: MenuProduct, out: Extra, links: Partial<ProductLinks>): void {
  const stored = linksOf(base);
  for (const key of LINK_KEYS) {
    const ids = links[key];
    if (!ids || sameIds(ids, stored[key])) continue;
    if (ids.length > 0 || key in base) out[key] = [...ids];
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;
const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);
const byPosition = <T extends { position?: number }>(list: readonly T[]) =>
  list
    .map((e, i) => ({ e, i }))
    .sort((a, b) => (a.e.position ?? 0) - (b.e.position ?? 0) || a.i - b.i)
    .map(({ e }) => e);

/** The active option groups of one kind (ingredients or not), by position: 'Choix : 0 à 2 · 5 options'. */
export function groupChoices(groups: readonly OptionGroup[], ingredient: boolean): LinkChoice[] {
  const word = ingredient ? 'ingrédient' : 'option';
  return byPosition(groups.filter((g) => isActive(g) && (g.is_ingredient === true) === ingredient && Number.isFinite(Number(g.id)))).map((g) => ({
    id: Number(g.id),
    name: g.name || `Sans nom (id ${g.id})`,
    caption: `Choix : ${count(g.min_items)} à ${count(g.max_items)} · ${plural((g.items ?? []).filter(isActive).length, word)}`,
  }));
}

/** The active promotions of the carte, by position, captioned with their label. */
export function promotionChoices(promotions: readonly PromotionRef[]): LinkChoice[] {
  return byPosition(promotions.filter((p) => isActive(p) && Number.isFinite(Number(p.id)))).map((p) => ({
    id: Number(p.id),
    name: p.name || `Sans nom (id ${p.id})`,
    caption: p.name_promotion ?? '',
  }));
}

/** How a held id that the section does not offer reads. */
export type MissingLabel = (id: number) => { name: string; caption: string };

/**
 * The rows of a section: the chosen ones first, in the order chosen (an id the section no longer
 * offers included, labelled by `missing`), then the others in the carte's order.
 */
export function linkRows(choices: readonly LinkChoice[], chosen: readonly number[], missing: MissingLabel): { chosen: LinkRow[]; others: LinkRow[] } {
  const byId = new Map(choices.map((c) => [c.id, c]));
  const held = new Set(chosen);
  return {
    chosen: chosen.map((id) => {
      const c = byId.get(id);
      return c ? { ...c, missing: false } : { id, ...missing(id), missing: true };
    }),
    others: choices.filter((c) => !held.has(c.id)).map((c) => ({ ...c, missing: false })),
  };
}

/** Ticks (appended, so it comes last) or unticks an id. */
export function toggleId(chosen: readonly number[], id: number, on: boolean): number[] {
  if (on) return chosen.includes(id) ? [...chosen] : [...chosen, id];
  return chosen.filter((v) => v !== id);
}

/** Moves a chosen id one place up (-1) or down (1); the ends stay put. */
export function moveId(chosen: readonly number[], id: number, direction: -1 | 1): number[] {
  const i = chosen.indexOf(id);
  const j = i + direction;
  if (i < 0 || j < 0 || j >= chosen.length) return [...chosen];
  const next = [...chosen];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}

/** Case- and accent-insensitive match of a row on the search text. */
export function matches(row: LinkChoice, text: string): boolean {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
  const q = fold(text.trim());
  return q === '' || fold(row.name).includes(q) || fold(row.caption).includes(q);
}

/** A held group id the section does not offer: a group of the other kind keeps its name; a removed or absent one reads 'Catégorie supprimée (id n)'. */
export function missingGroupLabel(groups: readonly OptionGroup[], ingredient: boolean): MissingLabel {
  return (id) => {
    const g = groups.find((x) => Number(x.id) === id);
    if (g && isActive(g)) {
      return { name: g.name || `Sans nom (id ${id})`, caption: ingredient ? "Catégorie d'options, pas d'ingrédients" : "Catégorie d'ingrédients, pas d'options" };
    }
    return { name: `Catégorie supprimée (id ${id})`, caption: g ? `${g.name ? `${g.name} · ` : ''}dans la corbeille` : 'Absente de la carte' };
  };
}

/** A held promotion id the carte no longer offers: 'Promotion supprimée (id n)'. */
export function missingPromotionLabel(promotions: readonly PromotionRef[]): MissingLabel {
  return (id) => {
    const p = promotions.find((x) => Number(x.id) === id);
    return { name: `Promotion supprimée (id ${id})`, caption: p ? `${p.name ? `${p.name} · ` : ''}dans la corbeille` : 'Absente de la carte' };
  };
}
