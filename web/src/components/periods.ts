/**
 * Period shortcuts beside the date fields (Hier, 7 derniers jours, Ce mois…). Reports count in
 * business dates — each restaurant's own calendar day — so "today" is read in the zone of the
 * restaurant being looked at (or the franchise's), not the browser's: at 23:30 in Paris it is
 * already tomorrow in Nouméa. Calendar arithmetic is then done on plain dates (no DST hazards).
 */

export interface DayRange {
  /** yyyy-mm-dd, first day included */
  start: string;
  /** yyyy-mm-dd, last day included */
  end: string;
}

export type PeriodKey = 'today' | 'yesterday' | 'last7' | 'last30' | 'thisMonth' | 'monthToDate' | 'lastMonth' | 'last12Months' | 'thisYear' | 'yearToDate';

export interface PeriodShortcut {
  key: PeriodKey;
  label: string;
}

export const PERIODS: readonly PeriodShortcut[] = [
  { key: 'today', label: 'Aujourd’hui' },
  { key: 'yesterday', label: 'Hier' },
  { key: 'last7', label: '7 derniers jours' },
  { key: 'thisMonth', label: 'Ce mois' },
  { key: 'lastMonth', label: 'Mois dernier' },
  { key: 'thisYear', label: 'Cette année' },
];

const pad = (n: number) => String(n).padStart(2, '0');

interface Ymd {
  y: number;
  /** 1–12 */
  m: number;
  d: number;
}

const ymd = ({ y, m, d }: Ymd) => `${y}-${pad(m)}-${pad(d)}`;

/** A calendar date moved by `days` (UTC arithmetic on a plain date: no zone, no DST). */
function addDays(day: Ymd, days: number): Ymd {
  const t = new Date(Date.UTC(day.y, day.m - 1, day.d + days));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

function lastDayOfMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** The calendar day of `now` in `timeZone` (the browser's when absent or unknown). */
export function dayIn(now: Date, timeZone?: string): Ymd {
  if (timeZone) {
    try {
      const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
      const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
      const day = { y: get('year'), m: get('month'), d: get('day') };
      if (day.y && day.m && day.d) return day;
    } catch {
      /* an unknown zone: the browser's calendar below */
    }
  }
  return { y: now.getFullYear(), m: now.getMonth() + 1, d: now.getDate() };
}

/** Today as yyyy-mm-dd in `timeZone`. */
export function todayIn(timeZone?: string, now: Date = new Date()): string {
  return ymd(dayIn(now, timeZone));
}

/** The range a shortcut stands for, on the calendar of `timeZone` at `now`. */
export function periodRange(key: PeriodKey, now: Date = new Date(), timeZone?: string): DayRange {
  const today = dayIn(now, timeZone);
  switch (key) {
    case 'today':
      return { start: ymd(today), end: ymd(today) };
    case 'yesterday': {
      const day = ymd(addDays(today, -1));
      return { start: day, end: day };
    }
    case 'last7':
      return { start: ymd(addDays(today, -6)), end: ymd(today) };
    case 'last30':
      return { start: ymd(addDays(today, -29)), end: ymd(today) };
    case 'last12Months': {
      // This month and the eleven before it, from the 1st: twelve whole calendar months for a monthly chart.
      const back = today.y * 12 + (today.m - 1) - 11;
      return { start: ymd({ y: Math.floor(back / 12), m: (back % 12) + 1, d: 1 }), end: ymd(today) };
    }
    case 'thisMonth':
      return { start: ymd({ ...today, d: 1 }), end: ymd({ ...today, d: lastDayOfMonth(today.y, today.m) }) };
    // To date: a running period compared with as many days before it (the revenue screen).
    case 'monthToDate':
      return { start: ymd({ ...today, d: 1 }), end: ymd(today) };
    case 'yearToDate':
      return { start: ymd({ y: today.y, m: 1, d: 1 }), end: ymd(today) };
    case 'lastMonth': {
      const y = today.m === 1 ? today.y - 1 : today.y;
      const m = today.m === 1 ? 12 : today.m - 1;
      return { start: ymd({ y, m, d: 1 }), end: ymd({ y, m, d: lastDayOfMonth(y, m) }) };
    }
    case 'thisYear':
      return { start: ymd({ y: today.y, m: 1, d: 1 }), end: ymd({ y: today.y, m: 12, d: 31 }) };
  }
}

/** The shortcut a range matches today, if any (shown as chosen). */
export function matchingPeriod(range: DayRange, now: Date = new Date(), timeZone?: string, periods: readonly PeriodShortcut[] = PERIODS): PeriodKey | null {
  for (const { key } of periods) {
    const r = periodRange(key, now, timeZone);
    if (r.start === range.start && r.end === range.end) return key;
  }
  return null;
}
