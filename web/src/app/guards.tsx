import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, matchPath, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { LoadingPanel } from '../components/LoadingPanel';
import { suspensionQuery, tokenSessionQuery } from '../features/auth/queries';
import { routes, type AppRoute } from './routeTable';
import { onServerEvent } from './serverEvents';
import { homePath, isSuperAdmin, sessionStore, useSession, type Session } from './session';

export const LOGIN_PATH = '/auth/login';
export const NOT_FOUND_PATH = '/auth/404';
export const ACCESS_DENIED_PATH = '/accessDenied';

/** Where the sign-in page should send the user back to. */
export interface FromState {
  from?: string;
}

function ToLogin() {
  const location = useLocation();
  const from = location.pathname + location.search;
  return <Navigate to={LOGIN_PATH} replace state={from !== '/' ? ({ from } satisfies FromState) : undefined} />;
}

/** The suspension check applies to signed-in franchise users, not to super-admins in any form. */
export function needsSuspensionCheck(session: Session | null): session is Session {
  return session !== null && !session.superAdminLogin && session.roles !== 'superadmin';
}

/**
 * Runs the blocked-franchise check on every route change (spec 2nd §4): blocked → /accessDenied;
 * a 403 (the login no longer exists or is disabled) signs out; other failures are only logged.
 */
export function SuspensionWatcher() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [tick, setTick] = useState(0);

  // A franchise blocked or unblocked while its users are on a page: check again at once.
  useEffect(() => onServerEvent((type) => type.startsWith('franchise.') && setTick((t) => t + 1)), []);

  useEffect(() => {
    if (!needsSuspensionCheck(session)) return;
    let cancelled = false;
    client
      .fetchQuery(suspensionQuery(session))
      .then((status) => {
        if (!cancelled && status.isBlocked && location.pathname !== ACCESS_DENIED_PATH) {
          void navigate(ACCESS_DENIED_PATH, { replace: true });
        }
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 403) {
          sessionStore.signOut();
          return;
        }
        console.error('Vérification de suspension impossible', error);
      });
    return () => {
      cancelled = true;
    };
    // Keyed on the path on purpose: one check per route change (and per franchise event).
  }, [location.pathname, session?.accessToken, tick]);

  return null;
}

/** A blocked franchise sees nothing but the access-denied page, even before the next check answers. */
function useKnownBlocked(session: Session | null): boolean {
  const { data } = useQuery({ ...suspensionQuery(session), enabled: false });
  return needsSuspensionCheck(session) && data?.isBlocked === true;
}

/**
 * Signs in with a `token` query parameter once the server has confirmed the token (DECISIONS:
 * "verified, not merely present"). Renders `fallback` when the token is missing or refused.
 */
function TokenSignIn({ token, fallback, children }: { token: string; fallback: ReactNode; children: ReactNode }) {
  const session = useSession();
  const alreadyIn = session?.accessToken === token;
  const check = useQuery({ ...tokenSessionQuery(token), enabled: !alreadyIn });

  useEffect(() => {
    if (!alreadyIn && check.data) sessionStore.set(check.data);
  }, [alreadyIn, check.data]);

  if (alreadyIn) return <>{children}</>;
  if (check.isError) return <>{fallback}</>;
  return <LoadingPanel minHeight="60vh" />;
}

/** After signing in: back where the sign-in page was sent from, else the session's home. */
function returnPath(session: Session, state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (!from || from.startsWith('/auth/') || isSuperAdmin(session)) return homePath(session);
  const pathname = from.split('?')[0] ?? from;
  const target = routes.find((r) => matchPath(r.path, pathname));
  if (target?.guard === 'superadmin' || target?.screen === 'accessDenied') return homePath(session);
  return from;
}

/** Applies a route's guard kind (routeTable.ts) before rendering its screen. */
export function Guard({ route, children }: { route: AppRoute; children: ReactNode }) {
  const session = useSession();
  const [params] = useSearchParams();
  const location = useLocation();
  const token = params.get('token');
  const blocked = useKnownBlocked(session);
  const unknown = session ? <Navigate to={NOT_FOUND_PATH} replace /> : <ToLogin />;

  switch (route.guard) {
    case 'public':
      return <>{children}</>;
    case 'signedOut':
      return session ? <Navigate to={returnPath(session, location.state)} replace /> : <>{children}</>;
    case 'superadmin':
      if (!session) return <ToLogin />;
      if (isSuperAdmin(session)) return <>{children}</>;
      // A super-admin who just opened a franchise as its admin goes to that franchise's dashboard.
      return <Navigate to={session.superAdminLogin ? homePath(session) : NOT_FOUND_PATH} replace />;
    case 'token':
      if (!token) return unknown;
      return (
        <TokenSignIn token={token} fallback={unknown}>
          <SignedIn route={route} blocked={blocked}>
            {children}
          </SignedIn>
        </TokenSignIn>
      );
    case 'moderatorToken':
      if (session && session.roles !== 'moderator') {
        return (
          <SignedIn route={route} blocked={blocked}>
            {children}
          </SignedIn>
        );
      }
      if (!token) return unknown;
      return (
        <TokenSignIn token={token} fallback={unknown}>
          <SignedIn route={route} blocked={blocked}>
            {children}
          </SignedIn>
        </TokenSignIn>
      );
    case 'auth':
      if (token && route.path === '/RealtimeDashboard') {
        // The dashboard's alternate path: embedded in a till or an app that signs in with a token.
        return (
          <TokenSignIn token={token} fallback={session ? <SignedIn route={route} blocked={blocked}>{children}</SignedIn> : <ToLogin />}>
            <SignedIn route={route} blocked={blocked}>
              {children}
            </SignedIn>
          </TokenSignIn>
        );
      }
      return (
        <SignedIn route={route} blocked={blocked}>
          {children}
        </SignedIn>
      );
  }
}

function SignedIn({ route, blocked, children }: { route: AppRoute; blocked: boolean; children: ReactNode }) {
  const session = useSession();
  if (!session) return <ToLogin />;
  if (route.screen === 'accessDenied' || route.screen === 'notFound') return <>{children}</>;
  if (isSuperAdmin(session)) return <Navigate to={homePath(session)} replace />;
  if (blocked) return <Navigate to={ACCESS_DENIED_PATH} replace />;
  return <>{children}</>;
}

/** `/`: the dashboard when signed in (the franchise list for a super-admin), else the sign-in page. */
export function RootRedirect() {
  const session = useSession();
  return <Navigate to={homePath(session)} replace />;
}

/** Any unknown path: /auth/404 when signed in, else the sign-in page. */
export function UnknownRoute() {
  const session = useSession();
  return session ? <Navigate to={NOT_FOUND_PATH} replace /> : <ToLogin />;
}
