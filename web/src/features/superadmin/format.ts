import { countries, isCountryCode } from '../establishments/countries';

/**
 * The day a franchise was closed, in French ('12 mars 2026', or '12 nov. 2026' when `short`), read on the calendar of the
 * franchise's country (its default zone), whatever the browser's language and zone.
 */
export function closedDay(closedAt: string, countryCode: string, short = false): string {
  const at = new Date(closedAt);
  if (Number.isNaN(at.getTime())) return closedAt;
  const timeZone = isCountryCode(countryCode) ? countries[countryCode].timeZone : 'Europe/Paris';
  return new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: short ? 'short' : 'long', year: 'numeric', timeZone }).format(at);
}

/** A notice's date (AAAA-MM-JJ, a plain calendar day) in French: '20 novembre 2026'. */
export function noticeDay(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return date;
  const at = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(at);
}
