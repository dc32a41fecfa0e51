import { describe, expect, it } from 'vitest';
import { categoryTreeOrder, moveCategory, nextCategory, productCountOf, removeCategory, renameCategory } from './categoryEdits';
import type { MenuCategory, MenuDocument, MenuProduct } from './documentTypes';

const cat = (idCat: number, position: number, parent_id = -1, extra: Partial<MenuCategory> = {}): MenuCategory => ({
  idGlobal: `cat-${idCat}`,
  idCat,
  name: `Catégorie ${idCat}`,
  parent_id,
  position,
  removed: false,
  removed_by_admin: false,
  ...extra,
});
const product = (id: number, idCat: number, removed = false): MenuProduct => ({ idGlobal: `p-${id}`, id, idCat, name: `P${id}`, position: id, removed });

const doc = (categories: MenuCategory[], items: MenuProduct[] = []): MenuDocument => ({ categories, items, options: [], zones: [{ id: 1, kept: 'oui' }] });

describe('moveCategory', () => {
  it('swaps with the sibling above and renumbers the siblings 1..n, leaving other levels alone', () => {
    // Gapped positions and a removed sibling: the active siblings end up 1, 2, 3.
    const d = doc([cat(1, 10), cat(2, 20), cat(3, 5, -1, { removed: true }), cat(4, 30), cat(5, 7, 1), cat(6, 3, 1)]);
    const next = moveCategory(d, 'cat-4', -1);
    const pos = (id: number) => next.categories.find((c) => c.idCat === id)!.position;
    expect([pos(1), pos(4), pos(2)]).toEqual([1, 2, 3]);
    expect(pos(3)).toBe(5);
    expect([pos(5), pos(6)]).toEqual([7, 3]);
    expect(next.zones).toEqual([{ id: 1, kept: 'oui' }]);
  });

  it('moves a sub-category among the sub-categories of its parent only', () => {
    const d = doc([cat(1, 1), cat(2, 2), cat(5, 1, 1), cat(6, 2, 1), cat(7, 1, 2)]);
    const next = moveCategory(d, 'cat-5', 1);
    expect(categoryTreeOrder(next.categories).map((c) => c.idCat)).toEqual([1, 6, 5, 2, 7]);
  });

  it('returns the document unchanged at either end', () => {
    const d = doc([cat(1, 1), cat(2, 2)]);
    expect(moveCategory(d, 'cat-1', -1)).toBe(d);
    expect(moveCategory(d, 'cat-2', 1)).toBe(d);
  });
});

describe('removeCategory', () => {
  it('soft-deletes the category and its sub-categories, and leaves the products and other categories', () => {
    const d = doc([cat(1, 1, -1, { tags: [3] }), cat(2, 2), cat(5, 1, 1), cat(6, 2, 1), cat(7, 1, 2)], [product(1, 1), product(2, 5), product(3, 7)]);
    const { document: next, removed } = removeCategory(d, 'cat-1');
    const flags = (id: number) => next.categories.find((c) => c.idCat === id)!;
    for (const id of [1, 5, 6]) expect(flags(id)).toMatchObject({ removed: true, removed_by_admin: true });
    for (const id of [2, 7]) expect(flags(id)).toMatchObject({ removed: false, removed_by_admin: false });
    expect(flags(1).tags).toEqual([3]);
    expect(next.items).toBe(d.items);
    expect([...removed].sort()).toEqual([1, 5, 6]);
    expect(nextCategory(categoryTreeOrder(d.categories), removed)).toBe(2);
  });

  it('counts the active products of a category and its sub-categories', () => {
    const d = doc([cat(1, 1), cat(5, 1, 1), cat(2, 2)], [product(1, 1), product(2, 5), product(3, 5, true), product(4, 2)]);
    expect(productCountOf(d, 1)).toBe(2);
  });

  it('selects the category before when the last one is deleted, none when nothing remains', () => {
    const order = categoryTreeOrder([cat(1, 1), cat(2, 2)]);
    expect(nextCategory(order, new Set([2]))).toBe(1);
    expect(nextCategory(order.slice(0, 1), new Set([1]))).toBeNull();
  });
});

describe('renameCategory', () => {
  it('changes the name (trimmed) and the hidden flag, keeping the other fields', () => {
    const d = doc([cat(1, 1, -1, { path: 'burgers.png', translation: [{ langue: 'en', name: 'Burgers' }] })]);
    const { document: next, index } = renameCategory(d, 'cat-1', { name: '  Burgers maison ', hidden: true });
    expect(index).toBe(0);
    expect(next.categories[0]).toMatchObject({ name: 'Burgers maison', hidden: true, path: 'burgers.png', translation: [{ langue: 'en', name: 'Burgers' }] });
  });
});
