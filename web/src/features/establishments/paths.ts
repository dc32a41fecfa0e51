import type { Crumb } from '../../components/PageHeader';
import { PRODUCT } from '../../app/routeTable';
import type { Role } from '../../api/types';

export const ESTABLISHMENTS_PATH = '/etablissements/lists';

export function restaurantPath(id: number): string {
  return `/etablissements/modifier/${id}`;
}

/**
 * The spec's devices route has two ids (`configetablissement/:idetab/:restoId`); in Brigade both
 * name the same restaurant (an establishment is a restaurant), so links repeat the id.
 */
export function devicesPath(id: number): string {
  return `/${PRODUCT}/configetablissement/${id}/${id}`;
}

/**
 * Accueil › Établissements › Mes Établissements › … — the list is a link except for moderators,
 * who may only open it with a token (route table: moderatorToken).
 */
export function establishmentCrumbs(role: Role | undefined, ...rest: Crumb[]): Crumb[] {
  const list: Crumb = role === 'moderator' ? { label: 'Mes Établissements' } : { label: 'Mes Établissements', to: ESTABLISHMENTS_PATH };
  return [{ label: 'Accueil', to: '/' }, { label: 'Établissements' }, list, ...rest];
}
