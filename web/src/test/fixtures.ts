import type { CurrentUser, Restaurant } from '../api/types';

export function restaurant(id: number, nom: string, ville = 'Lyon'): Restaurant {
  return {
    id,
    nom,
    pseudo: nom.toLowerCase().replace(/\s+/g, '-'),
    siret: `1234567890${String(id).padStart(4, '0')}`,
    adresse: `${id} rue de la République`,
    ville,
    current_licence: `LIC-${id}`,
    timeZone: 'Europe/Paris',
    countryCode: 'FR',
    currency: 'EUR',
    archived: false,
  };
}

export const restaurants: Restaurant[] = [
  restaurant(1, 'Burger Bastille', 'Paris'),
  restaurant(2, 'Burger Confluence', 'Lyon'),
  restaurant(3, 'Pizza Vieux-Port', 'Marseille'),
  restaurant(4, 'Tacos Capitole', 'Toulouse'),
];

export function user(roles: CurrentUser['roles'], patch: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 7,
    roles,
    user_name: 'Demo',
    franchise_name: 'Brigade Burgers',
    fk_franchise: 1,
    nom: 'Burger Bastille',
    prenom: 'Camille',
    id_guest: roles === 'guest' ? 7 : 0,
    accessToken: `token-${roles}`,
    expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    user_email: 'demo@brigade.fr',
    login: `demo-${roles}`,
    siret: '12345678900001',
    superAdminLogin: false,
    franchises: [{ id: 1, name: 'Brigade Burgers' }],
    ...patch,
  };
}
