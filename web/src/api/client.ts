import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema';
import type { ProblemDetails, ProblemFieldError } from './types';
import { sessionStore } from '../app/session';

/** A failed API call: the server's problem+json, with a French detail fit for users. */
export class ApiError extends Error {
  readonly status: number;
  readonly title: string;
  readonly detail: string;
  readonly errors: ProblemFieldError[];

  constructor(status: number, problem: Partial<ProblemDetails> | undefined, fallback?: string) {
    const detail = problem?.detail?.trim() || fallback || defaultDetail(status);
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.title = problem?.title ?? '';
    this.detail = detail;
    this.errors = problem?.errors ?? [];
  }
}

function defaultDetail(status: number): string {
  if (status === 0) return 'Le serveur est injoignable. Vérifiez votre connexion puis réessayez.';
  if (status === 401) return 'Votre session a expiré. Veuillez vous reconnecter.';
  if (status === 403) return "Vous n'avez pas accès à cette ressource.";
  if (status === 404) return "L'élément demandé est introuvable.";
  if (status === 409) return 'Cet élément a été modifié entre-temps. Rechargez la page puis réessayez.';
  if (status === 429) return 'Trop de tentatives. Veuillez patienter avant de réessayer.';
  return 'Une erreur est survenue';
}

function isProblem(value: unknown): value is Partial<ProblemDetails> {
  return typeof value === 'object' && value !== null && ('detail' in value || 'title' in value || 'status' in value);
}

/** Builds the ApiError for a non-2xx answer whose body openapi-fetch already parsed. */
export function toApiError(response: Response, body: unknown): ApiError {
  return new ApiError(response.status, isProblem(body) ? body : undefined);
}

/** The header that marks a call made with an explicit token (not the stored session). */
const EXPLICIT_TOKEN = 'X-Brigade-Explicit-Token';

/** Calls made without a session: they never carry one, and their 401 says nothing about it. */
const publicPaths: ReadonlySet<string> = new Set([
  '/api/v1/auth/signin',
  '/api/v1/auth/signinResto',
  '/api/v1/auth/signinGuest',
  '/api/v1/auth/signup',
  '/api/v1/auth/forgotPassword',
  '/api/v1/auth/resetPassword',
] satisfies (keyof paths)[]);

const authMiddleware: Middleware = {
  onRequest({ request, schemaPath }) {
    if (publicPaths.has(schemaPath)) return request;
    if (request.headers.has(EXPLICIT_TOKEN)) {
      request.headers.delete(EXPLICIT_TOKEN);
      return request;
    }
    const token = sessionStore.get()?.accessToken;
    if (token && !request.headers.has('Authorization')) {
      request.headers.set('Authorization', `Bearer ${token}`);
    }
    return request;
  },
  onResponse({ request, response }) {
    if (response.status !== 401) return undefined;
    // Only a call made with the current session's token proves the session is dead;
    // a failed sign-in or a stale call from a previous session must not sign anyone out.
    const sent = request.headers.get('Authorization');
    const current = sessionStore.get()?.accessToken;
    if (sent && current && sent === `Bearer ${current}`) {
      sessionStore.signOut();
    }
    return undefined;
  },
  onError({ error }) {
    if (error instanceof DOMException && error.name === 'AbortError') return error;
    return new ApiError(0, undefined);
  },
};

export const api = createClient<paths>({
  // Same origin as the SPA. An absolute base keeps Request() happy outside browsers (tests).
  baseUrl: typeof window === 'undefined' ? '' : window.location.origin,
  // Resolve fetch at call time so test interceptors installed later still apply.
  fetch: (request: Request) => globalThis.fetch(request),
});
api.use(authMiddleware);

/** Headers for a call authenticated by a token that is not (yet) the stored session. */
export function withToken(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}`, [EXPLICIT_TOKEN]: '1' };
}

type FetchResult<T> = { data?: T; error?: unknown; response: Response };

/** Unwraps an openapi-fetch result: the data, or an ApiError thrown for a non-2xx answer. */
export async function unwrap<T>(call: Promise<FetchResult<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw toApiError(response, error);
  return data as T;
}

/** Like unwrap, for calls answering 204 No Content. */
export async function unwrapEmpty(call: Promise<FetchResult<unknown>>): Promise<void> {
  const { error, response } = await call;
  if (!response.ok) throw toApiError(response, error);
}

/** The French message to show for any error thrown by a query or mutation. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.detail;
  return 'Une erreur est survenue';
}
