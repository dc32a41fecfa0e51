import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { signIn } from '../test/render';
import { user } from '../test/fixtures';
import { sessionStore } from '../app/session';
import { ApiError, api, unwrap } from './client';

const problem = (status: number, detail: string, errors?: unknown[]) =>
  HttpResponse.json(
    { status, title: 'Erreur', detail, errors },
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  );

describe('API client', () => {
  it('sends the session token as a bearer token', async () => {
    signIn(user('admin', { accessToken: 'abc' }));
    let seen: string | null = null;
    server.use(
      http.get('*/api/v1/restaurants', ({ request }) => {
        seen = request.headers.get('Authorization');
        return HttpResponse.json({ items: [], total: 0 });
      }),
    );
    await unwrap(api.GET('/api/v1/restaurants'));
    expect(seen).toBe('Bearer abc');
  });

  it('turns problem+json into an ApiError with the French detail and field errors', async () => {
    server.use(
      http.post('*/api/v1/auth/signup', () =>
        problem(422, 'Cet identifiant est déjà utilisé.', [{ location: 'body.login', message: 'déjà utilisé', value: 'x' }]),
      ),
    );
    const error = await unwrap(
      api.POST('/api/v1/auth/signup', { body: { login: 'x', email: 'x@y.fr', password: '12345678', franchiseName: 'X' } }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const e = error as ApiError;
    expect(e.status).toBe(422);
    expect(e.detail).toBe('Cet identifiant est déjà utilisé.');
    expect(e.errors[0]?.location).toBe('body.login');
  });

  it('signs out on a 401 of an authenticated call, not on a failed sign-in', async () => {
    server.use(
      http.post('*/api/v1/auth/signin', () => problem(401, 'Identifiant ou mot de passe incorrect.')),
      http.get('*/api/v1/restaurants', () => problem(401, 'Session expirée.')),
    );
    signIn(user('admin'));
    await unwrap(api.POST('/api/v1/auth/signin', { body: { login: 'a', password: 'b' } })).catch(() => undefined);
    expect(sessionStore.get()).not.toBeNull();
    await unwrap(api.GET('/api/v1/restaurants')).catch(() => undefined);
    expect(sessionStore.get()).toBeNull();
  });

  it('reports an unreachable server in French', async () => {
    server.use(http.get('*/api/v1/restaurants', () => HttpResponse.error()));
    const error = await unwrap(api.GET('/api/v1/restaurants')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
  });
});
