/**
 * French formatting shared by every report screen (and the sales screens, which import it).
 * Money travels as integer cents; it is divided only here, at display time.
 * Intl's French output uses narrow no-break spaces (U+202F) for thousands and a no-break space
 * (U+00A0) before the currency symbol: `1 234,50 €`.
 */

export const DEFAULT_CURRENCY = 'EUR';

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string): Intl.NumberFormat {
  const code = /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : DEFAULT_CURRENCY;
  let format = moneyFormats.get(code);
  if (!format) {
    try {
      format = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: code });
    } catch {
      format = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: DEFAULT_CURRENCY });
    }
    moneyFormats.set(code, format);
  }
  return format;
}

/** Cents in `currency` (the one the answer states), French layout: (1250, 'CHF') → '12,50 CHF'. */
export function formatCents(cents: number | null | undefined, currency: string = DEFAULT_CURRENCY): string {
  return moneyFormat(currency).format((cents ?? 0) / 100);
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(min: number, max: number): Intl.NumberFormat {
  const key = `${min}:${max}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: min, maximumFractionDigits: max });
    numberFormats.set(key, format);
  }
  return format;
}

/** A count: 12345 → '12 345'. */
export function formatInteger(value: number | null | undefined): string {
  return numberFormat(0, 0).format(Math.round(value ?? 0));
}

/** A decimal with a fixed number of digits: 12.5 → '12,50' (two digits by default). */
export function formatDecimal(value: number | null | undefined, digits = 2): string {
  return numberFormat(digits, digits).format(value ?? 0);
}

/**
 * Minutes of exit time, two decimals: 5.25 → '5,25', 7.456 → '7,46'. The API sends the exact average
 * (unrounded minutes); it is rounded here, once. No average (null: no order with an exit time) → '—'.
 */
export function formatMinutes(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return formatDecimal(value, 2);
}

/** A chart's minutes, as many decimals as needed up to two (ticks 0,5 / 1 / 1,5 never repeat): 5.25 → '5,25 min'. */
export function formatAxisMinutes(value: number): string {
  return `${numberFormat(0, 2).format(value)} min`;
}

/** A percentage already in percent units, two decimals (spec §9): 12.5 → '12,50 %'. */
export function formatPercent(value: number | null | undefined, digits = 2): string {
  return `${formatDecimal(value, digits)}\u00a0%`;
}

/** A signed change in percent for trends: 3.2 → '+3,20 %', -1 → '-1,00 %'. */
export function formatSignedPercent(value: number | null | undefined, digits = 2): string {
  const v = value ?? 0;
  return `${v > 0 ? '+' : ''}${formatPercent(v, digits)}`;
}

/** A tax rate in basis points, French style (DECISIONS): 550 → '5,5 %', 1000 → '10 %', 220 → '2,2 %'. */
export function formatTaxRate(basisPoints: number): string {
  return `${numberFormat(0, 2).format(basisPoints / 100)}\u00a0%`;
}

/** Several tax rates, smallest first, each once: [1000, 550] → '5,5 % · 10 %'; none → '—'. */
export function formatTaxRates(basisPoints: readonly number[] | null | undefined): string {
  const rates = [...new Set(basisPoints ?? [])].sort((a, b) => a - b);
  return rates.length === 0 ? '—' : rates.map(formatTaxRate).join(' · ');
}

const dateTimeFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });
const dayFormat = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric' });
const shortDayFormat = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: 'short' });
const monthFormat = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric' });

/** An instant as '21/11/2026 17:44', in `timeZone` when given (the restaurant's), else the browser's. */
export function formatDateTime(iso: string, timeZone?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  if (!timeZone) return dateTimeFormat.format(d);
  try {
    return new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone }).format(d);
  } catch {
    return dateTimeFormat.format(d);
  }
}

function parseDay(day: string): Date | null {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(day);
  if (!m) return null;
  return new Date(Number(m[1]), Number(m[2]) - 1, m[3] ? Number(m[3]) : 1);
}

/** A calendar day 'yyyy-mm-dd' as '01/11/2026' (no time-zone shift). */
export function formatDay(day: string): string {
  const d = parseDay(day);
  return d ? dayFormat.format(d) : day;
}

/** A chart axis label: '2026-11-03' → '03 nov.', '2026-11' → 'novembre 2026'; anything else unchanged. */
export function formatPeriodLabel(label: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(label)) return shortDayFormat.format(parseDay(label)!);
  if (/^\d{4}-\d{2}$/.test(label)) return monthFormat.format(parseDay(label)!);
  return label;
}

// ---- date ranges (yyyy-mm-dd, local calendar days) ----

export interface DateRange {
  /** yyyy-mm-dd, first day included */
  start: string;
  /** yyyy-mm-dd, last day included */
  end: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A local calendar day as 'yyyy-mm-dd'. */
export function isoDay(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Older report screens (Performance, Mes Produits, Mes Réductions, Z Équipement): 1st → last day of this month. */
export function currentMonthRange(now: Date = new Date()): DateRange {
  const first = new Date(now.getFullYear(), now.getMonth(), 1);
  const last = new Date(now.getFullYear(), now.getMonth() + 1, 0);
  return { start: isoDay(first), end: isoDay(last) };
}

/** Sales v2 and Mes Commandes: today → today. */
export function todayRange(now: Date = new Date()): DateRange {
  const day = isoDay(now);
  return { start: day, end: day };
}

/** The last `days` days ending today (e.g. 30). */
export function lastDaysRange(days: number, now: Date = new Date()): DateRange {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1));
  return { start: isoDay(start), end: isoDay(now) };
}

export const RANGE_ERROR_TEXT = 'La date de début est supérieure à la date de fin.';

/** The French message when a range is not usable, else null (equal dates are allowed). */
export function rangeError(range: DateRange): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(range.start) || !/^\d{4}-\d{2}-\d{2}$/.test(range.end)) {
    return 'Veuillez saisir des dates au format JJ/MM/AAAA.';
  }
  return range.start > range.end ? RANGE_ERROR_TEXT : null;
}

/** 'du 01/11/2026 au 30/11/2026', or 'le 21/11/2026' for one day. */
export function formatRange(range: DateRange): string {
  return range.start === range.end
    ? `le ${formatDay(range.start)}`
    : `du ${formatDay(range.start)} au ${formatDay(range.end)}`;
}

/** The sign French screens write after an amount of `currency`: 'EUR' → '€', 'CHF' → 'CHF', 'MAD' → 'MAD'. */
export function currencySymbol(currency: string): string {
  const part = moneyFormat(currency)
    .formatToParts(0)
    .find((p) => p.type === 'currency');
  return part?.value ?? currency;
}
