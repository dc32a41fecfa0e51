import { useSyncExternalStore } from 'react';
import type { CurrentUser, Role } from '../api/types';
import { storage } from './storage';

export const SESSION_KEY = 'brigade.session';
/** The super-admin's own session, kept while they work as a franchise admin. */
export const SUPERADMIN_SESSION_KEY = 'brigade.session.superadmin';

export type Session = CurrentUser;

function parse(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const candidate = value as Partial<Session>;
    if (typeof candidate.accessToken !== 'string' || !candidate.accessToken) return null;
    if (typeof candidate.roles !== 'string') return null;
    if (candidate.expiresAt && Date.parse(candidate.expiresAt) <= Date.now()) return null;
    return value as Session;
  } catch {
    return null;
  }
}

type Listener = () => void;
const listeners = new Set<Listener>();
const signOutListeners = new Set<Listener>();
let current: Session | null = parse(storage.get(SESSION_KEY));

function emit(): void {
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  // Another tab signed in or out: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key !== null && event.key !== SESSION_KEY) return;
    const next = parse(storage.get(SESSION_KEY));
    if (next?.accessToken === current?.accessToken) return;
    const signedOut = current !== null && next === null;
    current = next;
    if (signedOut) for (const listener of signOutListeners) listener();
    emit();
  });
}

export const sessionStore = {
  get(): Session | null {
    if (current?.expiresAt && Date.parse(current.expiresAt) <= Date.now()) {
      sessionStore.signOut();
    }
    return current;
  },
  /** Starts a session (sign-in, impersonation, token sign-in). */
  set(session: Session): void {
    current = session;
    storage.set(SESSION_KEY, JSON.stringify(session));
    emit();
  },
  /** Ends the session: storage, the query cache (via listeners) and any kept super-admin session. */
  signOut(): void {
    const had = current !== null;
    current = null;
    storage.remove(SESSION_KEY);
    storage.remove(SUPERADMIN_SESSION_KEY);
    if (had) for (const listener of signOutListeners) listener();
    emit();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Runs when a session ends, whatever ended it (user, 401, 403 from the suspension check, other tab). */
  onSignOut(listener: Listener): () => void {
    signOutListeners.add(listener);
    return () => signOutListeners.delete(listener);
  },
  /** Keeps the super-admin session aside and switches to the impersonated admin session. */
  impersonate(adminSession: Session): void {
    if (current) storage.set(SUPERADMIN_SESSION_KEY, JSON.stringify(current));
    sessionStore.set(adminSession);
  },
  /** The super-admin session kept by impersonate(), if any. */
  keptSuperAdmin(): Session | null {
    return parse(storage.get(SUPERADMIN_SESSION_KEY));
  },
  /** Back to the super-admin's own session after impersonating. */
  leaveImpersonation(): boolean {
    const kept = sessionStore.keptSuperAdmin();
    storage.remove(SUPERADMIN_SESSION_KEY);
    if (!kept) return false;
    sessionStore.set(kept);
    return true;
  },
  /** Tests only: re-reads storage. */
  reload(): void {
    current = parse(storage.get(SESSION_KEY));
    emit();
  },
};

export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, () => current, () => null);
}

/** A super-admin working as themselves (not inside an impersonated franchise). */
export function isSuperAdmin(session: Session | null): boolean {
  return session?.roles === 'superadmin' && !session.superAdminLogin;
}

/** The name shown in the header, per the spec's rules for each role. */
export function displayName(session: Session): string {
  const join = (...parts: (string | undefined | null)[]) =>
    parts.map((p) => p?.trim()).filter(Boolean).join(' ');
  switch (session.roles) {
    case 'admin':
      return session.franchise_name || session.user_name || session.login;
    case 'moderator':
      return session.nom || session.user_name || session.login;
    case 'guest':
      return join(session.prenom, session.nom) || session.user_name || session.login;
    case 'restaurant':
      return session.nom || session.user_name || session.franchise_name || session.login;
    case 'superadmin':
      return session.user_name || 'Super-admin';
    default:
      return session.user_name || session.login;
  }
}

export const roleLabels: Record<Role, string> = {
  admin: 'Franchiseur',
  moderator: 'Modérateur',
  guest: 'Invité',
  restaurant: 'Restaurant',
  superadmin: 'Super-admin',
};

/** Where a freshly signed-in user lands. */
export function homePath(session: Session | null): string {
  if (!session) return '/auth/login';
  return isSuperAdmin(session) ? '/superadmin/franchises' : '/RealtimeDashboard';
}
