import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../test/render';
import { user } from '../test/fixtures';
import { apiState, server } from '../test/server';
import { sessionStore } from './session';
import { firstPlaceholder } from './placeholders';

const location = () => screen.getByTestId('location').textContent;

async function expectLocation(path: string) {
  await waitFor(() => expect(location()).toBe(path));
}

describe('route guards', () => {
  it('sends / to the dashboard when signed in, and to the sign-in page when signed out', async () => {
    const { unmount } = renderApp('/', user('admin'));
    await expectLocation('/RealtimeDashboard');
    unmount();
    renderApp('/', null);
    await expectLocation('/auth/login');
  });

  it('sends an unknown path to /auth/404 when signed in', async () => {
    renderApp('/nope/nowhere', user('admin'));
    await expectLocation('/auth/404');
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeTruthy();
  });

  it('sends an unknown path to the sign-in page when signed out', async () => {
    renderApp('/nope/nowhere', null);
    await expectLocation('/auth/login');
  });

  it('asks for a login on every route except /auth/* and the kiosk settings', async () => {
    const { unmount } = renderApp('/brigade/mescommandes', null);
    await expectLocation('/auth/login');
    unmount();
    renderApp('/brigade/configborne', null);
    await expectLocation('/brigade/configborne');
    expect(await screen.findByRole('heading', { name: 'Paramètres Borne' })).toBeTruthy();
  });

  it('sends a signed-in user away from the sign-in pages to the dashboard', async () => {
    const { unmount } = renderApp('/auth/login', user('admin'));
    await expectLocation('/RealtimeDashboard');
    unmount();
    renderApp('/auth/resetPassword/1&abc', user('guest'));
    await expectLocation('/RealtimeDashboard');
  });

  it('renders a screen that is not built yet as a placeholder naming it', async () => {
    // The first route still without a screen: the test follows the screens as they are built.
    const soon = firstPlaceholder();
    renderApp(soon.path, user('admin'));
    expect(await screen.findByRole('heading', { level: 1, name: soon.title })).toBeTruthy();
    expect(screen.getByText(`Cet écran arrive bientôt : ${soon.title}.`)).toBeTruthy();
  });

  it('redirects /accessDenied to / when the franchise is not blocked', async () => {
    renderApp('/accessDenied', user('admin'));
    await expectLocation('/RealtimeDashboard');
  });

  it('redirects /accessDenied to the sign-in page when signed out', async () => {
    renderApp('/accessDenied', null);
    await expectLocation('/auth/login');
  });

  it('sends a blocked franchise to /accessDenied on a route change, and back to sign-in from there', async () => {
    apiState.blocked = true;
    renderApp('/brigade/mescommandes', user('admin'));
    await expectLocation('/accessDenied');
    expect(await screen.findByText('Maintenance Impayee')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Acces aux Statistiques Restreint' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contactez Nous' }).getAttribute('href')).toMatch(/^mailto:/);
    await userEvent.click(screen.getByRole('button', { name: 'Revenir a la page de connexion' }));
    await expectLocation('/auth/login');
    expect(sessionStore.get()).toBeNull();
  });

  it('never runs the suspension check for a super-admin session', async () => {
    apiState.blocked = true;
    renderApp('/brigade/mescommandes', user('admin', { superAdminLogin: true }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes Commandes' })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(location()).toBe('/brigade/mescommandes');
  });

  it('signs out when the suspension check answers 403', async () => {
    apiState.suspensionStatus = 403;
    renderApp('/brigade/mescommandes', user('admin'));
    await expectLocation('/auth/login');
    expect(sessionStore.get()).toBeNull();
  });

  it('only logs other suspension-check failures', async () => {
    apiState.suspensionStatus = 500;
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      renderApp('/brigade/mescommandes', user('admin'));
      await waitFor(() => expect(errors.length).toBeGreaterThan(0));
      expect(location()).toBe('/brigade/mescommandes');
      expect(sessionStore.get()).not.toBeNull();
    } finally {
      console.error = original;
    }
  });

  it('treats /etablissements/lists as unknown for a moderator without a token', async () => {
    renderApp('/etablissements/lists', user('moderator'));
    await expectLocation('/auth/404');
  });

  it('opens /etablissements/lists to other roles', async () => {
    renderApp('/etablissements/lists', user('admin'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes Établissements' })).toBeTruthy();
  });

  it('signs a moderator in with a verified token on /etablissements/lists', async () => {
    server.use(
      http.get('*/api/v1/auth/me', ({ request }) => {
        if (request.headers.get('Authorization') !== 'Bearer good-token') {
          return HttpResponse.json({ status: 401, detail: 'Jeton invalide.' }, { status: 401 });
        }
        return HttpResponse.json({
          id: 42,
          login: 'demo-moderateur',
          role: 'moderator',
          userType: 'MonoRestau',
          displayName: 'Burger Bastille',
          isBlocked: false,
          superAdminLogin: false,
          fk_franchise: 1,
          franchise_name: 'Brigade Burgers',
          logo: '',
          countryFranchiseInfo: {
            name: 'France',
            code: 'FR',
            timeZone: 'Europe/Paris',
            GMTOfsset: '+01:00',
            currencyInfo: { code: 'EUR', symbol: '€' },
            languages: [],
          },
          franchisesInfo: [],
          nom: 'Burger Bastille',
          prenom: '',
          email: 'm@brigade.fr',
          siret: '1',
          current_licence: 'L',
          ville: 'Paris',
          adresse: '1 rue',
          restaurantIds: [1],
        });
      }),
    );
    const { unmount } = renderApp('/etablissements/lists?token=bad-token', null);
    await expectLocation('/auth/login');
    unmount();
    renderApp('/etablissements/lists?token=good-token', null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes Établissements' })).toBeTruthy();
    expect(sessionStore.get()?.roles).toBe('moderator');
    expect(sessionStore.get()?.id).toBe(42);
  });

  it('requires a token on /informationVentulateur', async () => {
    renderApp('/informationVentulateur', user('admin'));
    await expectLocation('/auth/404');
  });

  it('keeps a super-admin on the franchise list', async () => {
    server.use(http.get('*/api/v1/admin/franchises', () => HttpResponse.json({ items: [], total: 0 })));
    const { unmount } = renderApp('/', user('superadmin'));
    await expectLocation('/superadmin/franchises');
    unmount();
    renderApp('/brigade/mescommandes', user('superadmin'));
    await expectLocation('/superadmin/franchises');
  });

  it('hides the super-admin pages from franchise users', async () => {
    renderApp('/superadmin/franchises', user('admin'));
    await expectLocation('/auth/404');
  });
});
