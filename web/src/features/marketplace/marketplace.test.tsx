import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import type { Marketplace, MarketplaceModule, MarketplaceRestaurant } from './types';

const tills = [
  { id: 11, name: 'Caisse 1', user_keen_id: 'K-1' },
  { id: 12, name: 'Caisse 2', user_keen_id: 'K-2' },
];

function mod(kind: MarketplaceModule['kind'], patch: Partial<MarketplaceModule> = {}): MarketplaceModule {
  const base: Record<MarketplaceModule['kind'], Pick<MarketplaceModule, 'module_name' | 'category' | 'platform'>> = {
    uber_eats: { module_name: 'Uber Eats', category: 'Commandes', platform: true },
    deliveroo: { module_name: 'Deliveroo', category: 'Commandes', platform: true },
    connector: { module_name: 'Connecteur', category: 'Other', platform: false },
    connector_light: { module_name: 'Connecteur Light', category: 'Other', platform: false },
    click_and_collect: { module_name: 'Click & Collect', category: 'Commandes', platform: false },
  };
  return {
    id_module: kind.length,
    kind,
    ...base[kind],
    image: kind,
    description: `Description ${kind}`,
    status: false,
    selected_pos: [],
    settings: {},
    configured: false,
    version: 1,
    updated_at: '2026-11-21T10:00:00Z',
    ...patch,
  };
}

function restaurant(modules: MarketplaceModule[], patch: Partial<MarketplaceRestaurant> = {}): MarketplaceRestaurant {
  return { id: 1, nom: 'Burger Bastille', pseudo: 'bastille', siret: '12345678900001', modules, tills, ...patch };
}

const defaults = () => [mod('uber_eats'), mod('deliveroo'), mod('connector'), mod('connector_light')];

const problem = (status: number, detail: string, errors: { message: string; location: string }[] = []) =>
  HttpResponse.json({ status, title: 'Erreur', detail, errors }, { status, headers: { 'Content-Type': 'application/problem+json' } });

/** Serves the marketplace; returns the calls the page made. */
function serve(answer: Marketplace) {
  const calls = { lists: [] as string[], status: [] as unknown[], settings: [] as unknown[] };
  server.use(
    http.get('*/api/v1/marketplace', ({ request }) => {
      calls.lists.push(new URL(request.url).searchParams.get('restaurantId') ?? '');
      return HttpResponse.json(answer);
    }),
    http.put('*/api/v1/restaurants/:rid/marketplace/:module/status', async ({ request, params }) => {
      const body = (await request.json()) as { status: boolean };
      calls.status.push({ module: params.module, ...body });
      return HttpResponse.json(mod(params.module as MarketplaceModule['kind'], { status: body.status, configured: true }));
    }),
    http.put('*/api/v1/restaurants/:rid/marketplace/:module/settings', async ({ request, params }) => {
      const body = await request.json();
      calls.settings.push({ module: params.module, ...(body as object) });
      return HttpResponse.json(mod(params.module as MarketplaceModule['kind'], { status: true, configured: true }));
    }),
  );
  return calls;
}

function chooseRestaurant(id: number) {
  window.sessionStorage.setItem('brigade.restaurant', JSON.stringify(id));
}

beforeAll(() => configure({ asyncUtilTimeout: 15_000 }));
afterAll(() => configure({ asyncUtilTimeout: 5000 }));
beforeEach(() => {
  window.sessionStorage.clear();
  // The restaurant choice reads the franchise (its currency) too.
  server.use(http.get('*/api/v1/franchise', () => HttpResponse.json({ currency: 'EUR' })));
});

describe('Marketplace', () => {
  it('asks for a restaurant first', async () => {
    const calls = serve({ restaurants: [] });
    renderApp('/marketplace', user('admin'));
    expect(await screen.findByText('Veuillez selectionner un restaurant')).toBeTruthy();
    expect(calls.lists).toEqual([]);
  });

  it("shows a restaurant's modules as cards, the unconfigured ones to configure", async () => {
    chooseRestaurant(1);
    const calls = serve({ restaurants: [restaurant(defaults())] });
    renderApp('/marketplace', user('admin'));
    const uber = await screen.findByRole('article', { name: 'Uber Eats' });
    expect(within(uber).getByText('Commandes')).toBeTruthy();
    expect(within(uber).getByText('Description uber_eats')).toBeTruthy();
    expect(within(uber).getByRole('img', { name: 'Logo Uber Eats' })).toBeTruthy();
    expect(within(uber).getByText('À configurer')).toBeTruthy();
    expect(within(uber).getByRole('button', { name: 'Paramètres Uber Eats' })).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Connecteur' })).getByText('Other')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(4);
    expect(screen.getByText('Veuillez configurer un module')).toBeTruthy();
    expect(calls.lists).toContain('1');
  });

  it('switches a configured module on and off', async () => {
    chooseRestaurant(1);
    const calls = serve({
      restaurants: [
        restaurant([mod('uber_eats', { status: true, configured: true, selected_pos: [tills[0]], settings: { store_id: 'S-1' } }), mod('connector', { configured: true, settings: { location_id: 'L' } })]),
      ],
    });
    renderApp('/marketplace', user('admin'));
    const uber = await screen.findByRole('article', { name: 'Uber Eats' });
    expect(within(uber).getByText('Caisse 1')).toBeTruthy();
    expect(screen.queryByText('Veuillez configurer un module')).toBeNull();
    await userEvent.click(within(screen.getByRole('article', { name: 'Connecteur' })).getByRole('switch', { name: 'Activer Connecteur' }));
    await waitFor(() => expect(calls.status).toEqual([{ module: 'connector', status: true, version: 1 }]));
    expect(await screen.findByText('Le module Connecteur est activé.')).toBeTruthy();
  });

  it('requires the Store ID, offers only unassigned tills, and saving switches the platform on', async () => {
    chooseRestaurant(1);
    const calls = serve({ restaurants: [restaurant([mod('uber_eats', { selected_pos: [tills[0]], settings: { uber_rate: 2.5 } }), mod('deliveroo')])] });
    renderApp('/marketplace', user('admin'));
    await userEvent.click(await screen.findByRole('button', { name: 'Paramètres Uber Eats' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(/Uber rate/) as HTMLInputElement).value).toBe('2,5');
    // Caisse 1 already runs Uber Eats: not offered again.
    expect(within(dialog).queryByRole('checkbox', { name: 'Caisse 1' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Caisse 2' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer et activer' }));
    expect(await within(dialog).findByText('Le Store ID est obligatoire.')).toBeTruthy();
    expect(within(dialog).getByLabelText(/Store ID/).getAttribute('aria-invalid')).toBe('true');
    expect(calls.settings).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText(/Store ID/), ' UBER-42 ');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Sonnerie à chaque nouvelle commande' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer et activer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.settings).toEqual([
      {
        module: 'uber_eats',
        settings: { store_id: 'UBER-42', uber_rate: 2.5, uber_developer: false, ring_new_command: true, product_search_by_name: false },
        selected_pos: [12],
        version: 1,
      },
    ]);
    expect(await screen.findByText('Le module Uber Eats est activé et enregistré.')).toBeTruthy();
  });

  it("puts the server's refusals on their field, and other failures in French", async () => {
    chooseRestaurant(1);
    serve({ restaurants: [restaurant(defaults())] });
    server.use(
      http.put('*/api/v1/restaurants/:rid/marketplace/deliveroo/settings', () =>
        problem(422, 'La caisse « Caisse 2 » est déjà assignée au module Deliveroo.', [
          { message: 'La caisse « Caisse 2 » est déjà assignée au module Deliveroo.', location: 'body.selected_pos[0]' },
        ]),
      ),
      http.put('*/api/v1/restaurants/:rid/marketplace/connector/settings', () =>
        problem(500, 'Une erreur est survenue. Veuillez réessayer ultérieurement.'),
      ),
    );
    renderApp('/marketplace', user('moderator'));
    await userEvent.click(await screen.findByRole('button', { name: 'Configurer Deliveroo' }));
    let dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer et activer' }));
    expect(await within(dialog).findByText('Le Location ID est obligatoire.')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText(/Location ID/), 'LOC-1');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Caisse 2' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer et activer' }));
    expect((await within(dialog).findAllByText('La caisse « Caisse 2 » est déjà assignée au module Deliveroo.')).length).toBeGreaterThan(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Paramètres Connecteur' }));
    dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Location ID/), 'LOC-2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Une erreur est survenue. Veuillez réessayer ultérieurement.');
  });

  it('shows every restaurant for admins, and only reads for restaurant logins', async () => {
    chooseRestaurant(0);
    const calls = serve({
      restaurants: [restaurant(defaults()), restaurant(defaults(), { id: 2, nom: 'Burger Confluence', siret: '12345678900002' })],
    });
    const view = renderApp('/marketplace', user('admin'));
    expect(await screen.findByRole('region', { name: 'Burger Confluence' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(8);
    expect(calls.lists).toContain('0');
    view.unmount();

    chooseRestaurant(2);
    serve({ restaurants: [restaurant([mod('connector', { configured: true, status: true, settings: { location_id: 'L' } })], { id: 2 })] });
    renderApp('/marketplace', user('restaurant'));
    const card = await screen.findByRole('article', { name: 'Connecteur' });
    expect(within(card).getByRole('switch', { name: 'Activer Connecteur' }).hasAttribute('disabled')).toBe(true);
    expect(within(card).queryByRole('button', { name: 'Paramètres Connecteur' })).toBeNull();
  });

  it('shows a loading failure with a way to retry', async () => {
    chooseRestaurant(1);
    server.use(http.get('*/api/v1/marketplace', () => problem(500, 'Une erreur est survenue.')));
    renderApp('/marketplace', user('admin'));
    expect(await screen.findByText("Une erreur s'est produite lors de la récupération des données. Veuillez réessayer plus tard.")).toBeTruthy();
  });
});
