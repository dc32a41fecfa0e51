import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { AppProviders } from './App';
import { createQueryClient } from './queryClient';
import { rememberKey, resolveChoice, useRestaurantSelection } from './RestaurantSelection';
import { sessionStore } from './session';
import { RestaurantFilter } from '../features/restaurants/RestaurantFilter';
import { renderApp, signIn } from '../test/render';
import { restaurant, restaurants, user } from '../test/fixtures';
import { server } from '../test/server';
import { counts, row } from '../features/orders/fixtures';

beforeAll(() => configure({ asyncUtilTimeout: 15_000 }));
afterAll(() => configure({ asyncUtilTimeout: 5000 }));

beforeEach(() => {
  server.use(http.get('*/api/v1/franchise', () => HttpResponse.json({ currency: 'EUR' })));
});

function Probe() {
  const { restaurant: chosen } = useRestaurantSelection();
  return <output data-testid="chosen">{String(chosen)}</output>;
}

/** The shared restaurant filter and what it resolves to, for `session`. */
function renderFilter(session: ReturnType<typeof user>) {
  signIn(session);
  const client = createQueryClient();
  return render(
    <AppProviders client={client}>
      <MemoryRouter>
        <RestaurantFilter />
        <Probe />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('restaurant choice', () => {
  it('keeps a pick only while it is still allowed; a single restaurant is chosen for the user', () => {
    const list = [{ id: 1 }, { id: 2 }];
    expect(resolveChoice(2, list, 'admin')).toBe(2);
    expect(resolveChoice(9, list, 'admin')).toBeNull();
    expect(resolveChoice(0, list, 'admin')).toBe(0);
    expect(resolveChoice(0, list, 'guest')).toBeNull();
    expect(resolveChoice(null, [{ id: 5 }], 'guest')).toBe(5);
    expect(resolveChoice(9, [{ id: 5 }], 'admin')).toBe(5);
    expect(resolveChoice(3, undefined, 'admin')).toBe(3);
  });

  it('opens Mes Commandes on the only restaurant a user sees', async () => {
    server.use(
      http.get('*/api/v1/restaurants', () => HttpResponse.json({ items: [restaurant(3, 'Pizza Vieux-Port', 'Marseille')], total: 1 })),
      http.get('*/api/v1/reports/counts', () => HttpResponse.json(counts)),
      http.get('*/api/v1/orders', ({ request }) => {
        expect(new URL(request.url).searchParams.get('restaurantId')).toBe('3');
        return HttpResponse.json({ items: [row(11, 'paid')], total: 1 });
      }),
    );
    renderApp('/brigade/mescommandes', user('guest'));
    expect(await screen.findByRole('table', { name: 'Liste Commandes - Caisse & Borne' })).toBeTruthy();
    expect(screen.queryByText('Veuillez Choisir un restaurant.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Pizza Vieux-Port' })).toBeTruthy();
  });

  it('still says « Veuillez Choisir un restaurant. » to a user with several restaurants and no choice yet', async () => {
    server.use(http.get('*/api/v1/reports/counts', () => HttpResponse.json(counts)));
    renderApp('/brigade/mescommandes', user('admin'));
    expect(await screen.findByText('Veuillez Choisir un restaurant.')).toBeTruthy();
  });

  it('remembers the last choice per user across sign-ins', async () => {
    const admin = user('admin');
    const first = renderFilter(admin);
    await userEvent.click(await screen.findByRole('button', { name: 'Selectionner Restaurant (4)' }));
    await userEvent.click(await screen.findByRole('button', { name: /Burger Confluence/ }));
    expect(screen.getByTestId('chosen').textContent).toBe('2');
    expect(window.localStorage.getItem(rememberKey(admin))).toBe('2');
    act(() => sessionStore.signOut());
    first.unmount();

    // The same user signs in again: the choice is back.
    const again = renderFilter(admin);
    expect(await screen.findByRole('button', { name: 'Burger Confluence' })).toBeTruthy();
    expect(screen.getByTestId('chosen').textContent).toBe('2');
    act(() => sessionStore.signOut());
    again.unmount();

    // Another user of the browser does not inherit it.
    renderFilter(user('admin', { id: 8, login: 'other' }));
    expect(await screen.findByRole('button', { name: 'Selectionner Restaurant (4)' })).toBeTruthy();
    expect(screen.getByTestId('chosen').textContent).toBe('null');
  });

  it('forgets a remembered restaurant the user may no longer see', async () => {
    const guest = user('guest');
    window.localStorage.setItem(rememberKey(guest), '4');
    server.use(http.get('*/api/v1/restaurants', () => HttpResponse.json({ items: restaurants.slice(0, 2), total: 2 })));
    renderFilter(guest);
    expect(await screen.findByRole('button', { name: 'Selectionner Restaurant (2)' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('chosen').textContent).toBe('null'));
  });
});
