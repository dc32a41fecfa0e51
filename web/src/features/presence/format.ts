import { matchPath } from 'react-router';
import { routes } from '../../app/routeTable';
import { PRESENCE_PATH } from './queries';

/** How a colleague's role reads in the list. */
export const PRESENCE_ROLE_LABELS: Readonly<Record<string, string>> = {
  admin: 'Administrateur',
  moderator: 'Modérateur',
  guest: 'Invité',
  restaurant: 'Restaurant',
};

export function presenceRoleLabel(role: string): string {
  return PRESENCE_ROLE_LABELS[role] ?? role;
}

export const PRESENCE_TITLE = 'Qui est en ligne';

/** The title of the screen at `path`, from the route table; the path itself when no route has it. */
export function pageTitle(path: string): string {
  const pathname = path.split(/[?#]/)[0] ?? '';
  if (!pathname) return 'Page inconnue';
  // Static routes win over parameterised ones that would also match.
  const matching = routes.filter((route) => matchPath({ path: route.path, end: true }, pathname));
  const found = matching.find((route) => !route.path.includes(':')) ?? matching[0];
  if (found) return found.title;
  if (matchPath({ path: PRESENCE_PATH, end: true }, pathname)) return PRESENCE_TITLE;
  return pathname;
}

/** 'à l'instant', 'il y a 2 min', 'il y a 3 h', 'il y a 2 j' (times in the future count as now). */
export function relativeTime(iso: string, now: number): string {
  const then = Date.parse(iso);
  if (!Number.isFinite(then)) return '';
  const seconds = Math.max(0, Math.floor((now - then) / 1000));
  if (seconds < 60) return 'à l’instant';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `il y a ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `il y a ${hours} h`;
  return `il y a ${Math.floor(hours / 24)} j`;
}

const absolute = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short' });

/** The exact time, for a tooltip next to the relative one. */
export function absoluteTime(iso: string): string {
  const then = Date.parse(iso);
  return Number.isFinite(then) ? absolute.format(then) : '';
}
