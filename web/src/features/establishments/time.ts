const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A device silent for longer than this is flagged on the devices screen. */
export const SILENCE_THRESHOLD_MS = DAY;

const relative = new Intl.RelativeTimeFormat('fr-FR', { style: 'short', numeric: 'always' });

function parse(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const at = Date.parse(iso);
  return Number.isNaN(at) ? null : at;
}

/** 'il y a 3 min', 'il y a 2 h', 'il y a 3 j' ; "à l'instant" under a minute (or a clock slightly ahead). */
export function agoText(iso: string, now: number = Date.now()): string {
  const at = parse(iso);
  if (at === null) return '';
  const elapsed = now - at;
  if (elapsed < MINUTE) return "à l'instant";
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  return relative.format(-Math.floor(elapsed / DAY), 'day');
}

/** The last-seen line of a device: 'Vu il y a 3 min', 'Vu à l'instant', 'Jamais vu'. */
export function lastSeenText(iso: string | null | undefined, now: number = Date.now()): string {
  if (parse(iso) === null) return 'Jamais vu';
  return `Vu ${agoText(iso as string, now)}`;
}

/** True when a device has not called for more than 24 h (never-seen devices are not "silent"). */
export function isSilent(iso: string | null | undefined, now: number = Date.now()): boolean {
  const at = parse(iso);
  return at !== null && now - at > SILENCE_THRESHOLD_MS;
}

/** 'mardi 14 janvier 2025 à 10:32:05 UTC+1', in the restaurant's zone. */
export function exactDateTime(iso: string, timeZone: string): string {
  const at = parse(iso);
  if (at === null) return '';
  return new Intl.DateTimeFormat('fr-FR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZone: safeZone(timeZone),
    timeZoneName: 'short',
  }).format(at);
}

/** '14 janv. 2025', in the restaurant's zone. */
export function shortDate(iso: string, timeZone: string): string {
  const at = parse(iso);
  if (at === null) return '';
  return new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', year: 'numeric', timeZone: safeZone(timeZone) }).format(at);
}

/** '14 janv. 2025, 10:32', in the restaurant's zone. */
export function shortDateTime(iso: string, timeZone: string): string {
  const at = parse(iso);
  if (at === null) return '';
  return new Intl.DateTimeFormat('fr-FR', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: safeZone(timeZone),
  }).format(at);
}

/** An unknown zone would make Intl throw; the browser's own zone is the least surprising fallback. */
function safeZone(timeZone: string): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat('fr-FR', { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}
