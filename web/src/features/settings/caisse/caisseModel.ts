// The 'Configuration Caisse' screen's view of the carte document: which categories and products the
// selectors offer, and the category form ↔ category object. Pure, like the menu editor's edits: every
// field the form does not show is kept as loaded, so the whole document can be sent back.
import * as z from 'zod/mini';
import { categoryTreeOrder, renameCategory } from '../../menus/categoryEdits';
import { activeProductsOf } from '../../menus/documentEdits';
import { isActive, type Extra, type MenuCategory, type MenuDocument, type MenuProduct } from '../../menus/documentTypes';
import { activeTags } from '../../tags/tagEdits';

/** The product tab's first category entry: the products that are in no sub-category. */
export const NULL_CHOICE = 'null';
export const NULL_LABEL = 'Null';

export interface Choice {
  value: string;
  label: string;
}

/** The category selector of the product tab: 'Null' first, then the active sub-categories in tree order. */
export function productCategoryChoices(doc: MenuDocument): Choice[] {
  const byId = new Map(doc.categories.map((c) => [c.idCat, c]));
  const subs = categoryTreeOrder(doc.categories).filter((c) => c.parent_id !== -1);
  return [
    { value: NULL_CHOICE, label: NULL_LABEL },
    ...subs.map((c) => {
      const parent = byId.get(c.parent_id);
      return { value: String(c.idCat), label: parent ? `${parent.name} › ${c.name}` : c.name };
    }),
  ];
}

/** The idCat of the active sub-categories (those the selector lists after 'Null'). */
function subCategoryIds(doc: MenuDocument): Set<number> {
  return new Set(doc.categories.filter((c) => isActive(c) && c.parent_id !== -1).map((c) => c.idCat));
}

/**
 * The active products of a choice, by position. 'Null' holds every product that is not in an active
 * sub-category (top-level categories, and products whose category is gone), so the entries of the
 * selector share out all the carte's products, each exactly once.
 */
export function productsOfChoice(doc: MenuDocument, choice: string): MenuProduct[] {
  if (choice !== NULL_CHOICE) return activeProductsOf(doc, Number(choice));
  const subs = subCategoryIds(doc);
  const order = new Map(categoryTreeOrder(doc.categories).map((c, i) => [c.idCat, i]));
  // Grouped as the category tree shows them; products of a missing category last.
  return activeProductsOf(doc, null)
    .filter((p) => !subs.has(p.idCat))
    .sort((a, b) => (order.get(a.idCat) ?? Infinity) - (order.get(b.idCat) ?? Infinity) || a.position - b.position);
}

/** The name of a product's category as the product selector groups it. */
export function categoryNameOf(doc: MenuDocument, idCat: number): string {
  const c = doc.categories.find((x) => x.idCat === idCat && isActive(x));
  return c ? c.name : 'Sans catégorie';
}

// ---------------------------------------------------------------------------------------------
// The category form.

/** The category's flags the form offers: those of the server's model (internal/menu Category). */
export const CATEGORY_FLAGS = [
  { key: 'hidden', label: 'Masquée', description: "La catégorie n'est affichée nulle part." },
  { key: 'sold_out', label: 'En rupture', description: 'Affichée, mais ses produits ne peuvent plus être commandés.' },
  { key: 'products_first', label: 'Produits en premier', description: 'Ses produits sont affichés avant ses sous-catégories.' },
  { key: 'has_sub_categories', label: 'Contient des sous-catégories', description: 'La borne ouvre ses sous-catégories.' },
] as const;

export type CategoryFlag = (typeof CATEGORY_FLAGS)[number]['key'];

const day = z.string().check(z.regex(/^(\d{4}-\d{2}-\d{2})?$/, 'Date invalide (AAAA-MM-JJ).'));

export const categoryFormSchema = z
  .object({
    name: z.string().check(
      z.trim(),
      z.minLength(1, 'Le nom de la catégorie est obligatoire.'),
      z.maxLength(120, 'Le nom ne doit pas dépasser 120 caractères.'),
    ),
    path: z.string().check(z.maxLength(255, 'Le chemin ne doit pas dépasser 255 caractères.')),
    first_period: day,
    end_period: day,
    tags: z.array(z.number()),
    parent_id: z.string(),
    position: z.string().check(z.regex(/^\s*\d+\s*$/, 'La position est un nombre entier positif ou nul.')),
    flags: z.record(z.string(), z.boolean()),
  })
  .check(
    z.refine((v) => !v.first_period || !v.end_period || v.first_period <= v.end_period, {
      path: ['first_period'],
      message: 'La date de début est supérieure à la date de fin de la catégorie.',
    }),
  );

export type CategoryFormValues = z.infer<typeof categoryFormSchema>;

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** Only a calendar day (AAAA-MM-JJ) is shown; '2026-01-31T00:00:00Z' reads as its day. */
function dayOf(v: unknown): string {
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(str(v));
  return m ? m[1]! : '';
}

/** Tag ids as stored (numbers, or numeric texts in older cartes), each once. */
export function tagIdsOf(category: MenuCategory): number[] {
  const raw = Array.isArray(category.tags) ? (category.tags as unknown[]) : [];
  const ids = raw.map((t) => (typeof t === 'number' ? t : Number(str(t)))).filter((n) => Number.isInteger(n));
  return [...new Set(ids)];
}

export function categoryFormValues(category: MenuCategory): CategoryFormValues {
  const flags: Record<string, boolean> = {};
  for (const f of CATEGORY_FLAGS) flags[f.key] = category[f.key] === true;
  return {
    name: category.name ?? '',
    path: str(category.path),
    first_period: dayOf(category.first_period),
    end_period: dayOf(category.end_period),
    tags: tagIdsOf(category),
    parent_id: String(category.parent_id ?? -1),
    position: String(category.position ?? 0),
    flags,
  };
}

/** Whether two tag lists hold the same ids (order is not meaningful to the kiosk). */
const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * Writes the form onto the category (found by idGlobal): name and 'Masquée' through the menu editor's
 * renameCategory, then the other fields. A field the category does not have yet is added only when it
 * carries something, so old cartes do not fill up with empty keys; a field it has is always written.
 * Category ID (idCat) is never changed here: products and sub-categories point at it.
 */
export function applyCategoryValues(doc: MenuDocument, idGlobal: string, values: CategoryFormValues): { document: MenuDocument; index: number } {
  const renamed = renameCategory(doc, idGlobal, { name: values.name, hidden: values.flags.hidden === true });
  if (renamed.index < 0) return renamed;
  const base = doc.categories[renamed.index]!;
  const next: MenuCategory = { ...renamed.document.categories[renamed.index]! };
  const out = next as Extra;
  const put = (key: string, value: unknown, meaningful: boolean) => {
    if (meaningful || key in base) out[key] = value;
  };
  // renameCategory always writes hidden; keep an absent false absent.
  if (!('hidden' in base) && values.flags.hidden !== true) delete out.hidden;
  put('path', values.path.trim(), values.path.trim() !== '');
  put('first_period', values.first_period, values.first_period !== '');
  put('end_period', values.end_period, values.end_period !== '');
  const tags = values.tags;
  if (!sameIds(tags, tagIdsOf(base))) put('tags', tags, tags.length > 0);
  next.parent_id = Number(values.parent_id);
  next.position = Number(values.position.trim());
  for (const f of CATEGORY_FLAGS) if (f.key !== 'hidden') put(f.key, values.flags[f.key] === true, values.flags[f.key] === true);
  const categories = [...renamed.document.categories];
  categories[renamed.index] = next;
  return { document: { ...renamed.document, categories }, index: renamed.index };
}

/**
 * Parents a category may take: none (-1) or another active top-level category. A category that has
 * sub-categories stays top-level (the carte has two levels). A stored parent that is gone is kept
 * as a choice, so opening the form never changes it silently.
 */
export function parentChoices(doc: MenuDocument, category: MenuCategory): (Choice & { disabled?: boolean })[] {
  const hasChildren = doc.categories.some((c) => isActive(c) && c.parent_id === category.idCat && c.idGlobal !== category.idGlobal);
  const roots = categoryTreeOrder(doc.categories).filter((c) => c.parent_id === -1 && c.idGlobal !== category.idGlobal);
  const choices: (Choice & { disabled?: boolean })[] = [
    { value: '-1', label: 'Aucune (-1) : catégorie principale' },
    ...roots.map((c) => ({ value: String(c.idCat), label: `${c.name} (${c.idCat})`, disabled: hasChildren })),
  ];
  if (!choices.some((c) => c.value === String(category.parent_id))) {
    choices.push({ value: String(category.parent_id), label: `Catégorie ${category.parent_id} (introuvable)` });
  }
  return choices;
}

/** The categories the category selector lists: active ones, in tree order. */
export const categoryChoices = (doc: MenuDocument): MenuCategory[] => categoryTreeOrder(doc.categories);

/** The tags a category can take: the carte's tags that are not deleted. */
export function tagChoices(doc: MenuDocument): { id: number; label: string }[] {
  return activeTags(doc).map((t) => ({ id: t.idTag, label: t.name_tag || `Tag ${t.idTag}` }));
}

/** The principal carte, else the first one: what both carte tabs open on. */
export function defaultCarte<T extends { id: number; isPrincipal: boolean; removed: boolean }>(cartes: readonly T[]): T | undefined {
  return cartes.find((c) => c.isPrincipal) ?? cartes.find((c) => !c.removed) ?? cartes[0];
}

/** Where a server error on `body.categories[index].<field>` goes in the category form. */
export const CATEGORY_FORM_FIELDS: readonly string[] = ['name', 'path', 'first_period', 'end_period', 'tags', 'parent_id', 'position'];

/** The form field of a server location on the category sent at `index`, or null. */
export function categoryFieldOf(location: string | undefined, index: number): string | null {
  const prefix = `body.categories[${index}].`;
  if (!location?.startsWith(prefix)) return null;
  const rest = location.slice(prefix.length);
  const top = rest.split(/[.[]/)[0] ?? '';
  if (CATEGORY_FORM_FIELDS.includes(top)) return top;
  if (CATEGORY_FLAGS.some((f) => f.key === top)) return `flags.${top}`;
  return null;
}
