import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { renderWithProviders, signIn } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import { NO_ELEMENT_TEXT, SELECT_ALL_LABEL, SELECT_CARTE_TEXT, TRASH_TABS, TrashPage } from './pages/TrashPage';
import type { Campaign, CarteTrash } from './types';

const campaign: Campaign = {
  id: 1,
  franchiseId: 1,
  nom: 'Carte principale',
  url: 'Carte principale.json',
  isPrincipal: true,
  dateDebut: '',
  dateFin: '',
  isPeriodic: false,
  campagneDates: [],
  removed: false,
  version: 4,
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
  updatedBy: 'Brigade Burger',
};

function trash(patch: Partial<CarteTrash> = {}): CarteTrash {
  return {
    version: 4,
    categories: [{ idGlobal: 'cat-9', name: 'Desserts', categoryName: '', path: '', removed_by_admin: true }],
    products: [
      { idGlobal: 'p-1', name: 'Burger', categoryName: 'Burgers', path: '', removed_by_admin: true },
      { idGlobal: 'p-2', name: 'Frites', categoryName: 'Accompagnements', path: '', removed_by_admin: true },
    ],
    optionGroups: [],
    options: [],
    ingredients: [],
    menuFamilies: [],
    optionFamilies: [],
    promotions: [],
    ...patch,
  };
}

const slow = { timeout: 5000 };

async function openTrash(answer: CarteTrash = trash()) {
  signIn(user('admin'));
  server.use(
    http.get('*/api/v1/campaigns', () => HttpResponse.json({ items: [campaign], total: 1 })),
    http.get('*/api/v1/campaigns/1/trash', () => HttpResponse.json(answer)),
    http.get('*/api/v1/campaigns/1/trash/linked', () =>
      HttpResponse.json({ items: [{ idGlobal: 'p-7', name: 'Tiramisu', removed: true }, { idGlobal: 'p-8', name: 'Cookie', removed: false }] }),
    ),
  );
  renderWithProviders(<TrashPage />);
  expect(screen.getByText(SELECT_CARTE_TEXT)).toBeTruthy();
  await userEvent.click(await screen.findByRole('combobox', { name: 'Mes Cartes' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Carte principale' }));
  await screen.findByRole('tab', { name: 'Categories' }, slow);
}

describe('Corbeille', () => {
  it("asks for a carte, then shows the spec's eight tabs", async () => {
    await openTrash();
    expect(screen.getAllByRole('tab').map((t) => t.textContent?.replace(/\d+$/, ''))).toEqual(TRASH_TABS.map((t) => t.label));
    expect(TRASH_TABS.map((t) => t.label)).toEqual([
      'Categories',
      'Produits',
      "Categories d'options",
      'Options',
      'Ingredients',
      'Familles',
      'Familles options',
      'Promotions',
    ]);
    expect(screen.queryByText(SELECT_CARTE_TEXT)).toBeNull();
  });

  it('says no element is available on an empty tab, without select-all or restore', async () => {
    await openTrash();
    await userEvent.click(screen.getByRole('tab', { name: 'Options' }));
    expect(await screen.findByText(NO_ELEMENT_TEXT)).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: SELECT_ALL_LABEL })).toBeNull();
    expect(screen.queryByRole('button', { name: /Restaurer/ })).toBeNull();
  });

  it("shows a category's linked products with their badges", async () => {
    await openTrash();
    await userEvent.click(await screen.findByText('Desserts'));
    const linked = await screen.findByRole('list', { name: 'Produits lies à Desserts' });
    expect(within(linked).getByText('Tiramisu')).toBeTruthy();
    expect(within(linked).getByText('Supprime')).toBeTruthy();
    expect(within(linked).getByText('Non supprime')).toBeTruthy();
  });

  it("'Selectionner tous', Confirmer disabled while running, the success toast and a reset selection", async () => {
    let sent: unknown = null;
    let ifMatch: string | null = null;
    await openTrash();
    server.use(
      http.post('*/api/v1/campaigns/1/trash/restore', async ({ request }) => {
        sent = await request.json();
        ifMatch = request.headers.get('If-Match');
        await delay(300);
        return HttpResponse.json({ count: 2, campaign: { ...campaign, version: 5 } });
      }),
      http.get('*/api/v1/campaigns/1/trash', () => HttpResponse.json(trash({ products: [] }))),
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Produits' }));
    expect(screen.queryByRole('button', { name: /Restaurer \(/ })).toBeNull();
    await userEvent.click(await screen.findByRole('switch', { name: SELECT_ALL_LABEL }));
    await userEvent.click(screen.getByRole('button', { name: 'Restaurer (2)' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Confirmer' });
    await userEvent.click(confirm);
    await waitFor(() => expect((within(dialog).getByRole('button', { name: /Confirmer/ }) as HTMLButtonElement).disabled).toBe(true));

    expect(await screen.findByText('Vous avez restaure 2 element(s) avec succes !', {}, slow)).toBeTruthy();
    expect(sent).toEqual({ kind: 'products', ids: ['p-1', 'p-2'] });
    expect(ifMatch).toBe('"4"');
    expect(await screen.findByText(NO_ELEMENT_TEXT)).toBeTruthy();
  });

  it('says the permanent delete is irreversible, and shows the failure text with the tab label', async () => {
    await openTrash();
    server.use(
      http.post('*/api/v1/campaigns/1/trash/delete', () =>
        HttpResponse.json({ status: 500, title: 'Erreur', detail: 'boom' }, { status: 500, headers: { 'Content-Type': 'application/problem+json' } }),
      ),
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Produits' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Sélectionner Burger' }));
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer définitivement' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/irréversible/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    expect(
      await screen.findByText('Une erreur est survenue lors de la suppression des Produits. Veuillez reessayer ulterieurement.', {}, slow),
    ).toBeTruthy();
  });

  it('shows a loading failure on the page', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signIn(user('admin'));
    server.use(
      http.get('*/api/v1/campaigns', () => HttpResponse.json({ items: [campaign], total: 1 })),
      http.get('*/api/v1/campaigns/1/trash', () =>
        HttpResponse.json({ status: 500, title: 'Erreur', detail: 'boom' }, { status: 500, headers: { 'Content-Type': 'application/problem+json' } }),
      ),
    );
    renderWithProviders(<TrashPage />);
    await userEvent.click(await screen.findByRole('combobox', { name: 'Mes Cartes' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Carte principale' }));
    expect(await screen.findByRole('alert', {}, slow)).toBeTruthy();
    expect(logged).toHaveBeenCalled();
  });
});
