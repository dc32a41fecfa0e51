// Pure edits of the carte's option groups and their items (options or ingredients). Each returns a
// new document and keeps every field it does not touch (unknown fields included).
import { ApiError } from '../../api/client';
import { addOptionGroup } from './documentEdits';
import { isActive, newIdGlobal, nextNumber, type Extra, type MenuDocument } from './documentTypes';
import { parsePriceText, priceText } from './format';
import {
  SIZE_IDS,
  TARIFF_KEYS,
  TARIFF_PRICE_FIELDS,
  type OptionGroupView,
  type OptionItemView,
  type SizeLimit,
  type TariffKey,
  type TariffPriceField,
  type TariffPrices,
} from './optionTypes';
import type { OptionGroupForm, OptionRow } from './components/options/groupSchema';

const groupsOf = (doc: MenuDocument) => doc.options as OptionGroupView[];

/** Active option groups by position (removed ones live in the trash). */
export function activeGroupsOf(doc: MenuDocument): OptionGroupView[] {
  return groupsOf(doc)
    .filter(isActive)
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
}

/** A group's active items by order_item (document order for equal ones). */
export function activeItemsOf(group: OptionGroupView): OptionItemView[] {
  return group.items.filter(isActive).sort((a, b) => (a.order_item ?? 0) - (b.order_item ?? 0));
}

/** A new option group with the spec's defaults (§9: number_click 1, print_black_background true). */
export function createOptionGroup(doc: MenuDocument, name: string): { document: MenuDocument; group: OptionGroupView } {
  const document = addOptionGroup(doc, name);
  return { document, group: document.options[document.options.length - 1] as OptionGroupView };
}

/** Soft delete (spec §4) of an option group: removed and removed_by_admin set. */
export function removeOptionGroup(doc: MenuDocument, idGlobal: string): MenuDocument {
  return { ...doc, options: doc.options.map((g) => (g.idGlobal === idGlobal ? { ...g, removed: true, removed_by_admin: true } : g)) };
}

/** After deleting `removed`, the next remaining element after the last deleted one (or the one before). */
export function nextRemainingId(list: readonly { idGlobal: string }[], removed: ReadonlySet<string>): string | null {
  let last = -1;
  list.forEach((e, i) => {
    if (removed.has(e.idGlobal)) last = i;
  });
  for (let i = last + 1; i < list.length; i++) if (!removed.has(list[i]!.idGlobal)) return list[i]!.idGlobal;
  for (let i = last - 1; i >= 0; i--) if (!removed.has(list[i]!.idGlobal)) return list[i]!.idGlobal;
  return null;
}

/** The next id_product: above every item of every group, and above `pending` ones not saved yet. */
export function nextItemNumber(doc: MenuDocument, pending: readonly number[] = []): number {
  return nextNumber([...groupsOf(doc).flatMap((g) => g.items.map((it) => it.id_product ?? 0)), ...pending]);
}

const zeroTariffs = (): Record<TariffKey, TariffPrices> =>
  Object.fromEntries(TARIFF_KEYS.map((t) => [t, Object.fromEntries(TARIFF_PRICE_FIELDS.map((f) => [f.key, 0]))])) as Record<TariffKey, TariffPrices>;

/** A new option or ingredient: price 0 under every tariff. */
export function newOptionItem(idProduct: number, name: string, orderItem: number, idGlobal = newIdGlobal('opt')): OptionItemView {
  return {
    idGlobal,
    id_product: idProduct,
    name: name.trim(),
    price: 0,
    tariffData: zeroTariffs(),
    order_item: orderItem,
    removed: false,
    removed_by_admin: false,
  };
}

function editGroup(doc: MenuDocument, groupId: string, edit: (g: OptionGroupView) => OptionGroupView): MenuDocument {
  return { ...doc, options: groupsOf(doc).map((g) => (g.idGlobal === groupId ? edit(g) : g)) };
}

/** Adds an item at the end of a group's active items. */
export function addOptionItem(doc: MenuDocument, groupId: string, name: string): { document: MenuDocument; item: OptionItemView } {
  const group = groupsOf(doc).find((g) => g.idGlobal === groupId);
  const item = newOptionItem(nextItemNumber(doc), name, nextNumber((group ? activeItemsOf(group) : []).map((it) => it.order_item ?? 0)));
  return { document: editGroup(doc, groupId, (g) => ({ ...g, items: [...g.items, item] })), item };
}

/** Soft delete of items of a group. */
export function removeOptionItems(doc: MenuDocument, groupId: string, ids: ReadonlySet<string>): MenuDocument {
  return editGroup(doc, groupId, (g) => ({
    ...g,
    items: g.items.map((it) => (ids.has(it.idGlobal) ? { ...it, removed: true, removed_by_admin: true } : it)),
  }));
}

/** Moves an item one place up (-1) or down (+1) among the group's active items, then renumbers order_item 1..n. */
export function moveOptionItem(doc: MenuDocument, groupId: string, itemId: string, direction: -1 | 1): MenuDocument {
  const group = groupsOf(doc).find((g) => g.idGlobal === groupId);
  if (!group) return doc;
  const active = activeItemsOf(group);
  const from = active.findIndex((it) => it.idGlobal === itemId);
  const to = from + direction;
  if (from < 0 || to < 0 || to >= active.length) return doc;
  [active[from], active[to]] = [active[to]!, active[from]!];
  const order = new Map(active.map((it, i) => [it.idGlobal, i + 1]));
  return editGroup(doc, groupId, (g) => ({
    ...g,
    items: g.items.map((it) => {
      const o = order.get(it.idGlobal);
      return o === undefined || o === it.order_item ? it : { ...it, order_item: o };
    }),
  }));
}

/** Writes one price of one tariff, keeping the tariff's other fields; T1's price is mirrored in the item's price. */
export function writeTariffPrice(item: OptionItemView, tariff: TariffKey, field: TariffPriceField, value: number): OptionItemView {
  const tariffData = { ...item.tariffData, [tariff]: { ...item.tariffData?.[tariff], [field]: value } };
  return tariff === 'T1' && field === 'price' ? { ...item, tariffData, price: value } : { ...item, tariffData };
}

// ——— The group form ↔ the document ———

const countText = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : '');
const countOf = (text: string) => (text.trim() === '' ? 0 : Number(text.trim()));

/** A tariff's price as the form shows it; T1's price falls back on the item's price. */
function tariffText(item: OptionItemView, tariff: TariffKey, field: TariffPriceField): string {
  const value = item.tariffData?.[tariff]?.[field];
  if (value === undefined && tariff === 'T1' && field === 'price') return priceText(item.price ?? '');
  return priceText(value ?? '');
}

export function optionRowOf(item: OptionItemView): OptionRow {
  const limits = SIZE_IDS.map((id) => {
    const l = item.sizes_limits?.find((s) => s.id_size === id);
    return { min: countText(l?.min), max: countText(l?.max), free: countText(l?.free) };
  });
  const prices = Object.fromEntries(
    TARIFF_KEYS.map((t) => [t, Object.fromEntries(TARIFF_PRICE_FIELDS.map((f) => [f.key, tariffText(item, t, f.key)]))]),
  ) as OptionRow['prices'];
  return {
    idGlobal: item.idGlobal,
    id_product: item.id_product ?? 0,
    name: item.name ?? '',
    alias_supplement: item.alias_supplement ?? '',
    prices,
    cost: priceText(item.cost ?? ''),
    sold_out: item.sold_out === true,
    limits,
  };
}

const GROUP_FLAGS = [
  'prepared',
  'multiple_category',
  'display_free',
  'shift_option',
  'alphabetical_order',
  'order_name',
  'no_printable',
  'is_bold',
] as const;

/** The form's values for a group: its settings and its active items in order. */
export function groupFormValues(group: OptionGroupView): OptionGroupForm {
  return {
    name: group.name ?? '',
    is_ingredient: group.is_ingredient === true,
    min_items: countText(group.min_items ?? 0),
    max_items: countText(group.max_items ?? 0),
    number_click: countText(group.number_click ?? 1),
    printer: String(group.printer ?? 0),
    prepared: group.prepared === true,
    multiple_category: group.multiple_category === true,
    display_free: group.display_free === true,
    shift_option: group.shift_option === true,
    alphabetical_order: group.alphabetical_order === true,
    order_name: group.order_name === true,
    no_printable: group.no_printable === true,
    print_black_background: group.print_black_background === true,
    is_bold: group.is_bold === true,
    items: activeItemsOf(group).map(optionRowOf),
  };
}

/** Sets `key` unless the value is the default of an absent field (so an untouched item stays as loaded). */
function put<T extends Extra>(target: T, key: string, value: unknown, absentDefault: unknown) {
  if (key in target || value !== absentDefault) (target as Extra)[key] = value;
}

/** Writes a form row into its item: texts, prices per tariff (T1's price mirrored), cost, sold out, per-size limits. */
export function writeOptionRow(base: OptionItemView, row: OptionRow, orderItem: number): OptionItemView {
  let item: OptionItemView = { ...base, name: row.name.trim(), order_item: orderItem };
  put(item, 'alias_supplement', row.alias_supplement.trim(), '');
  for (const t of TARIFF_KEYS) {
    for (const f of TARIFF_PRICE_FIELDS) {
      const text = row.prices[t][f.key];
      // An empty cell of a price never set stays unset; otherwise empty → 0 (DECISIONS).
      if (text.trim() === '' && item.tariffData?.[t]?.[f.key] === undefined && !(t === 'T1' && f.key === 'price')) continue;
      item = writeTariffPrice(item, t, f.key, parsePriceText(text));
    }
  }
  put(item, 'cost', parsePriceText(row.cost), 0);
  put(item, 'sold_out', row.sold_out, false);
  const existing = base.sizes_limits ?? [];
  const limits: SizeLimit[] = existing.filter((l) => !(SIZE_IDS as readonly number[]).includes(l.id_size));
  SIZE_IDS.forEach((id, i) => {
    const r = row.limits[i] ?? { min: '', max: '', free: '' };
    const old = existing.find((l) => l.id_size === id);
    if (!old && !r.min.trim() && !r.max.trim() && !r.free.trim()) return;
    limits.push({ ...old, id_size: id, min: countOf(r.min), max: countOf(r.max), free: countOf(r.free) });
  });
  limits.sort((a, b) => a.id_size - b.id_size);
  if (limits.length > 0 || base.sizes_limits) item.sizes_limits = limits;
  return item;
}

/**
 * Applies the group form to the document: settings, the rows in their order (order_item 1..n), new
 * rows appended, and the items of `remove` soft-deleted. `rowOf[k]` is the form row of items[k] in the
 * document sent (null for items the form does not show), to put a server error back on its cell.
 */
export function applyGroupForm(
  doc: MenuDocument,
  groupId: string,
  values: OptionGroupForm,
  remove: ReadonlySet<string> = new Set(),
): { document: MenuDocument; index: number; rowOf: (number | null)[] } {
  const groups = groupsOf(doc);
  const index = groups.findIndex((g) => g.idGlobal === groupId);
  if (index < 0) return { document: doc, index, rowOf: [] };
  const group = groups[index]!;
  const rowIndex = new Map(values.items.map((r, i) => [r.idGlobal, i]));
  const kept = values.items.filter((r) => !remove.has(r.idGlobal));
  const written = new Map(kept.map((r, i) => {
    const base = group.items.find((it) => it.idGlobal === r.idGlobal) ?? newOptionItem(r.id_product, r.name, i + 1, r.idGlobal);
    return [r.idGlobal, writeOptionRow(base, r, i + 1)] as const;
  }));
  const known = new Set(group.items.map((it) => it.idGlobal));
  const items: OptionItemView[] = [
    ...group.items.map((it) =>
      written.get(it.idGlobal) ?? (remove.has(it.idGlobal) ? { ...it, removed: true, removed_by_admin: true } : it),
    ),
    ...kept.filter((r) => !known.has(r.idGlobal)).map((r) => written.get(r.idGlobal)!),
  ];
  const next: OptionGroupView = {
    ...group,
    name: values.name.trim(),
    min_items: countOf(values.min_items),
    max_items: countOf(values.max_items),
    number_click: countOf(values.number_click),
    items,
  };
  put(next, 'is_ingredient', values.is_ingredient, false);
  put(next, 'print_black_background', values.print_black_background, false);
  put(next, 'printer', Number(values.printer) || 0, 0);
  for (const flag of GROUP_FLAGS) put(next, flag, values[flag], false);
  const options = [...groups];
  options[index] = next;
  const rowOf = items.map((it) => (written.has(it.idGlobal) ? (rowIndex.get(it.idGlobal) ?? null) : null));
  return { document: { ...doc, options }, index, rowOf };
}

/** Fields of the group form a server error can land on. */
export type GroupErrorField =
  | 'name'
  | 'min_items'
  | 'max_items'
  | 'number_click'
  | `items.${number}.name`
  | `items.${number}.cost`
  | `items.${number}.prices.${TariffKey}.${TariffPriceField}`;

/**
 * Places each `body.options[g]….` error of the saved group on its field (a tariff price on its cell,
 * the item's price on T1's price, the cost, the name); returns the messages that have no field.
 */
export function placeGroupErrors(
  error: unknown,
  index: number,
  rowOf: readonly (number | null)[],
  setError: (field: GroupErrorField, message: string) => void,
): string[] {
  if (!(error instanceof ApiError)) return [];
  const rest: string[] = [];
  const prefix = `body.options[${index}].`;
  for (const e of error.errors) {
    const location = e.location ?? '';
    const message = e.message ?? error.detail;
    const path = location.startsWith(prefix) ? location.slice(prefix.length) : null;
    if (path === 'name' || path === 'min_items' || path === 'max_items' || path === 'number_click') {
      setError(path, message);
      continue;
    }
    const m = path ? /^items\[(\d+)\]\.(.+)$/.exec(path) : null;
    const row = m ? rowOf[Number(m[1])] : null;
    if (m && row !== null && row !== undefined) {
      const field = m[2]!;
      const tariff = /^tariffData\.(T[123])\.(\w+)$/.exec(field);
      if (field === 'price') {
        setError(`items.${row}.prices.T1.price`, message);
        continue;
      }
      if (field === 'cost' || field === 'name') {
        setError(`items.${row}.${field}`, message);
        continue;
      }
      if (tariff && TARIFF_PRICE_FIELDS.some((f) => f.key === tariff[2])) {
        setError(`items.${row}.prices.${tariff[1] as TariffKey}.${tariff[2] as TariffPriceField}`, message);
        continue;
      }
    }
    rest.push(message);
  }
  return rest;
}
