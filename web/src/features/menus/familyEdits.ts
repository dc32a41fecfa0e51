// Pure edits of the option families (groups_sub_options) and menu families (cartes) of the carte
// document: each returns a new document and keeps every field it does not touch (unknown ones too).
import * as z from 'zod/mini';
import { isActive, newIdGlobal, type MenuDocument } from './documentTypes';
import { familyItemsOf, menuFamiliesOf, optionFamiliesOf, type MenuFamily, type MenuFamilyItem, type OptionFamily } from './familyTypes';
import { parsePriceText } from './format';
import { priceField } from './schemas';

// ---------------------------------------------------------------------------------------------
// Shared

/** After deleting `removedId`, the element after it in `ids`, else the one before, else null (spec §4). */
export function nextRemainingId(ids: readonly string[], removedId: string): string | null {
  const at = ids.indexOf(removedId);
  if (at < 0) return ids[0] ?? null;
  return ids[at + 1] ?? ids[at - 1] ?? null;
}

/** Moves the entry at `index` by `delta` places (−1 up, +1 down); out of range leaves the list as is. */
export function moveRow<T>(rows: readonly T[], index: number, delta: number): T[] {
  const to = index + delta;
  if (index < 0 || index >= rows.length || to < 0 || to >= rows.length) return [...rows];
  const next = [...rows];
  const [row] = next.splice(index, 1);
  next.splice(to, 0, row!);
  return next;
}

/** A whole number ≥ 0 typed in a text field; empty reads as 0. */
export const countField = z.string().check(z.regex(/^\s*\d*\s*$/, 'Saisissez un nombre entier positif ou nul.'));

/** The value of a countField (empty → 0). */
export const countOf = (text: string): number => {
  const n = Number.parseInt(text.trim(), 10);
  return Number.isFinite(n) && n >= 0 ? n : 0;
};

const countText = (value: unknown): string => (typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value : '');

const nameField = (required: string) => z.string().check(z.trim(), z.minLength(1, required), z.maxLength(120, 'Le nom ne doit pas dépasser 120 caractères.'));

// ---------------------------------------------------------------------------------------------
// Option families

/** The spec's defaults for a new option family. */
export const NEW_OPTION_FAMILY_DEFAULTS = { min_option: 0, max_option: 1, number_click: 1, option_free: 0, has_limit_options: false } as const;

export const optionFamilySchema = z
  .object({
    name_group: nameField("Le nom de la famille d'options est obligatoire."),
    title_group: z.string().check(z.maxLength(160, 'Le titre ne doit pas dépasser 160 caractères.')),
    min_option: countField,
    max_option: countField,
    number_click: countField,
    option_free: countField,
    has_limit_options: z.boolean(),
    sub_supplements: z.array(z.number()),
  })
  .check(
    z.refine((v) => !(countOf(v.max_option) > 0 && countOf(v.min_option) > countOf(v.max_option)), {
      path: ['min_option'],
      message: 'Le minimum ne peut pas dépasser le maximum.',
    }),
  );

export type OptionFamilyForm = z.infer<typeof optionFamilySchema>;

/** The id an entry of sub_supplements names: a number, a numeric text or an object with an id. */
function supplementId(entry: unknown): number | null {
  if (typeof entry === 'number') return entry;
  if (typeof entry === 'string' && entry.trim() !== '' && Number.isFinite(Number(entry))) return Number(entry);
  if (typeof entry === 'object' && entry !== null && 'id' in entry) return supplementId((entry as { id: unknown }).id);
  return null;
}

/** The ids of the option groups a family holds. */
export function subSupplementIds(family: OptionFamily | null): number[] {
  const ids: number[] = [];
  for (const entry of Array.isArray(family?.sub_supplements) ? family.sub_supplements : []) {
    const id = supplementId(entry);
    if (id !== null && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

export function optionFamilyFormValues(family: OptionFamily | null): OptionFamilyForm {
  const f = family ?? NEW_OPTION_FAMILY_DEFAULTS;
  return {
    name_group: family?.name_group ?? '',
    title_group: family?.title_group ?? '',
    min_option: countText(f.min_option ?? 0),
    max_option: countText(f.max_option ?? 0),
    number_click: countText(f.number_click ?? 1),
    option_free: countText(f.option_free ?? 0),
    has_limit_options: Boolean(f.has_limit_options),
    sub_supplements: subSupplementIds(family),
  };
}

/** Writes the form into the family `idGlobal`, or appends a new one with the spec's defaults. */
export function saveOptionFamily(
  doc: MenuDocument,
  idGlobal: string | null,
  values: OptionFamilyForm,
): { document: MenuDocument; index: number; idGlobal: string } {
  const families = [...optionFamiliesOf(doc)];
  let index = idGlobal ? families.findIndex((f) => f.idGlobal === idGlobal) : -1;
  const base: OptionFamily =
    index >= 0 ? families[index]! : { idGlobal: newIdGlobal('gso'), name_group: '', ...NEW_OPTION_FAMILY_DEFAULTS, sub_supplements: [], removed: false };
  // Entries already held keep their stored shape; new ones are plain ids.
  const held = new Map<number, unknown>();
  for (const entry of Array.isArray(base.sub_supplements) ? base.sub_supplements : []) {
    const id = supplementId(entry);
    if (id !== null && !held.has(id)) held.set(id, entry);
  }
  const next: OptionFamily = {
    ...base,
    name_group: values.name_group.trim(),
    title_group: values.title_group.trim(),
    min_option: countOf(values.min_option),
    max_option: countOf(values.max_option),
    number_click: countOf(values.number_click),
    option_free: countOf(values.option_free),
    has_limit_options: values.has_limit_options,
    sub_supplements: values.sub_supplements.map((id) => (held.has(id) ? held.get(id) : id)),
  };
  if (index >= 0) families[index] = next;
  else index = families.push(next) - 1;
  return { document: { ...doc, groups_sub_options: families }, index, idGlobal: next.idGlobal };
}

/** Soft delete of an option family: only `removed` (spec §4), never removed_by_admin. */
export function removeOptionFamily(doc: MenuDocument, idGlobal: string): MenuDocument {
  return { ...doc, groups_sub_options: optionFamiliesOf(doc).map((f) => (f.idGlobal === idGlobal ? { ...f, removed: true } : f)) };
}

export const activeOptionFamilies = (doc: MenuDocument): OptionFamily[] => optionFamiliesOf(doc).filter(isActive);

// ---------------------------------------------------------------------------------------------
// Menu families

export const menuFamilyRowSchema = z.object({ id_item: z.number(), price: priceField });

export const menuFamilySchema = z.object({
  name: nameField('Le nom de la famille est obligatoire.'),
  items: z.array(menuFamilyRowSchema),
});

export type MenuFamilyForm = z.infer<typeof menuFamilySchema>;
export type MenuFamilyRow = MenuFamilyForm['items'][number];

const priceTextOf = (value: unknown): string => {
  if (value === undefined || value === null || value === '') return '';
  const n = typeof value === 'number' ? value : parsePriceText(String(value));
  return Number.isFinite(n) ? n.toFixed(2).replace('.', ',') : String(value);
};

/** The family's rows in order_item order (document order breaks ties). */
export function orderedItems(family: MenuFamily): MenuFamilyItem[] {
  return familyItemsOf(family)
    .map((item, at) => ({ item, at }))
    .sort((a, b) => (Number(a.item.order_item) || 0) - (Number(b.item.order_item) || 0) || a.at - b.at)
    .map((e) => e.item);
}

export function menuFamilyFormValues(family: MenuFamily | null): MenuFamilyForm {
  return {
    name: family?.name ?? '',
    items: family ? orderedItems(family).map((it) => ({ id_item: Number(it.id_item), price: priceTextOf(it.price) })) : [],
  };
}

/**
 * Writes the form into the family `idGlobal` (or a new one): rows in the form's order with
 * order_item renumbered 1..n and prices as numbers; a row already in the family keeps its other
 * fields. items[k] of the result is the form's row k, so body.cartes[i].items[k] names that row.
 */
export function saveMenuFamily(
  doc: MenuDocument,
  idGlobal: string | null,
  values: MenuFamilyForm,
): { document: MenuDocument; index: number; idGlobal: string } {
  const families = [...menuFamiliesOf(doc)];
  let index = idGlobal ? families.findIndex((f) => f.idGlobal === idGlobal) : -1;
  const base: MenuFamily = index >= 0 ? families[index]! : { idGlobal: newIdGlobal('fam'), name: '', items: [], removed: false, removed_by_admin: false };
  const unused = [...familyItemsOf(base)];
  const items = values.items.map((row, k): MenuFamilyItem => {
    const at = unused.findIndex((it) => Number(it.id_item) === row.id_item);
    const kept = at >= 0 ? unused.splice(at, 1)[0]! : null;
    return { ...(kept ?? {}), id_item: row.id_item, order_item: k + 1, price: parsePriceText(row.price) };
  });
  const next: MenuFamily = { ...base, name: values.name.trim(), items };
  if (index >= 0) families[index] = next;
  else index = families.push(next) - 1;
  return { document: { ...doc, cartes: families }, index, idGlobal: next.idGlobal };
}

/** Soft delete of a menu family: removed and removed_by_admin (spec §4). */
export function removeMenuFamily(doc: MenuDocument, idGlobal: string): MenuDocument {
  return { ...doc, cartes: menuFamiliesOf(doc).map((f) => (f.idGlobal === idGlobal ? { ...f, removed: true, removed_by_admin: true } : f)) };
}

export const activeMenuFamilies = (doc: MenuDocument): MenuFamily[] => menuFamiliesOf(doc).filter(isActive);
