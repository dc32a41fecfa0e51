// The carte's tags (spec §3 "Tag"), edited inside the carte document. Like the rest of the document,
// a tag keeps every field these screens do not name: the edits below only ever spread and replace.
import { ApiError } from '../../api/client';
import { ORDER_TYPES, newIdGlobal, nextNumber, type Extra, type MenuDocument } from '../menus/documentTypes';

export interface TimePeriod extends Extra {
  start: string;
  end: string;
  id?: number;
}

export interface TagDay extends Extra {
  /** 0 Sunday … 6 Saturday. */
  day_of_week: number;
  time_periods: TimePeriod[];
}

export interface MenuTag extends Extra {
  idGlobal: string;
  idTag: number;
  name_tag: string;
  number_tag?: number;
  logo_tag?: string;
  background_catalog?: string;
  orderTypes?: number[];
  disabledOrderTypes?: number[];
  schedule?: TagDay[];
  deleted?: boolean;
}

export const ALL_ORDER_TYPES: readonly number[] = ORDER_TYPES.map((o) => o.code);

/** A new tag serves Sur Place and A Emporter (spec §9 names these two for the default schedule). */
export const NEW_TAG_ORDER_TYPES: readonly number[] = [1, 2];

export const DAY_START = '00:00';
export const DAY_END = '23:59';

/** The week as the editor shows it: Monday first (Lundi = 1 … Dimanche = 0). */
export const WEEK = [
  { day: 1, label: 'Lundi', short: 'Lun' },
  { day: 2, label: 'Mardi', short: 'Mar' },
  { day: 3, label: 'Mercredi', short: 'Mer' },
  { day: 4, label: 'Jeudi', short: 'Jeu' },
  { day: 5, label: 'Vendredi', short: 'Ven' },
  { day: 6, label: 'Samedi', short: 'Sam' },
  { day: 0, label: 'Dimanche', short: 'Dim' },
] as const;

/** The editor's row (0 = Lundi) of a day_of_week. */
export const rowOfDay = (day: number) => (day + 6) % 7;

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
export const isClock = (text: string) => CLOCK.test(text);

function list<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

/** The document's tags, deleted ones included (they stay in the document: soft delete). */
export const tagsOf = (document: MenuDocument): MenuTag[] => list<MenuTag>(document.tags);

/** The tags the screens list: deleted ones are hidden (DECISIONS "Deleted tags"), ordered by number then name. */
export function activeTags(document: MenuDocument): MenuTag[] {
  return tagsOf(document)
    .filter((t) => !t.deleted)
    .sort((a, b) => (a.number_tag ?? Infinity) - (b.number_tag ?? Infinity) || (a.name_tag ?? '').localeCompare(b.name_tag ?? '', 'fr'));
}

export const findTag = (document: MenuDocument, idTag: number): MenuTag | undefined =>
  tagsOf(document).find((t) => t.idTag === idTag && !t.deleted);

/** Spec §9: every day 0-6, one period 00:00 to 23:59. */
export function defaultSchedule(): TagDay[] {
  return [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day_of_week: day, time_periods: [{ start: DAY_START, end: DAY_END, id: 1 }] }));
}

/** The order types a tag is off for: the complement of the enabled ones, so the two never disagree. */
export function disabledOrderTypesOf(enabled: readonly number[]): number[] {
  return ALL_ORDER_TYPES.filter((o) => !enabled.includes(o));
}

/** The enabled order types: orderTypes, else the complement of disabledOrderTypes, else the new-tag default. */
export function enabledOrderTypes(tag: Pick<MenuTag, 'orderTypes' | 'disabledOrderTypes'>): number[] {
  if (Array.isArray(tag.orderTypes)) return ALL_ORDER_TYPES.filter((o) => tag.orderTypes!.includes(o));
  if (Array.isArray(tag.disabledOrderTypes)) return disabledOrderTypesOf(tag.disabledOrderTypes);
  return [...NEW_TAG_ORDER_TYPES];
}

export const orderTypeLabel = (code: number) => ORDER_TYPES.find((o) => o.code === code)?.label ?? `Type ${code}`;

/**
 * The tag's week, one entry per day 0..6 in that order: a tag without a schedule gets the default
 * (§9); a day missing from a stored schedule is closed; two entries for one day are merged.
 */
export function weekOf(tag: Pick<MenuTag, 'schedule'>): TagDay[] {
  if (!Array.isArray(tag.schedule) || tag.schedule.length === 0) return defaultSchedule();
  return [0, 1, 2, 3, 4, 5, 6].map((day) => {
    const entries = tag.schedule!.filter((d) => d.day_of_week === day);
    if (entries.length === 0) return { day_of_week: day, time_periods: [] };
    return { ...entries[0], day_of_week: day, time_periods: entries.flatMap((d) => list<TimePeriod>(d.time_periods)) };
  });
}

const periodText = (p: Pick<TimePeriod, 'start' | 'end'>) => `${p.start}–${p.end}`;

/** Day names of a set of rows (Monday-first indexes): runs of 2+ days as 'Lun–Ven', others listed. */
function daysText(rows: number[]): string {
  const parts: string[] = [];
  let i = 0;
  while (i < rows.length) {
    let j = i;
    while (j + 1 < rows.length && rows[j + 1] === rows[j]! + 1) j++;
    const first = WEEK[rows[i]!]!.short;
    parts.push(j > i ? `${first}–${WEEK[rows[j]!]!.short}` : first);
    i = j + 1;
  }
  return parts.join(', ');
}

/** One line for a card: 'Tous les jours, 00:00–23:59', 'Lun–Ven 11:30–14:30 · Sam 18:00–23:00', 'Fermé'. */
export function scheduleSummary(schedule: readonly TagDay[]): string {
  const byRow = new Map<number, string>();
  for (const day of schedule) {
    const periods = [...list<TimePeriod>(day.time_periods)].sort((a, b) => a.start.localeCompare(b.start));
    if (periods.length > 0) byRow.set(rowOfDay(day.day_of_week), periods.map(periodText).join(', '));
  }
  if (byRow.size === 0) return 'Fermé';
  const groups = new Map<string, number[]>();
  for (let row = 0; row < 7; row++) {
    const text = byRow.get(row);
    if (text !== undefined) groups.set(text, [...(groups.get(text) ?? []), row]);
  }
  if (groups.size === 1 && byRow.size === 7) return `Tous les jours, ${[...groups.keys()][0]}`;
  return [...groups].map(([text, rows]) => `${daysText(rows)} ${text}`).join(' · ');
}

/** Names compare without accents, spaces or case (the server's rule for duplicates). */
export function nameKey(name: string): string {
  return name.normalize('NFD').replace(/\p{Diacritic}/gu, '').replace(/\s+/g, '').toLowerCase();
}

/** The other non-deleted tag already called `name`, if any. */
export function duplicateOf(document: MenuDocument, name: string, idGlobal: string | null): MenuTag | undefined {
  const key = nameKey(name);
  if (!key) return undefined;
  return tagsOf(document).find((t) => !t.deleted && t.idGlobal !== idGlobal && nameKey(t.name_tag ?? '') === key);
}

export const duplicateMessage = (name: string, other: string) => `Le nom « ${name.trim()} » est déjà utilisé par le tag « ${other} ».`;

/** What the tag form edits; the schedule in Monday-first rows. */
export interface TagValues {
  name_tag: string;
  number_tag: number;
  logo_tag: string;
  background_catalog: string;
  orderTypes: number[];
  /** Seven rows, Lundi first, each with its periods (none: closed). */
  days: { day_of_week: number; periods: { id: number; start: string; end: string }[] }[];
}

/** The form rows of a week (Monday first). */
export function daysOf(week: readonly TagDay[]): TagValues['days'] {
  return WEEK.map(({ day }) => {
    const entry = week.find((d) => d.day_of_week === day);
    const periods = list<TimePeriod>(entry?.time_periods);
    let next = nextNumber(periods.map((p) => Number(p.id)));
    return {
      day_of_week: day,
      periods: periods.map((p) => ({ id: typeof p.id === 'number' ? p.id : next++, start: p.start ?? '', end: p.end ?? '' })),
    };
  });
}

export function tagValues(tag: MenuTag): TagValues {
  return {
    name_tag: tag.name_tag ?? '',
    number_tag: typeof tag.number_tag === 'number' ? tag.number_tag : 0,
    logo_tag: tag.logo_tag ?? '',
    background_catalog: tag.background_catalog ?? '',
    orderTypes: enabledOrderTypes(tag),
    days: daysOf(weekOf(tag)),
  };
}

/** A blank form: the next number, the default order types and schedule. */
export function newTagValues(document: MenuDocument): TagValues {
  return {
    name_tag: '',
    number_tag: nextNumber(activeTags(document).map((t) => Number(t.number_tag))),
    logo_tag: '',
    background_catalog: '',
    orderTypes: [...NEW_TAG_ORDER_TYPES],
    days: daysOf(defaultSchedule()),
  };
}

/** The week to store: days 0..6 in order, each keeping its own and its periods' other fields. */
function scheduleOf(previous: readonly TagDay[], days: TagValues['days']): TagDay[] {
  return [0, 1, 2, 3, 4, 5, 6].map((day) => {
    const old = previous.find((d) => d.day_of_week === day);
    const row = days.find((d) => d.day_of_week === day);
    const oldPeriods = list<TimePeriod>(old?.time_periods);
    return {
      ...old,
      day_of_week: day,
      time_periods: (row?.periods ?? []).map((p) => ({ ...oldPeriods.find((o) => o.id === p.id), start: p.start, end: p.end, id: p.id })),
    };
  });
}

function applyValues(tag: MenuTag, values: TagValues): MenuTag {
  const enabled = ALL_ORDER_TYPES.filter((o) => values.orderTypes.includes(o));
  return {
    ...tag,
    name_tag: values.name_tag.trim(),
    number_tag: values.number_tag,
    logo_tag: values.logo_tag,
    background_catalog: values.background_catalog,
    orderTypes: enabled,
    disabledOrderTypes: disabledOrderTypesOf(enabled),
    schedule: scheduleOf(Array.isArray(tag.schedule) ? tag.schedule : [], values.days),
  };
}

export interface TagEdit {
  document: MenuDocument;
  /** The tag's index in document.tags (server errors say body.tags[index]). */
  index: number;
  tag: MenuTag;
}

/** Adds a tag with a new idGlobal and the next idTag of the carte (deleted tags count: ids never come back). */
export function addTag(document: MenuDocument, values: TagValues): TagEdit {
  const tags = tagsOf(document);
  const tag = applyValues({ idGlobal: newIdGlobal('tag'), idTag: nextNumber(tags.map((t) => Number(t.idTag))), name_tag: '' }, values);
  return { document: { ...document, tags: [...tags, tag] }, index: tags.length, tag };
}

/** Replaces what the form edits on the tag `idGlobal`; everything else of the tag and document stays. */
export function updateTag(document: MenuDocument, idGlobal: string, values: TagValues): TagEdit | null {
  const tags = tagsOf(document);
  const index = tags.findIndex((t) => t.idGlobal === idGlobal);
  if (index < 0) return null;
  const tag = applyValues(tags[index]!, values);
  return { document: { ...document, tags: tags.map((t, i) => (i === index ? tag : t)) }, index, tag };
}

/** Soft delete: the tag stays in the document with deleted true. */
export function deleteTag(document: MenuDocument, idGlobal: string): MenuDocument {
  return { ...document, tags: tagsOf(document).map((t) => (t.idGlobal === idGlobal ? { ...t, deleted: true } : t)) };
}

// --- the schedule editor's helpers (Monday-first rows) ---

type Period = TagValues['days'][number]['periods'][number];

/** A period id unused anywhere in the week. */
export const nextPeriodId = (days: TagValues['days']) => nextNumber(days.flatMap((d) => d.periods.map((p) => p.id)));

/** Every day gets a copy of `row`'s periods (new ids, so no two periods share one). */
export function copyToAllDays(days: TagValues['days'], row: number): TagValues['days'] {
  const source = days[row]?.periods ?? [];
  let id = nextPeriodId(days);
  return days.map((d, i) => (i === row ? d : { ...d, periods: source.map((p) => ({ ...p, id: id++ })) }));
}

/** 'Toute la journée': one period, 00:00 to 23:59. */
export const allDay = (id: number): Period => ({ id, start: DAY_START, end: DAY_END });

/** A period to add after the others: from the last one's end to 23:59, else the whole day. */
export function newPeriod(periods: readonly Period[], id: number): Period {
  const last = periods[periods.length - 1];
  if (last && isClock(last.end) && last.end < DAY_END) return { id, start: last.end, end: DAY_END };
  return allDay(id);
}

// --- server errors ---

export type TagErrorField =
  | 'name_tag'
  | 'number_tag'
  | 'logo_tag'
  | 'background_catalog'
  | 'orderTypes'
  | `days.${number}.periods.${number}.start`
  | `days.${number}.periods.${number}.end`;

/**
 * Puts the server's messages about tags[index] on the form's fields (the schedule sent is days 0..6 in
 * order, so schedule[k] is day k); returns the messages that found no field, for a banner.
 */
export function placeTagErrors(error: unknown, index: number, setError: (field: TagErrorField, message: string) => void): string[] {
  if (!(error instanceof ApiError)) return [];
  const rest: string[] = [];
  const prefix = `body.tags[${index}].`;
  for (const e of error.errors) {
    const message = e.message ?? error.detail;
    const path = e.location?.startsWith(prefix) ? e.location.slice(prefix.length) : null;
    if (path === 'name_tag' || path === 'number_tag' || path === 'logo_tag' || path === 'background_catalog' || path === 'orderTypes' || path === 'disabledOrderTypes') {
      setError(path === 'disabledOrderTypes' ? 'orderTypes' : path, message);
      continue;
    }
    const m = path ? /^schedule\[(\d+)\]\.time_periods\[(\d+)\](\.(start|end))?$/.exec(path) : null;
    if (m) {
      setError(`days.${rowOfDay(Number(m[1]))}.periods.${Number(m[2])}.${m[4] === 'start' ? 'start' : 'end'}`, message);
      continue;
    }
    rest.push(message);
  }
  return rest;
}
