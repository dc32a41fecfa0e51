// Pure rules of the settings screens: what the forms do to a list, without React.
import type { Language, Printer, Screen } from './types';

// ---- languages (spec §4) ----

/**
 * Makes `code` the default language: it becomes default and active, the others lose default.
 * An unknown code leaves the list as it was.
 */
export function withDefaultLanguage<L extends Language>(languages: readonly L[], code: string): L[] {
  if (!languages.some((l) => l.code === code)) return [...languages];
  return languages.map((l) => (l.code === code ? { ...l, isDefault: true, isActive: true } : { ...l, isDefault: false }));
}

/** Turns a language on or off; the default language is always active. */
export function withLanguageActive<L extends Language>(languages: readonly L[], code: string, active: boolean): L[] {
  return languages.map((l) => (l.code === code && !l.isDefault ? { ...l, isActive: active } : l));
}

/** The flags of the spec's five language codes (spec §9). */
export const LANGUAGE_FLAGS: Readonly<Record<string, string>> = {
  ar: '🇸🇦',
  en: '🇬🇧',
  es: '🇪🇸',
  fr: '🇫🇷',
  tr: '🇹🇷',
};

export function languageFlag(code: string): string | null {
  return LANGUAGE_FLAGS[code.trim().toLowerCase()] ?? null;
}

/** The flag of a two-letter country code (regional indicator letters), or null. */
export function countryFlag(code: string): string | null {
  const c = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(c)) return null;
  return String.fromCodePoint(...[...c].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}

/** The franchise countries the server knows (internal/tenancy/countries.go). */
const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  FR: 'France',
  MA: 'Maroc',
  CH: 'Suisse',
  CA: 'Canada',
  NC: 'Nouvelle-Calédonie',
  SA: 'Arabie saoudite',
  PF: 'Polynésie française',
};

export function countryName(code: string): string {
  return COUNTRY_NAMES[code.trim().toUpperCase()] ?? code;
}

// ---- printers ----

export const IP_INVALID = 'Adresse IP invalide (exemple : 192.168.1.50).';

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);

/** An IPv4 address as the server accepts it (no leading zeros), or nothing at all. */
export function isValidPrinterIp(text: string): boolean {
  const s = text.trim();
  return s === '' || IPV4.test(s);
}

export type PrinterType = 'kitchen' | 'label';

export const PRINTER_DEFAULTS = { width_ticket: 48, number_ticket: 1, type: 'Reseau' } as const;

/**
 * The id of a new printer: one above the highest in use (never below 2, the first default id).
 * A deleted printer's id is not given again: products may still name it.
 */
export function nextPrinterId(printers: readonly Pick<Printer, 'idPrinter'>[]): number {
  return Math.max(1, ...printers.map((p) => (Number.isFinite(p.idPrinter) ? p.idPrinter : 0))) + 1;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** 'Prepa n' / 'Etiquette n', n counted per type from 1 (DECISIONS), skipping names already taken. */
export function nextPrinterName(type: PrinterType, printers: readonly Pick<Printer, 'name' | 'type_printer'>[]): string {
  const prefix = type === 'kitchen' ? 'Prepa' : 'Etiquette';
  let n = printers.filter((p) => p.type_printer === type).length + 1;
  while (printers.some((p) => sameName(p.name, `${prefix} ${n}`))) n++;
  return `${prefix} ${n}`;
}

export function newPrinter(type: PrinterType, printers: readonly Printer[]): Printer {
  return {
    idPrinter: nextPrinterId(printers),
    name: nextPrinterName(type, printers),
    type_printer: type,
    ip_address: '',
    ...PRINTER_DEFAULTS,
  };
}

/** Indexes of the entries whose name repeats an earlier one (case and outer spaces ignored, as the server). */
export function duplicateNames(names: readonly string[]): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  names.forEach((name, i) => {
    const key = name.trim().toLowerCase();
    if (!key) return;
    if (seen.has(key)) out.push(i);
    seen.add(key);
  });
  return out;
}

// ---- screens ----

/** A new screen: the next id and number, named 'Ecran n' (the first free n). */
export function newScreen(screens: readonly Screen[]): Screen {
  const id = Math.max(0, ...screens.map((s) => s.idScreen), ...screens.map((s) => s.number_screen)) + 1;
  let n = id;
  while (screens.some((s) => sameName(s.name_screen, `Ecran ${n}`))) n++;
  return { idScreen: id, number_screen: id, name_screen: `Ecran ${n}` };
}

// ---- server errors ----

/** 'body.printers[2].ip_address' → 'printers.2.ip_address' (a react-hook-form path); null for the body itself. */
export function formPath(location: string | undefined): string | null {
  if (!location) return null;
  const path = location
    .replace(/^body\.?/, '')
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/^\./, '');
  return path || null;
}

// ---- reloading after a conflict ----

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The fields that identify a row of each list. */
const ID_KEYS = ['idPrinter', 'idScreen', 'id_size', 'code'] as const;

function identity(rows: readonly unknown[]): string | null {
  if (!rows.every(isRecord)) return null;
  return ID_KEYS.find((k) => rows.every((r) => k in r)) ?? null;
}

/**
 * Three-way merge used by 'Recharger': what the user changed since `base` (mine) is kept, what
 * someone else changed meanwhile (theirs) is taken everywhere else. Rows are matched by their id;
 * when both changed the same value, the user's wins (they are about to save it).
 */
export function mergeEdits<T>(base: T, mine: T, theirs: T): T {
  if (sameJson(mine, base)) return theirs;
  if (sameJson(theirs, base) || sameJson(mine, theirs)) return mine;
  if (Array.isArray(base) && Array.isArray(mine) && Array.isArray(theirs)) return mergeLists(base, mine, theirs) as T;
  if (isRecord(base) && isRecord(mine) && isRecord(theirs)) {
    const out: Record<string, unknown> = {};
    for (const key of new Set([...Object.keys(mine), ...Object.keys(theirs)])) {
      out[key] = key in mine ? mergeEdits(base[key], mine[key], theirs[key]) : theirs[key];
    }
    return out as T;
  }
  return mine;
}

function mergeLists(base: unknown[], mine: unknown[], theirs: unknown[]): unknown[] {
  const key = identity([...base, ...mine, ...theirs]);
  if (!key) {
    // Positional lists (the ten size labels): value by value when their lengths agree.
    if (base.length === mine.length && mine.length === theirs.length) return mine.map((m, i) => mergeEdits(base[i], m, theirs[i]));
    return mine;
  }
  const idOf = (row: unknown) => String((row as Record<string, unknown>)[key]);
  const before = new Map(base.map((r) => [idOf(r), r]));
  const after = new Map(theirs.map((r) => [idOf(r), r]));
  const kept = new Set(mine.map(idOf));
  const out: unknown[] = [];
  for (const row of mine) {
    const id = idOf(row);
    const was = before.get(id);
    const now = after.get(id);
    if (was === undefined) out.push(row); // added by the user
    else if (now !== undefined) out.push(mergeEdits(was, row, now));
    else if (!sameJson(row, was)) out.push(row); // deleted meanwhile, but the user edited it
  }
  for (const row of theirs) {
    const id = idOf(row);
    if (!before.has(id) && !kept.has(id)) out.push(row); // added meanwhile
  }
  return out;
}
