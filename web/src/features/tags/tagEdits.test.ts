import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import type { MenuDocument } from '../menus/documentTypes';
import { parseTagParams, tagDetailsPath } from './paths';
import {
  activeTags,
  addTag,
  copyToAllDays,
  daysOf,
  defaultSchedule,
  deleteTag,
  disabledOrderTypesOf,
  duplicateOf,
  enabledOrderTypes,
  newPeriod,
  newTagValues,
  placeTagErrors,
  scheduleSummary,
  tagsOf,
  tagValues,
  updateTag,
  weekOf,
  type MenuTag,
  type TagDay,
} from './tagEdits';

const midi: MenuTag = {
  idGlobal: 'tag-1',
  idTag: 1,
  name_tag: 'Midi',
  number_tag: 1,
  logo_tag: 'midi_logo.png',
  orderTypes: [1, 2],
  disabledOrderTypes: [3, 4, 5],
  schedule: [1, 2, 3, 4, 5].map((d) => ({ day_of_week: d, time_periods: [{ start: '11:30', end: '14:30', id: 1, kiosk_color: 'red' }], legacy: d })),
  logoURL: 'https://cdn.example/midi.png',
};

function doc(tags: MenuTag[]): MenuDocument {
  return { categories: [], items: [], options: [], tags, zones: [{ id: 1 }], kiosk_field: 42 };
}

const week = (periods: Record<number, [string, string][]>): TagDay[] =>
  [0, 1, 2, 3, 4, 5, 6].map((d) => ({ day_of_week: d, time_periods: (periods[d] ?? []).map(([start, end], i) => ({ start, end, id: i + 1 })) }));

describe('tag defaults', () => {
  it('gives a new tag every day 0-6, 00:00 to 23:59 (spec §9)', () => {
    expect(defaultSchedule()).toEqual([0, 1, 2, 3, 4, 5, 6].map((d) => ({ day_of_week: d, time_periods: [{ start: '00:00', end: '23:59', id: 1 }] })));
    const values = newTagValues(doc([midi]));
    expect(values.number_tag).toBe(2);
    expect(values.orderTypes).toEqual([1, 2]);
    expect(values.days.map((d) => d.day_of_week)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    const { tag, index, document } = addTag(doc([midi]), { ...values, name_tag: '  Soir ' });
    expect(index).toBe(1);
    expect(tag).toMatchObject({ idTag: 2, name_tag: 'Soir', number_tag: 2, orderTypes: [1, 2], disabledOrderTypes: [3, 4, 5] });
    expect(tag.idGlobal).toMatch(/^tag-/);
    expect(tag.schedule).toEqual(defaultSchedule());
    expect(document.tags).toHaveLength(2);
  });

  it('reads a tag without a schedule as the default, and a missing day as closed', () => {
    expect(weekOf({})).toEqual(defaultSchedule());
    const w = weekOf(midi);
    expect(w.map((d) => d.day_of_week)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(w[0]!.time_periods).toEqual([]);
    expect(w[1]).toMatchObject({ legacy: 1, time_periods: [{ start: '11:30', end: '14:30' }] });
  });
});

describe('order types', () => {
  it('keeps disabledOrderTypes the complement of orderTypes', () => {
    expect(disabledOrderTypesOf([1, 3])).toEqual([2, 4, 5]);
    expect(disabledOrderTypesOf([])).toEqual([1, 2, 3, 4, 5]);
    expect(enabledOrderTypes({ orderTypes: [5, 1] })).toEqual([1, 5]);
    expect(enabledOrderTypes({ disabledOrderTypes: [4, 5] })).toEqual([1, 2, 3]);
    const { tag } = updateTag(doc([midi]), 'tag-1', { ...tagValues(midi), orderTypes: [5, 3] })!;
    expect(tag.orderTypes).toEqual([3, 5]);
    expect(tag.disabledOrderTypes).toEqual([1, 2, 4]);
  });
});

describe('schedule summary', () => {
  it('says it in one line', () => {
    expect(scheduleSummary(defaultSchedule())).toBe('Tous les jours, 00:00–23:59');
    expect(scheduleSummary(weekOf(midi))).toBe('Lun–Ven 11:30–14:30');
    expect(scheduleSummary(week({}))).toBe('Fermé');
    expect(
      scheduleSummary(week({ 1: [['11:30', '14:30']], 3: [['11:30', '14:30']], 6: [['18:00', '23:00']], 0: [['18:00', '23:00']] })),
    ).toBe('Lun, Mer 11:30–14:30 · Sam–Dim 18:00–23:00');
    expect(scheduleSummary(week({ 1: [['18:00', '22:00'], ['11:00', '14:00']] }))).toBe('Lun 11:00–14:00, 18:00–22:00');
  });
});

describe('tag edits', () => {
  it('keeps every field it does not edit, on the tag, its days and periods, and the document', () => {
    const values = tagValues(midi);
    values.name_tag = 'Déjeuner';
    values.days[0]!.periods[0]!.end = '15:00'; // Lundi
    const result = updateTag(doc([midi]), 'tag-1', values)!;
    expect(result.index).toBe(0);
    expect(result.document).toMatchObject({ zones: [{ id: 1 }], kiosk_field: 42 });
    const tag = tagsOf(result.document)[0]!;
    expect(tag).toMatchObject({ idGlobal: 'tag-1', idTag: 1, name_tag: 'Déjeuner', logoURL: 'https://cdn.example/midi.png', logo_tag: 'midi_logo.png' });
    expect(tag.schedule).toHaveLength(7);
    expect(tag.schedule![1]).toEqual({ day_of_week: 1, legacy: 1, time_periods: [{ start: '11:30', end: '15:00', id: 1, kiosk_color: 'red' }] });
    expect(tag.schedule![0]).toEqual({ day_of_week: 0, time_periods: [] });
  });

  it('deletes softly: the tag stays with deleted true and leaves the lists', () => {
    const other: MenuTag = { idGlobal: 'tag-2', idTag: 2, name_tag: 'Soir', extra: true };
    const next = deleteTag(doc([midi, other]), 'tag-1');
    expect(next.tags).toEqual([{ ...midi, deleted: true }, other]);
    expect(activeTags(next).map((t) => t.name_tag)).toEqual(['Soir']);
    // A deleted tag's name is free again; its idTag is not.
    expect(duplicateOf(next, 'midi', null)).toBeUndefined();
    expect(addTag(next, newTagValues(next)).tag.idTag).toBe(3);
  });

  it('finds duplicates ignoring accents, spaces and case', () => {
    const d = doc([{ ...midi, name_tag: 'Petit Déj' }]);
    expect(duplicateOf(d, 'petitdej', null)?.idGlobal).toBe('tag-1');
    expect(duplicateOf(d, ' PETIT  DÉJ ', 'tag-1')).toBeUndefined();
    expect(duplicateOf(d, 'Brunch', null)).toBeUndefined();
  });

  it('copies a day to every day with fresh period ids', () => {
    const days = daysOf(weekOf(midi));
    const copied = copyToAllDays(days, 0);
    expect(copied.every((d) => d.periods.length === 1 && d.periods[0]!.start === '11:30')).toBe(true);
    const ids = copied.flatMap((d) => d.periods.map((p) => p.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('adds a period from the last end, or the whole day', () => {
    expect(newPeriod([{ id: 1, start: '11:30', end: '14:30' }], 2)).toEqual({ id: 2, start: '14:30', end: '23:59' });
    expect(newPeriod([], 1)).toEqual({ id: 1, start: '00:00', end: '23:59' });
  });
});

describe('routes and errors', () => {
  it('reads {carte}&{idTag} and {carte}&new', () => {
    expect(parseTagParams('3&12')).toEqual({ campaignId: 3, idTag: 12 });
    expect(parseTagParams('3&new')).toEqual({ campaignId: 3, idTag: 'new' });
    expect(parseTagParams('3')).toBeNull();
    expect(parseTagParams('x&1')).toBeNull();
    expect(tagDetailsPath(3, 'new')).toBe('/config/tagsDetails/3&new');
  });

  it("puts the server's messages on the fields, schedule[k] being day k", () => {
    const error = new ApiError(422, {
      detail: 'Données invalides',
      errors: [
        { location: 'body.tags[1].name_tag', message: 'Nom déjà pris' },
        { location: 'body.tags[1].schedule[0].time_periods[1].end', message: 'Fin avant début' },
        { location: 'body.tags[0].name_tag', message: 'Autre tag' },
      ],
    });
    const placed: [string, string][] = [];
    const rest = placeTagErrors(error, 1, (f, m) => placed.push([f, m]));
    expect(placed).toEqual([
      ['name_tag', 'Nom déjà pris'],
      ['days.6.periods.1.end', 'Fin avant début'],
    ]);
    expect(rest).toEqual(['Autre tag']);
  });
});
