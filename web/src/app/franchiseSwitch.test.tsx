import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../test/render';
import { user } from '../test/fixtures';
import { server } from '../test/server';
import { sessionStore } from './session';

const franchises = [
  { id: 1, name: 'Brigade Burgers' },
  { id: 2, name: 'Le Comptoir Voisin' },
];

describe('franchise switcher in the account menu', () => {
  it('switches a restaurant login to another of its franchises: new session, empty cache, home page', async () => {
    let sent: unknown = null;
    server.use(
      http.post('*/api/v1/auth/switch', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          user('restaurant', { fk_franchise: 2, franchise_name: 'Le Comptoir Voisin', accessToken: 'token-comptoir', franchises }),
        );
      }),
    );
    const { client } = renderApp('/brigade/mescommandes', user('restaurant', { franchises }));
    client.setQueryData(['from-the-first-franchise'], 'secret');

    await userEvent.click(await screen.findByRole('button', { name: 'Menu utilisateur' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Changer de franchise')).toBeTruthy();
    const current = within(menu).getByRole('menuitemradio', { name: 'Brigade Burgers' });
    expect(current.getAttribute('aria-checked')).toBe('true');
    const other = within(menu).getByRole('menuitemradio', { name: 'Le Comptoir Voisin' });
    expect(other.getAttribute('aria-checked')).toBe('false');

    await userEvent.click(other);
    await waitFor(() => expect(sessionStore.get()?.accessToken).toBe('token-comptoir'));
    expect(sent).toEqual({ franchiseId: 2 });
    expect(sessionStore.get()?.fk_franchise).toBe(2);
    expect(client.getQueryData(['from-the-first-franchise'])).toBeUndefined();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/RealtimeDashboard'));
    expect(await screen.findByText('Restaurant · Le Comptoir Voisin')).toBeTruthy();
  });

  it('says the refusal in French and keeps the session when the switch is refused', async () => {
    server.use(
      http.post('*/api/v1/auth/switch', () =>
        HttpResponse.json({ status: 404, title: 'Introuvable', detail: 'La ressource demandée est introuvable.' }, { status: 404 }),
      ),
    );
    renderApp('/brigade/mescommandes', user('restaurant', { franchises }));
    await userEvent.click(await screen.findByRole('button', { name: 'Menu utilisateur' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Le Comptoir Voisin' }));
    expect(await screen.findByText('La ressource demandée est introuvable.')).toBeTruthy();
    expect(sessionStore.get()?.accessToken).toBe('token-restaurant');
  });

  it('shows no switcher for a login of a single franchise', async () => {
    renderApp('/brigade/mescommandes', user('restaurant', { franchises: [franchises[0]!] }));
    await userEvent.click(await screen.findByRole('button', { name: 'Menu utilisateur' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByText('Changer de franchise')).toBeNull();
    expect(within(menu).queryByRole('menuitemradio')).toBeNull();
  });
});
