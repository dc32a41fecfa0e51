import type { PlanBulkCell, PlanCell, PlanRestaurant, PlanRow } from '../../api/types';
import type { KindFilter } from './model';

/**
 * The matrix logic of « Plan Produit »: what a cell says, which rows the filters keep, the lines
 * the virtualised body draws, and the selection that a bulk change sends.
 */

export type CellState = 'onSale' | 'today' | 'until' | 'absent';

/** A cell's state: absent from the restaurant's deployed menu, on sale, or sold out (today or until a date). */
export function cellState(cell: PlanCell | undefined): CellState {
  if (!cell || !cell.inMenu) return 'absent';
  if (!cell.soldOut) return 'onSale';
  return cell.soldOut.mode === 'today' ? 'today' : 'until';
}

/** « 03/12 » for a yyyy-mm-dd date. */
export function dayMonth(date: string): string {
  const [, , m, d] = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) ?? [];
  return m && d ? `${d}/${m}` : date;
}

/** The chip of a cell: « En vente », « Épuisé aujourd'hui », « Épuisé jusqu'au 03/12 », « Absent de la carte ». */
export function cellLabel(cell: PlanCell | undefined): string {
  switch (cellState(cell)) {
    case 'onSale':
      return 'En vente';
    case 'today':
      return "Épuisé aujourd'hui";
    case 'until':
      return `Épuisé jusqu'au ${dayMonth(cell!.soldOut!.untilDate)}`;
    default:
      return 'Absent de la carte';
  }
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}

export interface RowFilter {
  search: string;
  kind: KindFilter;
  /** '' : every category or group. */
  group: string;
  /** Only rows sold out somewhere on the page. */
  soldOutOnly?: boolean;
}

/** The rows the filters keep: name, category or exact idGlobal (accents and case ignored). */
export function filterRows(rows: readonly PlanRow[], f: RowFilter): PlanRow[] {
  const q = fold(f.search);
  return rows.filter(
    (r) =>
      (f.kind === 'all' || r.kind === f.kind) &&
      (!f.group || r.group === f.group) &&
      (!f.soldOutOnly || (r.cells ?? []).some((c) => c.inMenu && c.soldOut)) &&
      (!q || fold(r.name).includes(q) || fold(r.group).includes(q) || fold(r.idGlobal) === q),
  );
}

/** The categories (products) and groups (options) of the rows, in order. */
export function rowGroups(rows: readonly PlanRow[], kind: KindFilter): string[] {
  const out: string[] = [];
  for (const r of rows) if ((kind === 'all' || r.kind === kind) && r.group && !out.includes(r.group)) out.push(r.group);
  return out;
}

/** A line of the body: a category heading, or an element's row. */
export type PlanLine = { type: 'group'; key: string; label: string; kind: PlanRow['kind']; count: number } | { type: 'row'; key: string; row: PlanRow };

/** The body's lines: each category (or option group) heads its rows; options' groups say « Options ». */
export function linesOf(rows: readonly PlanRow[]): PlanLine[] {
  const out: PlanLine[] = [];
  let current = '';
  let heading: Extract<PlanLine, { type: 'group' }> | null = null;
  for (const r of rows) {
    const g = `${r.kind}|${r.group}`;
    if (g !== current) {
      current = g;
      heading = { type: 'group', key: `g:${g}`, label: r.kind === 'option' ? `Options — ${r.group || 'sans groupe'}` : r.group || 'Sans catégorie', kind: r.kind, count: 0 };
      out.push(heading);
    }
    heading!.count++;
    out.push({ type: 'row', key: rowKey(r), row: r });
  }
  return out;
}

export const rowKey = (r: Pick<PlanRow, 'kind' | 'idGlobal'>) => `${r.kind}:${r.idGlobal}`;

/** A cell's key in the selection. */
export const cellKey = (restaurantId: number, r: Pick<PlanRow, 'kind' | 'idGlobal'>) => `${restaurantId}|${r.kind}|${r.idGlobal}`;

export function parseCellKey(key: string): PlanBulkCell {
  const [rid, kind, ...rest] = key.split('|');
  return { restaurantId: Number(rid), kind: kind as PlanBulkCell['kind'], idGlobal: rest.join('|') };
}

/** The selectable cells of a row: those in a restaurant's menu (a cell absent from the menu cannot be sold out). */
export function rowCells(row: PlanRow, restaurants: readonly PlanRestaurant[]): string[] {
  return restaurants.flatMap((x, i) => (row.cells?.[i]?.inMenu ? [cellKey(x.id, row)] : []));
}

/** The selectable cells of a column among the rows shown. */
export function columnCells(column: number, rows: readonly PlanRow[], restaurants: readonly PlanRestaurant[]): string[] {
  const x = restaurants[column];
  if (!x) return [];
  return rows.flatMap((r) => (r.cells?.[column]?.inMenu ? [cellKey(x.id, r)] : []));
}

/** Adds the keys, or takes them all away when every one is already selected (a row's or column's checkbox). */
export function toggleAll(selection: ReadonlySet<string>, keys: readonly string[]): Set<string> {
  const next = new Set(selection);
  const all = keys.length > 0 && keys.every((k) => next.has(k));
  for (const k of keys) {
    if (all) next.delete(k);
    else next.add(k);
  }
  return next;
}

export function toggleOne(selection: ReadonlySet<string>, key: string): Set<string> {
  const next = new Set(selection);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}

/** Whether all, some or none of the keys are selected (a checkbox's checked / indeterminate). */
export function coverage(selection: ReadonlySet<string>, keys: readonly string[]): 'all' | 'some' | 'none' {
  let n = 0;
  for (const k of keys) if (selection.has(k)) n++;
  if (n === 0) return 'none';
  return n === keys.length ? 'all' : 'some';
}

export interface SelectionSummary {
  cells: number;
  restaurants: number;
  /** Selected cells sold out now (what « Remettre en vente » changes). */
  soldOut: number;
  /** The latest business date among the selected restaurants: the first date « Jusqu'au » may take. */
  earliestDate: string;
}

export function summarise(selection: ReadonlySet<string>, rows: readonly PlanRow[], restaurants: readonly PlanRestaurant[]): SelectionSummary {
  const col = new Map(restaurants.map((x, i) => [x.id, i]));
  const byRow = new Map(rows.map((r) => [rowKey(r), r]));
  const ids = new Set<number>();
  let soldOut = 0;
  let earliestDate = '';
  for (const key of selection) {
    const c = parseCellKey(key);
    ids.add(c.restaurantId);
    const i = col.get(c.restaurantId);
    const cell = i === undefined ? undefined : byRow.get(`${c.kind}:${c.idGlobal}`)?.cells?.[i];
    if (cell?.soldOut) soldOut++;
  }
  for (const x of restaurants) if (ids.has(x.id) && x.today > earliestDate) earliestDate = x.today;
  return { cells: selection.size, restaurants: ids.size, soldOut, earliestDate };
}

const integer = new Intl.NumberFormat('fr-FR');

/** « 1 case », « 3 cases » ; « dans 2 restaurants ». */
export function selectionText(s: Pick<SelectionSummary, 'cells' | 'restaurants'>): string {
  const cells = `${integer.format(s.cells)} case${s.cells > 1 ? 's' : ''} sélectionnée${s.cells > 1 ? 's' : ''}`;
  return `${cells} dans ${integer.format(s.restaurants)} restaurant${s.restaurants > 1 ? 's' : ''}`;
}

/** What a bulk change did, for the toast. */
export function bulkResultText(action: 'soldOut' | 'onSale', changed: number, restaurants: number, unchanged: number): string {
  const n = integer.format(changed);
  const done =
    changed === 0
      ? 'Aucune case modifiée'
      : `${n} case${changed > 1 ? 's' : ''} ${action === 'soldOut' ? (changed > 1 ? 'marquées épuisées' : 'marquée épuisée') : changed > 1 ? 'remises en vente' : 'remise en vente'} dans ${integer.format(restaurants)} restaurant${restaurants > 1 ? 's' : ''}`;
  const same = unchanged > 0 ? ` (${integer.format(unchanged)} déjà ${action === 'soldOut' ? 'ainsi' : 'en vente'})` : '';
  return `${done}${same}.`;
}
