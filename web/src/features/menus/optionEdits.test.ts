import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import type { MenuDocument } from './documentTypes';
import {
  activeItemsOf,
  addOptionItem,
  applyGroupForm,
  createOptionGroup,
  groupFormValues,
  moveOptionItem,
  nextRemainingId,
  placeGroupErrors,
  removeOptionGroup,
  removeOptionItems,
  writeTariffPrice,
} from './optionEdits';
import type { OptionGroupView, OptionItemView } from './optionTypes';

const item = (n: number, extra: Partial<OptionItemView> = {}): OptionItemView => ({
  idGlobal: `opt-${n}`,
  id_product: n,
  name: `Option ${n}`,
  price: n,
  order_item: n,
  tariffData: { T1: { price: n, price_sp: n, colour: 'red' } },
  removed: false,
  removed_by_admin: false,
  ...extra,
});

const group = (id: number, items: OptionItemView[], extra: Partial<OptionGroupView> = {}): OptionGroupView => ({
  idGlobal: `grp-${id}`,
  id,
  name: `Groupe ${id}`,
  position: id,
  min_items: 0,
  max_items: 2,
  number_click: 1,
  print_black_background: true,
  items,
  ...extra,
});

const doc = (options: OptionGroupView[]): MenuDocument => ({ categories: [], items: [], options, zones: [{ id: 1, kept: 'oui' }] });
const groupOf = (d: MenuDocument, id = 'grp-1') => d.options.find((g) => g.idGlobal === id) as OptionGroupView;

describe('option groups', () => {
  it('creates a group with the spec defaults, the next id and position', () => {
    const { document: next, group: created } = createOptionGroup(doc([group(1, []), group(4, [], { position: 9 })]), ' Sauces ');
    expect(created).toMatchObject({ name: 'Sauces', id: 5, position: 10, number_click: 1, print_black_background: true, min_items: 0, max_items: 1, items: [] });
    expect(created.idGlobal).toMatch(/\S/);
    expect(next.options).toHaveLength(3);
    expect(next.zones).toEqual([{ id: 1, kept: 'oui' }]);
  });

  it('soft-deletes a group and picks the next remaining one, or the one before', () => {
    const d = doc([group(1, []), group(2, []), group(3, [])]);
    expect(groupOf(removeOptionGroup(d, 'grp-2'), 'grp-2')).toMatchObject({ removed: true, removed_by_admin: true });
    expect(nextRemainingId(d.options, new Set(['grp-2']))).toBe('grp-3');
    expect(nextRemainingId(d.options, new Set(['grp-3']))).toBe('grp-2');
    expect(nextRemainingId(d.options.slice(0, 1), new Set(['grp-1']))).toBeNull();
  });
});

describe('option items', () => {
  it('adds an item after the active ones with an id_product above every group, price 0 in T1..T3', () => {
    const d = doc([group(1, [item(1), item(2)]), group(2, [item(7)])]);
    const { document: next, item: added } = addOptionItem(d, 'grp-1', 'Ketchup');
    expect(added).toMatchObject({ id_product: 8, name: 'Ketchup', price: 0, order_item: 3, removed: false });
    expect(added.tariffData?.T3).toMatchObject({ price: 0, price_drive: 0 });
    expect(groupOf(next).items.map((i) => i.idGlobal)).toEqual(['opt-1', 'opt-2', added.idGlobal]);
  });

  it('soft-deletes items and hides them from the active list', () => {
    const next = removeOptionItems(doc([group(1, [item(1), item(2), item(3)])]), 'grp-1', new Set(['opt-2']));
    expect(groupOf(next).items[1]).toMatchObject({ removed: true, removed_by_admin: true });
    expect(activeItemsOf(groupOf(next)).map((i) => i.idGlobal)).toEqual(['opt-1', 'opt-3']);
  });

  it('moves an item among the active ones and renumbers order_item 1..n', () => {
    const d = doc([group(1, [item(1, { order_item: 10 }), item(2, { order_item: 20, removed: true }), item(3, { order_item: 30 }), item(4, { order_item: 40 })])]);
    const next = moveOptionItem(d, 'grp-1', 'opt-4', -1);
    expect(activeItemsOf(groupOf(next)).map((i) => [i.idGlobal, i.order_item])).toEqual([
      ['opt-1', 1],
      ['opt-4', 2],
      ['opt-3', 3],
    ]);
    expect(groupOf(next).items[1]!.order_item).toBe(20);
    expect(moveOptionItem(next, 'grp-1', 'opt-1', -1)).toBe(next);
  });

  it('writes a tariff price keeping the other fields, and mirrors T1 price in the item price', () => {
    const base = item(1, { tariffData: { T1: { price: 1, price_sp: 1.5, colour: 'red' }, T2: { price: 2, extra: true } } });
    const t1 = writeTariffPrice(base, 'T1', 'price', 2.5);
    expect(t1.price).toBe(2.5);
    expect(t1.tariffData).toEqual({ T1: { price: 2.5, price_sp: 1.5, colour: 'red' }, T2: { price: 2, extra: true } });
    const t2 = writeTariffPrice(base, 'T2', 'price', 3);
    expect(t2.price).toBe(1);
    expect(t2.tariffData?.T2).toEqual({ price: 3, extra: true });
    expect(base.tariffData?.T2?.price).toBe(2);
  });
});

describe('the group form', () => {
  it('round-trips an untouched group without changing it', () => {
    const g = group(1, [item(1, { cookable: true }), item(2)], { translation: [{ langue: 'en', name: 'Sauces' }] });
    const d = doc([g]);
    const { document: next } = applyGroupForm(d, 'grp-1', groupFormValues(g));
    expect(groupOf(next)).toEqual(g);
  });

  it('writes comma prices, per-size limits, new rows and deletions, and maps rows for the server errors', () => {
    const g = group(1, [item(1), item(2, { removed: true }), item(3)]);
    const d = doc([g]);
    const values = groupFormValues(g);
    expect(values.items.map((r) => r.idGlobal)).toEqual(['opt-1', 'opt-3']);
    values.items[0]!.prices.T2.price = '1,5';
    values.items[0]!.prices.T1.price = '0,75';
    values.items[0]!.limits[1] = { min: '1', max: '3', free: '' };
    values.items.push({ ...values.items[1]!, idGlobal: 'opt-new', id_product: 9, name: 'Mayo' });
    values.max_items = '4';
    values.is_bold = true;
    const { document: next, index, rowOf } = applyGroupForm(d, 'grp-1', values, new Set(['opt-3']));
    const saved = groupOf(next);
    expect(saved).toMatchObject({ max_items: 4, is_bold: true });
    expect(saved.items[0]).toMatchObject({ price: 0.75, tariffData: { T1: { price: 0.75, price_sp: 1, colour: 'red' }, T2: { price: 1.5 } } });
    expect(saved.items[0]!.sizes_limits).toEqual([{ id_size: 2, min: 1, max: 3, free: 0 }]);
    expect(saved.items[2]).toMatchObject({ removed: true, removed_by_admin: true });
    expect(saved.items[3]).toMatchObject({ idGlobal: 'opt-new', id_product: 9, name: 'Mayo', order_item: 2 });
    expect(rowOf).toEqual([0, null, null, 2]);

    const errors: Record<string, string> = {};
    const rest = placeGroupErrors(
      new ApiError(422, {
        detail: 'refusé',
        errors: [
          { location: `body.options[${index}].items[3].tariffData.T2.price_sp`, message: 'prix invalide' },
          { location: `body.options[${index}].items[0].price`, message: 'prix T1 invalide' },
          { location: `body.options[${index}].name`, message: 'nom déjà utilisé' },
          { location: 'body.items[0].name', message: 'autre' },
        ],
      }),
      index,
      rowOf,
      (field, message) => {
        errors[field] = message;
      },
    );
    expect(errors).toEqual({ 'items.2.prices.T2.price_sp': 'prix invalide', 'items.0.prices.T1.price': 'prix T1 invalide', name: 'nom déjà utilisé' });
    expect(rest).toEqual(['autre']);
  });
});
