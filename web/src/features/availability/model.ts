import type { AvailabilityElement, ChannelHours, DayHours, Hours, HoursSlot, SoldOut } from '../../api/types';

export type Channel = 'borne' | 'clickncollect' | 'caisse';
export const CHANNELS: readonly Channel[] = ['borne', 'clickncollect', 'caisse'];
export const CHANNEL_LABELS: Record<Channel, string> = { borne: 'Bornes', clickncollect: 'Click & Collect', caisse: 'Caisses' };
/** 1 = lundi … 7 = dimanche, as the API numbers them. */
export const DAY_NAMES = ['', 'Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche'] as const;

export type KindFilter = 'all' | 'product' | 'option';

export interface ElementFilter {
  search: string;
  /** '' : every category or group. */
  group: string;
  kind: KindFilter;
  /** Only what is sold out now. */
  soldOutOnly?: boolean;
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}

/** The elements the list shows: name, category or idGlobal containing the search (accents ignored). */
export function filterElements(elements: readonly AvailabilityElement[], f: ElementFilter): AvailabilityElement[] {
  const q = fold(f.search);
  return elements.filter(
    (e) =>
      (f.kind === 'all' || e.kind === f.kind) &&
      (!f.group || e.group === f.group) &&
      (!f.soldOutOnly || e.soldOut) &&
      (!q || fold(e.name).includes(q) || fold(e.group).includes(q) || fold(e.idGlobal) === q),
  );
}

/** The categories (products) or groups (options) of the elements shown by kind, in menu order. */
export function groupsOf(elements: readonly AvailabilityElement[], kind: KindFilter): string[] {
  const out: string[] = [];
  for (const e of elements) if ((kind === 'all' || e.kind === kind) && e.group && !out.includes(e.group)) out.push(e.group);
  return out;
}

const dayFormat = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

/** « mercredi 25 décembre » for a yyyy-mm-dd date. */
export function longDate(date: string): string {
  return dayFormat.format(new Date(`${date}T12:00:00Z`));
}

/** « 02:00 » : an instant's time in the restaurant's zone. */
export function timeIn(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: timeZone || 'UTC' }).format(new Date(instant));
}

/** How long a sold-out lasts, in words. */
export function soldOutText(s: Pick<SoldOut, 'mode' | 'untilDate' | 'until'>, timeZone: string): string {
  if (s.mode === 'today') return `Pour aujourd'hui, jusqu'à ${timeIn(s.until, timeZone)}`;
  return `Jusqu'au ${longDate(s.untilDate)} inclus`;
}

/** Minutes since midnight of « HH:MM », or null. */
export function minutes(text: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** A slot's end in minutes from its day's midnight (past 1440 when it ends the next day). */
function end(open: number, close: number): number {
  return close <= open ? close + 1440 : close;
}

/** A slot ending the next day: the UI says « le lendemain ». */
export function endsNextDay(s: HoursSlot): boolean {
  const o = minutes(s.open);
  const c = minutes(s.close);
  return o !== null && c !== null && c < o;
}

/**
 * What is wrong with each slot of a day, as the server will say it (null: fine), so that the
 * form shows it beside the field before saving.
 */
export function slotProblems(slots: readonly HoursSlot[]): (string | null)[] {
  const out = slots.map((s): string | null => {
    const o = minutes(s.open);
    const c = minutes(s.close);
    if (o === null) return "L'heure d'ouverture doit être au format HH:MM.";
    if (c === null) return "L'heure de fermeture doit être au format HH:MM.";
    if (c === o) return "L'heure de fermeture doit suivre l'heure d'ouverture.";
    if (c < o && c > 360) return "L'heure de fermeture doit suivre l'heure d'ouverture (un créneau qui passe minuit finit au plus tard à 06:00).";
    return null;
  });
  const order = slots.map((_, i) => i).filter((i) => out[i] === null);
  order.sort((a, b) => minutes(slots[a]!.open)! - minutes(slots[b]!.open)!);
  for (let k = 1; k < order.length; k++) {
    const prev = slots[order[k - 1]!]!;
    const cur = slots[order[k]!]!;
    if (minutes(cur.open)! < end(minutes(prev.open)!, minutes(prev.close)!)) {
      out[order[k]!] = `Ce créneau chevauche ${prev.open}–${prev.close}.`;
    }
  }
  return out;
}

/** The next slot to offer: lunch first, then the evening, then an hour after the last one. */
export function nextSlot(slots: readonly HoursSlot[]): HoursSlot {
  if (slots.length === 0) return { open: '11:30', close: '14:30' };
  const last = slots[slots.length - 1]!;
  const c = minutes(last.close) ?? 0;
  if (c <= 18 * 60 && c >= 12 * 60) return { open: '18:30', close: '22:30' };
  const o = Math.min((c + 60) % 1440, 23 * 60);
  const hh = (n: number) => `${String(Math.floor(n / 60)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}`;
  return { open: hh(o), close: hh(Math.min(o + 120, 23 * 60 + 59)) };
}

/** A channel with its seven days in order (the server's shape, whatever was stored). */
export function fullWeek(c: ChannelHours): ChannelHours {
  const weekly: DayHours[] = [1, 2, 3, 4, 5, 6, 7].map((day) => ({
    day,
    slots: [...(c.weekly?.find((d) => d.day === day)?.slots ?? [])],
  }));
  return { alwaysOpen: c.alwaysOpen, weekly, exceptions: (c.exceptions ?? []).map((e) => ({ ...e, slots: [...(e.slots ?? [])] })) };
}

export function editableHours(h: Hours): Hours {
  return { borne: fullWeek(h.borne), clickncollect: fullWeek(h.clickncollect), caisse: fullWeek(h.caisse) };
}

/** « 11:30–14:30, 18:30–23:00 », or « Fermé ». */
export function slotsText(slots: readonly HoursSlot[] | null | undefined): string {
  if (!slots || slots.length === 0) return 'Fermé';
  return slots.map((s) => `${s.open}–${s.close}`).join(', ');
}

/** True when no slot of the channel has a problem the server would refuse. */
export function channelValid(c: ChannelHours): boolean {
  const days = [...(c.weekly ?? []).map((d) => d.slots ?? []), ...(c.exceptions ?? []).filter((e) => !e.closed).map((e) => e.slots ?? [])];
  return days.every((slots) => slotProblems(slots).every((p) => p === null)) && (c.exceptions ?? []).every((e) => e.closed || (e.slots ?? []).length > 0);
}

/** A yyyy-mm-dd date moved by some days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
