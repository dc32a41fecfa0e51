import type { Person, PersonRole } from './types';

/** The three kinds of login an admin manages, in the order the screens show them. */
export const personRoles = ['moderator', 'guest', 'restaurant'] as const satisfies readonly PersonRole[];

export const roleLabels: Record<PersonRole, { one: string; many: string; description: string }> = {
  moderator: { one: 'Modérateur', many: 'Modérateurs', description: 'gère un restaurant' },
  guest: { one: 'Invité', many: 'Invités', description: 'consulte les rapports des restaurants choisis' },
  restaurant: { one: 'Restaurant', many: 'Restaurants', description: 'compte de caisse / restaurant' },
};

export const roleColors: Record<PersonRole, 'primary' | 'info' | 'secondary'> = {
  moderator: 'primary',
  guest: 'info',
  restaurant: 'secondary',
};

/** 'Camille Martin', or the login when the account has no name. */
export function personName(p: Pick<Person, 'prenom' | 'nom' | 'login'>): string {
  return [p.prenom, p.nom].map((s) => s.trim()).filter(Boolean).join(' ') || p.login;
}

/** The restaurants a login may work with: a moderator's one restaurant, or the chosen list. */
export function personRestaurantIds(p: Pick<Person, 'role' | 'restaurantId' | 'restaurants'>): number[] {
  if (p.role === 'moderator') return p.restaurantId ? [p.restaurantId] : [];
  return p.restaurants ?? [];
}
