import type { UserInfo } from '../../api/types';
import type { Session } from '../../app/session';

interface TokenClaims {
  sub?: string;
  exp?: number;
}

/** Reads the (unverified) claims of a JWT; the server has verified the token before we use them. */
export function tokenClaims(token: string): TokenClaims {
  const payload = token.split('.')[1];
  if (!payload) return {};
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null ? (value as TokenClaims) : {};
  } catch {
    return {};
  }
}

/** The session of a token the server just accepted, described by its /auth/me answer. */
export function sessionFromToken(token: string, info: UserInfo): Session {
  const { exp } = tokenClaims(token);
  return {
    id: info.id,
    roles: info.role,
    user_name: info.displayName,
    franchise_name: info.franchise_name,
    fk_franchise: info.fk_franchise,
    nom: info.nom,
    prenom: info.prenom,
    id_guest: info.role === 'guest' ? info.id : 0,
    accessToken: token,
    user_email: info.email,
    login: info.login,
    siret: info.siret,
    superAdminLogin: info.superAdminLogin,
    franchises: info.franchisesInfo ?? [],
    expiresAt: exp ? new Date(exp * 1000).toISOString() : new Date(Date.now() + 3600_000).toISOString(),
  };
}
