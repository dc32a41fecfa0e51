import { describe, expect, it } from 'vitest';
import type { MenuDocument } from './documentTypes';
import type { MenuFamily, OptionFamily } from './familyTypes';
import {
  menuFamilyFormValues,
  menuFamilySchema,
  moveRow,
  nextRemainingId,
  optionFamilyFormValues,
  optionFamilySchema,
  removeMenuFamily,
  removeOptionFamily,
  saveMenuFamily,
  saveOptionFamily,
  subSupplementIds,
  type OptionFamilyForm,
} from './familyEdits';

const base: MenuDocument = { categories: [], items: [], options: [], tags: [{ idGlobal: 't', idTag: 1, name_tag: 'Midi' }] };

const optionFamily: OptionFamily = {
  idGlobal: 'gso-1',
  name_group: 'Sauces',
  min_option: 0,
  max_option: 2,
  sub_supplements: [{ id: 3, extra: 'x' }, 5],
  legacy: true,
};

const menuFamily: MenuFamily = {
  idGlobal: 'fam-1',
  name: 'Menus midi',
  items: [
    { id_item: 7, order_item: 2, price: '1.5', note: 'b' },
    { id_item: 9, order_item: 1, price: 0, note: 'a' },
  ],
  custom: 1,
};

const optionValues = (over: Partial<OptionFamilyForm> = {}): OptionFamilyForm => ({ ...optionFamilyFormValues(null), name_group: 'Boissons', ...over });

describe('shared', () => {
  it('nextRemainingId picks the next element, else the previous one, else none', () => {
    expect(nextRemainingId(['a', 'b', 'c'], 'b')).toBe('c');
    expect(nextRemainingId(['a', 'b', 'c'], 'c')).toBe('b');
    expect(nextRemainingId(['a'], 'a')).toBeNull();
  });

  it('moveRow moves one entry and ignores moves off the ends', () => {
    expect(moveRow(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveRow(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveRow(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveRow(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('option families', () => {
  it('a new family gets the defaults, an idGlobal and the chosen option groups by id', () => {
    const { document, index, idGlobal } = saveOptionFamily(base, null, optionValues({ sub_supplements: [2, 4] }));
    const created = (document.groups_sub_options as OptionFamily[])[index]!;
    expect(created).toMatchObject({ idGlobal, name_group: 'Boissons', min_option: 0, max_option: 1, number_click: 1, option_free: 0, has_limit_options: false, sub_supplements: [2, 4], removed: false });
    expect(created.removed_by_admin).toBeUndefined();
    expect(document.tags).toEqual([{ idGlobal: 't', idTag: 1, name_tag: 'Midi' }]);
  });

  it('an edit keeps unknown fields and the stored shape of groups still held', () => {
    const doc = { ...base, groups_sub_options: [optionFamily] };
    expect(subSupplementIds(optionFamily)).toEqual([3, 5]);
    const { document } = saveOptionFamily(doc, 'gso-1', { ...optionFamilyFormValues(optionFamily), min_option: '1', sub_supplements: [3, 8] });
    const saved = (document.groups_sub_options as OptionFamily[])[0]!;
    expect(saved).toMatchObject({ legacy: true, min_option: 1, max_option: 2, sub_supplements: [{ id: 3, extra: 'x' }, 8] });
  });

  it('soft delete sets only removed', () => {
    const doc = { ...base, groups_sub_options: [optionFamily, { ...optionFamily, idGlobal: 'gso-2' }] };
    const next = removeOptionFamily(doc, 'gso-1').groups_sub_options as OptionFamily[];
    expect(next[0]).toEqual({ ...optionFamily, removed: true });
    expect(next[0]!.removed_by_admin).toBeUndefined();
    expect(next[1]).toBe(doc.groups_sub_options[1]);
  });

  it('refuses a minimum above the maximum and counts that are not whole numbers', () => {
    expect(optionFamilySchema.safeParse(optionValues({ min_option: '3', max_option: '2' })).success).toBe(false);
    expect(optionFamilySchema.safeParse(optionValues({ number_click: '1,5' })).success).toBe(false);
    expect(optionFamilySchema.safeParse(optionValues({ min_option: '1', max_option: '2' })).success).toBe(true);
  });
});

describe('menu families', () => {
  it('reads rows in order_item order with prices as text', () => {
    expect(menuFamilyFormValues(menuFamily).items).toEqual([
      { id_item: 9, price: '0,00' },
      { id_item: 7, price: '1,50' },
    ]);
  });

  it('saves rows in the form order, renumbers order_item 1..n, stores prices as numbers and keeps row fields', () => {
    const doc = { ...base, cartes: [menuFamily] };
    const rows = moveRow(menuFamilyFormValues(menuFamily).items, 1, -1);
    const { document, index } = saveMenuFamily(doc, 'fam-1', { name: 'Menus', items: [...rows, { id_item: 11, price: '2,25' }] });
    const saved = (document.cartes as MenuFamily[])[index]!;
    expect(saved).toMatchObject({ idGlobal: 'fam-1', name: 'Menus', custom: 1 });
    expect(saved.items).toEqual([
      { id_item: 7, order_item: 1, price: 1.5, note: 'b' },
      { id_item: 9, order_item: 2, price: 0, note: 'a' },
      { id_item: 11, order_item: 3, price: 2.25 },
    ]);
  });

  it('a removed row leaves the family and an empty price is 0', () => {
    const doc = { ...base, cartes: [menuFamily] };
    const { document } = saveMenuFamily(doc, 'fam-1', { name: 'Menus midi', items: [{ id_item: 7, price: '' }] });
    expect((document.cartes as MenuFamily[])[0]!.items).toEqual([{ id_item: 7, order_item: 1, price: 0, note: 'b' }]);
  });

  it('a new family is appended, active, with an idGlobal', () => {
    const doc = { ...base, cartes: [menuFamily] };
    const { document, index, idGlobal } = saveMenuFamily(doc, null, { name: ' Desserts ', items: [] });
    expect(index).toBe(1);
    expect((document.cartes as MenuFamily[])[1]).toEqual({ idGlobal, name: 'Desserts', items: [], removed: false, removed_by_admin: false });
  });

  it('refuses a negative or non-numeric row price', () => {
    expect(menuFamilySchema.safeParse({ name: 'M', items: [{ id_item: 1, price: '-1' }] }).success).toBe(false);
    expect(menuFamilySchema.safeParse({ name: 'M', items: [{ id_item: 1, price: 'x' }] }).success).toBe(false);
    expect(menuFamilySchema.safeParse({ name: 'M', items: [{ id_item: 1, price: '3,5' }] }).success).toBe(true);
  });

  it('soft delete sets removed and removed_by_admin', () => {
    const next = removeMenuFamily({ ...base, cartes: [menuFamily] }, 'fam-1');
    expect((next.cartes as MenuFamily[])[0]).toEqual({ ...menuFamily, removed: true, removed_by_admin: true });
  });
});
