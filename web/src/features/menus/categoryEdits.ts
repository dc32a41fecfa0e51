// Pure edits of the carte's categories: each returns a new document and keeps every field it does
// not touch (unknown fields included), so the whole object can be sent back.
import { isActive, type MenuCategory, type MenuDocument } from './documentTypes';

/** Active categories in tree order: each top-level category by position, followed by its sub-categories. */
export function categoryTreeOrder(categories: readonly MenuCategory[]): MenuCategory[] {
  const active = categories.filter(isActive).sort((a, b) => a.position - b.position);
  const roots = active.filter((c) => c.parent_id === -1 || !active.some((p) => p.idCat === c.parent_id));
  return roots.flatMap((c) => [c, ...active.filter((s) => s.parent_id === c.idCat && s.idCat !== c.idCat && !roots.includes(s))]);
}

/** A category's active siblings (same parent), by position. */
export function siblingsOf(categories: readonly MenuCategory[], category: MenuCategory): MenuCategory[] {
  return categories.filter((c) => isActive(c) && c.parent_id === category.parent_id).sort((a, b) => a.position - b.position);
}

/** Changes a category's name and its hidden ('Masquée') flag. */
export function renameCategory(doc: MenuDocument, idGlobal: string, values: { name: string; hidden: boolean }): { document: MenuDocument; index: number } {
  const index = doc.categories.findIndex((c) => c.idGlobal === idGlobal);
  if (index < 0) return { document: doc, index };
  const categories = [...doc.categories];
  categories[index] = { ...categories[index]!, name: values.name.trim(), hidden: values.hidden };
  return { document: { ...doc, categories }, index };
}

/**
 * Moves a category one place up (-1) or down (+1) among its active siblings: the two swap places,
 * then the siblings are renumbered 1..n. The document is returned as is at either end.
 */
export function moveCategory(doc: MenuDocument, idGlobal: string, direction: -1 | 1): MenuDocument {
  const category = doc.categories.find((c) => c.idGlobal === idGlobal);
  if (!category) return doc;
  const siblings = siblingsOf(doc.categories, category);
  const from = siblings.findIndex((c) => c.idGlobal === idGlobal);
  const to = from + direction;
  if (from < 0 || to < 0 || to >= siblings.length) return doc;
  [siblings[from], siblings[to]] = [siblings[to]!, siblings[from]!];
  const position = new Map(siblings.map((c, i) => [c.idGlobal, i + 1]));
  return {
    ...doc,
    categories: doc.categories.map((c) => {
      const p = position.get(c.idGlobal);
      return p === undefined || p === c.position ? c : { ...c, position: p };
    }),
  };
}

/** The idCat of a category and of its sub-categories (active or not). */
export function categoryWithChildren(doc: MenuDocument, idCat: number): Set<number> {
  const ids = new Set([idCat]);
  for (const c of doc.categories) if (c.parent_id === idCat) ids.add(c.idCat);
  return ids;
}

/** Active products held by a category and its sub-categories. */
export function productCountOf(doc: MenuDocument, idCat: number): number {
  const ids = categoryWithChildren(doc, idCat);
  return doc.items.filter((p) => isActive(p) && ids.has(p.idCat)).length;
}

/**
 * Soft delete (spec §4) of a category and its sub-categories: removed and removed_by_admin set. Their
 * products are left as they are: they stay with their category, in the trash.
 */
export function removeCategory(doc: MenuDocument, idGlobal: string): { document: MenuDocument; removed: Set<number> } {
  const category = doc.categories.find((c) => c.idGlobal === idGlobal);
  if (!category) return { document: doc, removed: new Set() };
  const removed = categoryWithChildren(doc, category.idCat);
  return {
    document: {
      ...doc,
      categories: doc.categories.map((c) =>
        c.idGlobal === idGlobal || (c.parent_id === category.idCat && c.idCat !== category.idCat)
          ? { ...c, removed: true, removed_by_admin: true }
          : c,
      ),
    },
    removed,
  };
}

/** The category to show after deleting `removed`: the next remaining one in tree order, else the one before. */
export function nextCategory(order: readonly MenuCategory[], removed: ReadonlySet<number>): number | null {
  let last = -1;
  order.forEach((c, i) => {
    if (removed.has(c.idCat)) last = i;
  });
  for (let i = last + 1; i < order.length; i++) if (!removed.has(order[i]!.idCat)) return order[i]!.idCat;
  for (let i = last - 1; i >= 0; i--) if (!removed.has(order[i]!.idCat)) return order[i]!.idCat;
  return null;
}
