import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, signIn } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import { MesProduitsPage, READ_ONLY_NOTE } from './pages/MesProduitsPage';
import { MesCartesPage } from './pages/MesCartesPage';
import { HistoriquePage } from './pages/HistoriquePage';
import type { BulkBody, Campaign, Catalogue, CatalogueProduct, HistoryEntry } from './types';
import { setDate } from '../../test/dates';

function carte(id: number, nom: string, version: number): Campaign {
  return {
    id,
    franchiseId: 1,
    nom,
    url: `${nom}.json`,
    isPrincipal: id === 1,
    dateDebut: '',
    dateFin: '',
    isPeriodic: false,
    campagneDates: [],
    removed: false,
    version,
    createdAt: '2026-11-01T10:00:00Z',
    updatedAt: '2026-11-20T10:00:00Z',
    updatedBy: 'Brigade Burger',
  };
}

/** A price cell's button: its label, then the price as Intl writes it (a no-break space before €). */
const cell = (label: string, price: string) => new RegExp(`^${label} : ${price}\\s€$`);

const flags = { hidden: false, sold_out: false, hidden_borne: false, best_sale: true };

function product(campaignId: number, idGlobal: string, name: string, price: number): CatalogueProduct {
  return {
    campaignId,
    idGlobal,
    id: 1,
    name,
    idCat: 1,
    category: 'Burgers',
    categoryIdGlobal: 'cat-1',
    path: '',
    prices: [
      { tariff: 1, typeOrder: 1, price },
      { tariff: 1, typeOrder: 2, price },
    ],
    flags,
  };
}

const catalogue: Catalogue = {
  campaigns: [carte(1, 'Carte principale', 7), carte(2, 'Carte été', 3)],
  items: [product(1, 'p-1', 'Le Classique', 9.9), product(2, 'p-1', 'Le Classique', 11.4), product(2, 'p-2', 'Frites', 3.5)],
  flagNames: ['hidden', 'sold_out', 'hidden_borne', 'best_sale'],
};

const problem = (status: number, detail: string) =>
  HttpResponse.json({ status, title: 'Erreur', detail }, { status, headers: { 'Content-Type': 'application/problem+json' } });

/** What GET /products answers; a test replaces it to play the server after a save. */
let current: Catalogue = catalogue;

function serveCatalogue(onBulk?: (body: BulkBody) => Response | Promise<Response>) {
  const sent: BulkBody[] = [];
  current = catalogue;
  server.use(
    http.get('*/api/v1/products', () => HttpResponse.json(current)),
    http.post('*/api/v1/products/bulk', async ({ request }) => {
      const body = (await request.json()) as BulkBody;
      sent.push(body);
      return onBulk ? onBulk(body) : HttpResponse.json({ campaigns: [{ campaignId: 2, version: 4, changed: 1 }] });
    }),
  );
  return sent;
}

describe('Mes Produits', () => {
  it('saves an inline price with a one-cell bulk edit of the right carte and version', async () => {
    signIn(user('admin'));
    const sent = serveCatalogue(() => {
      const items = (catalogue.items ?? []).map((p) =>
        p.campaignId === 2 && p.idGlobal === 'p-1' ? { ...p, prices: (p.prices ?? []).map((e) => (e.typeOrder === 2 ? { ...e, price: 12.5 } : e)) } : p,
      );
      current = { ...catalogue, items };
      return HttpResponse.json({ campaigns: [{ campaignId: 2, version: 4, changed: 1 }] });
    });
    renderWithProviders(<MesProduitsPage />);
    await userEvent.click(await screen.findByRole('button', { name: cell('Prix A Emporter T1 : Le Classique', '11,40') }));
    const input = screen.getByRole('textbox', { name: 'Prix A Emporter T1 : Le Classique' });
    await userEvent.clear(input);
    await userEvent.type(input, '-1{Enter}');
    expect(await screen.findByText('Un prix ne peut pas être négatif.')).toBeTruthy();
    expect(sent).toEqual([]);

    await userEvent.clear(input);
    await userEvent.type(input, '12,5{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      targets: [{ campaignId: 2, version: 3, idGlobals: ['p-1'] }],
      price: { mode: 'set', value: '12,5', tariffs: [1], orderTypes: [2] },
    });
    expect(await screen.findByRole('button', { name: cell('Prix A Emporter T1 : Le Classique', '12,50') })).toBeTruthy();
  });

  it('cancels an inline edit with Escape and shows the server refusal in a toast', async () => {
    signIn(user('admin'));
    const sent = serveCatalogue(() => problem(422, "La valeur du prix -9.11 dans le tarif 1 pour Sur Place du produit Frites n'est pas valide"));
    renderWithProviders(<MesProduitsPage />);
    await userEvent.click(await screen.findByRole('button', { name: cell('Prix Sur Place T1 : Frites', '3,50') }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Prix Sur Place T1 : Frites' }), '{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Prix Sur Place T1 : Frites' })).toBeNull();
    expect(sent).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: cell('Prix Sur Place T1 : Frites', '3,50') }));
    const input = screen.getByRole('textbox', { name: 'Prix Sur Place T1 : Frites' });
    await userEvent.clear(input);
    await userEvent.type(input, '4{Enter}');
    expect(await screen.findByText("La valeur du prix -9.11 dans le tarif 1 pour Sur Place du produit Frites n'est pas valide")).toBeTruthy();
    // Nothing was saved: the cell shows the price it had.
    expect(await screen.findByRole('button', { name: cell('Prix Sur Place T1 : Frites', '3,50') })).toBeTruthy();
  });

  it('applies a percentage to the selection with one target per carte and previews the cents', async () => {
    signIn(user('admin'));
    const sent = serveCatalogue(() =>
      HttpResponse.json({ campaigns: [{ campaignId: 1, version: 8, changed: 1 }, { campaignId: 2, version: 4, changed: 2 }] }),
    );
    renderWithProviders(<MesProduitsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Selectionner tous' }));
    expect(screen.getByText('3 produit(s) sélectionné(s)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Modifier les prix' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Appliquer un pourcentage' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Variation (%)' }), '10');
    const preview = within(dialog).getByRole('table', { name: 'Aperçu avant → après' });
    expect(within(preview).getAllByText('10,89 €').length).toBeGreaterThan(0);
    expect(within(preview).getAllByText('12,54 €').length).toBeGreaterThan(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Appliquer' }));
    expect(await screen.findByText('3 produit(s) modifié(s).')).toBeTruthy();
    expect(sent[0]?.targets).toEqual([
      { campaignId: 1, version: 7, idGlobals: ['p-1'] },
      { campaignId: 2, version: 3, idGlobals: ['p-1', 'p-2'] },
    ]);
    expect(sent[0]?.price).toEqual({ mode: 'percent', value: '10', tariffs: [1], orderTypes: [1, 2, 3, 4, 5] });
  });

  it('is read-only for a moderator', async () => {
    signIn(user('moderator'));
    serveCatalogue();
    renderWithProviders(<MesProduitsPage />);
    expect(await screen.findByText(READ_ONLY_NOTE)).toBeTruthy();
    await screen.findAllByText('Le Classique');
    expect(screen.queryByRole('button', { name: /^Prix / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Selectionner tous' })).toBeNull();
  });
});

describe('Importer une carte', () => {
  it('shows the server’s 422 detail in the dialog and keeps it open', async () => {
    signIn(user('admin'));
    let query = '';
    let body: unknown = null;
    server.use(
      http.get('*/api/v1/campaigns', () => HttpResponse.json({ items: [carte(1, 'Carte principale', 7)], total: 1 })),
      http.post('*/api/v1/campaigns/import', async ({ request }) => {
        query = new URL(request.url).search;
        body = await request.json();
        return problem(422, 'Erreur : Valeur non prise en charge dans "items.many_size" du fichier "hiver.json".');
      }),
    );
    renderWithProviders(<MesCartesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Importer une carte' }));
    const dialog = await screen.findByRole('dialog');
    const file = new File([JSON.stringify({ nom: 'Carte hiver', orderJson: { items: [] } })], 'hiver.json', { type: 'application/json' });
    await userEvent.upload(within(dialog).getByLabelText('Fichier de la carte'), file);
    const name = within(dialog).getByRole('textbox', { name: 'Nom de la carte' });
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Carte hiver'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Importer' }));
    expect(await within(dialog).findByText('Erreur : Valeur non prise en charge dans "items.many_size" du fichier "hiver.json".')).toBeTruthy();
    expect(body).toEqual({ nom: 'Carte hiver', orderJson: { items: [] } });
    expect(new URLSearchParams(query).get('fileName')).toBe('hiver.json');
    expect(new URLSearchParams(query).get('nom')).toBe('Carte hiver');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('Carte périodique', () => {
  it('sends the periodic dates as start/end pairs and refuses a start after its end', async () => {
    signIn(user('admin'));
    let sent: unknown = null;
    server.use(
      http.get('*/api/v1/campaigns', () => HttpResponse.json({ items: [carte(1, 'Carte principale', 7)], total: 1 })),
      http.put('*/api/v1/campaigns/1', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...carte(1, 'Carte principale', 8), isPeriodic: true });
      }),
    );
    renderWithProviders(<MesCartesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier la carte Carte principale' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Carte périodique' }));
    const group = within(dialog).getByRole('group', { name: 'Dates de la carte périodique' });
    const groupEl = within(dialog).getByRole('group', { name: 'Dates de la carte périodique' });
    setDate('Début 1', '2026-12-20', groupEl);
    setDate('Fin 1', '2026-12-05', groupEl);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('La date de début est supérieure à la date de fin.')).toBeTruthy();
    expect(sent).toBeNull();

    setDate('Fin 1', '2026-12-24', groupEl);
    await userEvent.click(within(group).getByRole('button', { name: 'Ajouter des dates' }));
    setDate('Début 2', '2027-01-01', groupEl);
    setDate('Fin 2', '2027-01-01', groupEl);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent).toMatchObject({ nom: 'Carte principale', isPeriodic: true, campagneDates: ['2026-12-20', '2026-12-24', '2027-01-01', '2027-01-01'] });
  });
});

describe('Historique', () => {
  const entry = (id: number): HistoryEntry => ({
    id,
    action: 'Modification',
    changes: [],
    createdAt: '2026-11-20T10:00:00Z',
    email: 'demo@brigade.fr',
    module: 'Cartes',
    resto_id: 0,
    source: 'Back-office',
    target: `Produit ${id}`,
    user_name: 'Camille',
    user_type: 'admin',
  });

  it('pages through the server 50 entries at a time and starts again at the first page when a filter changes', async () => {
    signIn(user('admin'));
    const asked: { page: string | null; pageSize: string | null; action: string | null }[] = [];
    server.use(
      http.get('*/api/v1/history', ({ request }) => {
        const q = new URL(request.url).searchParams;
        asked.push({ page: q.get('page'), pageSize: q.get('pageSize'), action: q.get('action') });
        const page = Number(q.get('page'));
        const ids = Array.from({ length: page < 6 ? 50 : 12 }, (_, i) => page * 50 + i + 1);
        return HttpResponse.json({ items: ids.map(entry), total: 312 });
      }),
    );
    renderWithProviders(<HistoriquePage />);
    expect(await screen.findByText('1–50 sur 312')).toBeTruthy();
    expect(screen.getByText('Produit 1')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(await screen.findByText('Produit 51')).toBeTruthy();
    expect(screen.getByText('51–100 sur 312')).toBeTruthy();
    expect(asked.at(-1)).toEqual({ page: '1', pageSize: '50', action: null });

    await userEvent.click(screen.getByRole('combobox', { name: 'Action' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Ajout' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ page: '0', pageSize: '50', action: 'Ajout' }));
    expect(await screen.findByText('1–50 sur 312')).toBeTruthy();
  });

  it("shows a carte's save as one entry of its changes, element by element, the long lists by the first 50", async () => {
    signIn(user('admin'));
    const prices = Array.from({ length: 1000 }, (_, i) => ({ element: `produit Produit ${i}`, field: 'price', before: 9.9, after: 10.5 }));
    server.use(
      http.get('*/api/v1/history', () =>
        HttpResponse.json({
          items: [
            { ...entry(1), target: 'Grande carte', changes: [...prices.slice(0, 999), { element: 'produit Frites', action: 'Ajout', field: '', before: null, after: null }] },
            { ...entry(2), target: 'Grande carte › produit Burger', changes: [{ element: 'produit Burger', field: 'name', before: 'Burger', after: 'Burger maison' }] },
          ],
          total: 2,
        }),
      ),
    );
    renderWithProviders(<HistoriquePage />);
    expect(await screen.findByText(/^1\s000 modifications$/)).toBeTruthy();
    expect(screen.getByText('1 modification')).toBeTruthy();

    const [big, rename] = screen.getAllByRole('button', { name: 'Voir les changements' });
    await userEvent.click(rename);
    const one = await screen.findByRole('table', { name: 'Changements : Grande carte › produit Burger' });
    expect(within(one).queryByRole('columnheader', { name: 'Élément' })).toBeNull();
    expect(within(one).getByText('Burger maison')).toBeTruthy();

    await userEvent.click(big);
    const list = await screen.findByRole('table', { name: 'Changements : Grande carte' });
    expect(within(list).getByRole('columnheader', { name: 'Élément' })).toBeTruthy();
    expect(within(list).getAllByRole('row')).toHaveLength(1 + 50);
    expect(within(list).getByText('produit Produit 49')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Afficher les 950 modifications suivantes' }));
    await waitFor(() => expect(within(list).getAllByRole('row')).toHaveLength(1 + 1000));
    expect(within(list).getByText('Élément ajouté')).toBeTruthy();
    expect(within(list).getByText('produit Frites')).toBeTruthy();
  });
});
