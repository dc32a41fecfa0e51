import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import { periodRange } from '../../components/periods';
import { mix, product } from './fixtures';
import { fold, movers, rankChangeText, search } from './format';
import { segments } from './components/CategoryMix';
import type { ProductMix } from './types';

// The whole app renders: the first test of a worker loads the lazy chunks, slow on a busy machine.
beforeAll(() => configure({ asyncUtilTimeout: 15_000 }));
afterAll(() => configure({ asyncUtilTimeout: 5000 }));
beforeEach(() => window.sessionStorage.clear());

type Answer = (q: URLSearchParams) => ProductMix | Response;

function serveMix(first: Answer = () => mix()) {
  let current = first;
  const calls: URLSearchParams[] = [];
  server.use(
    http.get('*/api/v1/reports/productMix', ({ request }) => {
      const q = new URL(request.url).searchParams;
      calls.push(q);
      const out = current(q);
      return out instanceof Response ? out : HttpResponse.json(out);
    }),
  );
  return { calls, set: (next: Answer) => (current = next) };
}

const problem = () =>
  HttpResponse.json(
    { status: 500, title: 'Erreur', detail: 'Le mix produits est indisponible pour le moment.' },
    { status: 500, headers: { 'Content-Type': 'application/problem+json' } },
  );

/** Text with the no-break spaces of fr-FR numbers as plain ones. */
const plain = (el: HTMLElement) => (el.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
const kpis = () => screen.findByRole('region', { name: 'Chiffres de la période' });
const productTable = (view: string) => screen.findByRole('table', { name: `Produits : ${view}` });
const names = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.querySelector('p')?.textContent);

describe('format', () => {
  it('lists the risers by revenue gained and the fallers by revenue lost', () => {
    const rows = mix().products ?? [];
    expect(movers(rows, 'risers').map((p) => p.name)).toEqual(['Le Classique', 'Cookie']);
    expect(movers(rows, 'fallers').map((p) => p.name)).toEqual(['Milkshake', 'Frites']);
  });

  it('says what the rank did', () => {
    expect(rankChangeText(product('A', 'B', { rankChange: 3, previousRank: 5, rank: 2 }))).toBe('▲\u00a03');
    expect(rankChangeText(product('A', 'B', { rankChange: -2, previousRank: 1, rank: 3 }))).toBe('▼\u00a02');
    expect(rankChangeText(product('A', 'B'))).toBe('=');
    expect(rankChangeText(product('A', 'B', { previousRank: null, rankChange: null }))).toBe('Nouveau');
    expect(rankChangeText(product('A', 'B', { rank: null, rankChange: null }))).toBe('Plus vendu');
  });

  it('searches names and categories without accents or case', () => {
    expect(fold('  Crème Brûlée ')).toBe('creme brulee');
    const rows = [product('Crème brûlée', 'Desserts'), product('Frites', 'Accompagnements')];
    expect(search(rows, 'CREME').map((p) => p.name)).toEqual(['Crème brûlée']);
    expect(search(rows, 'accomp').map((p) => p.name)).toEqual(['Frites']);
    expect(search(rows, '')).toHaveLength(2);
  });

  it('folds the smallest categories into one segment', () => {
    const cats = Array.from({ length: 10 }, (_, i) => ({ name: `C${i}`, quantity: 1, revenueCents: 100, htCents: 90, share: 10, previousRevenueCents: 0, previousShare: 0, trend: null }));
    const now = segments(cats, 'current');
    expect(now).toHaveLength(9);
    expect(now.at(-1)).toMatchObject({ name: 'Autres catégories', share: 20, revenueCents: 200 });
    expect(segments(cats, 'previous')).toHaveLength(0);
  });
});

// Whole-app renders on a busy shared machine: more than the default 20 s for a test.
describe('Mix produits', { timeout: 60_000 }, () => {
  it('Suivi Produits opens on the ranking of the last 30 days', async () => {
    const { calls } = serveMix();
    renderApp('/stats/SuiviProduits', user('admin'));
    await kpis();
    const last30 = periodRange('last30');
    expect([calls[0]?.get('start'), calls[0]?.get('end'), calls[0]?.get('restaurantId')]).toEqual([last30.start, last30.end, '0']);
    expect(screen.getByRole('tab', { name: 'Classement' }).getAttribute('aria-selected')).toBe('true');
    const table = await productTable('Classement');
    // Sold on the period only, by revenue; the product no longer sold is not ranked.
    expect(names(table)).toEqual(['Le Classique', 'Frites', 'Cookie']);
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByText('792,00 €')).toBeTruthy();
    expect(within(first).getByText('64,15 %')).toBeTruthy();
    expect(within(first).getByText('+100,00 %').closest('[data-trend]')?.getAttribute('data-trend')).toBe('up');
    expect(within(first).getByText('gagne 1 place (rang 2 avant)')).toBeTruthy();
    expect(within(first).getByText('400,00 €')).toBeTruthy();
    expect(within(first).getByText('55,55 %')).toBeTruthy();
    // Unknown purchase price: a dash that says so.
    const second = within(table).getAllByRole('row')[2]!;
    expect(within(second).getAllByLabelText("Prix d'achat inconnu")).toHaveLength(2);
    expect(within(second).getByText('perd 1 place (rang 1 avant)')).toBeTruthy();
    expect(within(within(table).getAllByRole('row')[3]!).getByText('nouveau : pas vendu sur la période précédente')).toBeTruthy();
  });

  it('exports each table as Excel or CSV with the period, restaurant and currency shown', async () => {
    serveMix();
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/api/v1/reports/export', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return new HttpResponse('\ufeffRang;Produit\r\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="mix-produits-products.csv"' } });
      }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/stats/SuiviProduits', user('admin'));
    await kpis();
    for (const name of ['Exporter Mix par catégorie', 'Exporter Produits', 'Exporter Options les plus vendues']) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(false);
    }
    await userEvent.click(screen.getByRole('button', { name: 'Exporter Produits' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => expect(asked).toHaveLength(1));
    const last30 = periodRange('last30');
    expect([asked[0]!.get('report'), asked[0]!.get('table'), asked[0]!.get('format'), asked[0]!.get('start'), asked[0]!.get('end'), asked[0]!.get('currency')]).toEqual([
      'product-mix',
      'products',
      'csv',
      last30.start,
      last30.end,
      'EUR',
    ]);
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    saved.mockRestore();
  });

  it('shows the period at a glance, the margin with what it covers', async () => {
    serveMix();
    renderApp('/stats/SuiviProduits', user('admin'));
    const row = await kpis();
    expect(within(within(row).getByRole('group', { name: 'Produits vendus' })).getByText('125 unités')).toBeTruthy();
    const ca = within(row).getByRole('group', { name: 'CA TTC' });
    expect(within(ca).getByText('1 234,50 €')).toBeTruthy();
    expect(within(ca).getByText('+23,45 %')).toBeTruthy();
    expect(within(within(row).getByRole('group', { name: 'CA HT' })).getByText('1 120,00 €')).toBeTruthy();
    const margin = within(row).getByRole('group', { name: "Marge (prix d'achat connus)" });
    expect(within(margin).getByText('400,00 €')).toBeTruthy();
    expect(plain(margin)).toContain('Taux : 55,55 % du CA HT couvert');
    expect(plain(margin)).toContain("Couvre 64,28 % du CA HT (1 produit) ; 2 produits sans prix d'achat : marge inconnue");
    expect(plain(row)).toContain('Comparé à : du dim. 27 sept. au lun. 26 oct. 2026 (période précédente)');
    expect(plain(screen.getByRole('alert'))).toContain("La marge ne compte que les produits dont le prix d'achat est connu (64,28 % du CA HT)");
  });

  it('says clearly when no purchase price is known', async () => {
    const base = mix();
    serveMix(() =>
      mix({
        totals: { ...base.totals, margin: { marginCents: 0, costCents: 0, knownHtCents: 0, unknownHtCents: 112000, knownShare: 0, rate: null, knownProducts: 0, unknownProducts: 3 } },
        products: (base.products ?? []).map((p) => ({ ...p, purchasePriceCents: null, marginCents: null, marginRate: null })),
      }),
    );
    renderApp('/stats/SuiviProduits', user('admin'));
    const row = await kpis();
    expect(within(within(row).getByRole('group', { name: 'Marge' })).getByText('Marge inconnue')).toBeTruthy();
    expect(plain(await screen.findByRole('alert'))).toContain("Marge inconnue : aucun produit vendu n'a de prix d'achat dans les cartes.");
  });

  it('Mes Tendances opens on the risers, and lists the fallers', async () => {
    serveMix();
    renderApp('/Cncstats/BetaMesTendances', user('admin'));
    await kpis();
    expect(screen.getByRole('tab', { name: 'En hausse' }).getAttribute('aria-selected')).toBe('true');
    const risers = await productTable('En hausse');
    expect(names(risers)).toEqual(['Le Classique', 'Cookie']);
    expect(within(within(risers).getAllByRole('row')[1]!).getByText('+396,00 €')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'En baisse' }));
    const fallers = await productTable('En baisse');
    expect(names(fallers)).toEqual(['Milkshake', 'Frites']);
    const gone = within(fallers).getAllByRole('row')[1]!;
    expect(within(gone).getByText('\u2212104,00 €')).toBeTruthy();
    expect(within(gone).getByText('plus vendu sur la période')).toBeTruthy();
  });

  it('sorts by a column and searches a product', async () => {
    serveMix();
    renderApp('/stats/SuiviProduits', user('admin'));
    const table = await productTable('Classement');
    // Most first, then fewest first.
    await userEvent.click(within(table).getByRole('button', { name: 'Unités' }));
    await waitFor(() => expect(names(table)).toEqual(['Le Classique', 'Frites', 'Cookie']));
    await userEvent.click(within(table).getByRole('button', { name: 'Unités' }));
    await waitFor(() => expect(names(table)).toEqual(['Cookie', 'Frites', 'Le Classique']));
    await userEvent.click(within(table).getByRole('button', { name: 'Taux de marge' }));
    await waitFor(() => expect(names(table)[0]).toBe('Le Classique'));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher un produit' }), 'dessert');
    await waitFor(() => expect(names(table)).toEqual(['Cookie']));
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Rechercher un produit' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher un produit' }), 'pizza');
    expect(await screen.findByText('Aucun produit ne correspond à « pizza »')).toBeTruthy();
  });

  it('draws the category mix and gives its table', async () => {
    serveMix();
    renderApp('/stats/SuiviProduits', user('admin'));
    await kpis();
    const pct = '\u00a0%';
    expect(await screen.findByRole('img', { name: `Période : Burgers 64,15${pct}, Accompagnements 32,40${pct}, Desserts 3,44${pct}` })).toBeTruthy();
    expect(screen.getByRole('img', { name: `Période précédente : Burgers 39,60${pct}, Accompagnements 50,00${pct}, Desserts 10,40${pct}` })).toBeTruthy();
    await userEvent.click(within(screen.getByRole('group', { name: 'Affichage du mix par catégorie' })).getByRole('button', { name: 'Tableau' }));
    const table = await screen.findByRole('table', { name: 'Mix par catégorie' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.firstElementChild?.textContent)).toEqual(['Burgers', 'Accompagnements', 'Desserts']);
    expect(within(rows[2]!).getByText('42,50 €')).toBeTruthy();
    expect(within(rows[2]!).getByText('10,40 %')).toBeTruthy();
    expect(within(rows[2]!).getByText('\u221259,13 %')).toBeTruthy();
  });

  it('lists the top options', async () => {
    serveMix();
    renderApp('/stats/SuiviProduits', user('admin'));
    const table = await screen.findByRole('table', { name: 'Options les plus vendues' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('p')?.textContent)).toEqual(['Cheddar', 'Barbecue']);
    expect(within(rows[0]!).getByText('80,00 %')).toBeTruthy();
    expect(within(rows[1]!).getByText('nouveau : pas vendu sur la période précédente')).toBeTruthy();
  });

  it('offers the currencies of the answer and asks again in the chosen one', async () => {
    const { calls } = serveMix((q) =>
      q.get('currency') === 'CHF'
        ? mix({ currency: 'CHF', currencies: [{ code: 'EUR', restaurants: 4 }, { code: 'CHF', restaurants: 1 }], totals: { ...mix().totals, revenueCents: 5000 } })
        : mix({ currencies: [{ code: 'EUR', restaurants: 4 }, { code: 'CHF', restaurants: 1 }] }),
    );
    renderApp('/stats/SuiviProduits', user('admin'));
    await kpis();
    const choice = await screen.findByRole('group', { name: 'Devise' });
    expect(within(choice).getByRole('button', { name: 'EUR, 4 restaurants' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(within(choice).getByRole('button', { name: 'CHF, 1 restaurant' }));
    await waitFor(() => expect(calls.at(-1)?.get('currency')).toBe('CHF'));
    expect(await within(await kpis()).findByText('50,00 CHF')).toBeTruthy();
  });

  it('asks for the restaurant chosen and the period shortcut chosen', async () => {
    const { calls } = serveMix();
    renderApp('/stats/SuiviProduits', user('admin'));
    await kpis();
    await userEvent.click(screen.getByRole('button', { name: /Selectionner Restaurant/ }));
    await userEvent.click(within(await screen.findByRole('list', { name: 'Restaurants' })).getByText('Pizza Vieux-Port'));
    await waitFor(() => expect(calls.at(-1)?.get('restaurantId')).toBe('3'));
    // The drawer hides the page from assistive technologies until it has slid away.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Selectionner Restaurant' })).toBeNull(), { timeout: 5000 });
    await userEvent.click(await screen.findByRole('button', { name: 'Période : 30 derniers jours' }));
    await userEvent.click(within(await screen.findByRole('menu', { name: 'Raccourcis de période' })).getByRole('menuitem', { name: 'Mois dernier' }));
    const last = periodRange('lastMonth');
    await waitFor(() => expect([calls.at(-1)?.get('start'), calls.at(-1)?.get('end')]).toEqual([last.start, last.end]));
  });

  it('says when nothing was sold', async () => {
    const base = mix();
    serveMix(() =>
      mix({
        totals: { ...base.totals, products: 0, quantity: 0, revenueCents: 0, htCents: 0, optionsRevenueCents: 0, margin: { ...base.totals.margin, knownProducts: 0, unknownProducts: 0, marginCents: 0, rate: null } },
        products: [],
        categories: [],
        options: [],
      }),
    );
    renderApp('/stats/SuiviProduits', user('admin'));
    await kpis();
    expect(await screen.findAllByText('Aucun produit vendu sur cette période')).toHaveLength(2);
    expect(screen.getByText('Aucune option vendue sur cette période')).toBeTruthy();
  });

  it('shows the error and asks again on retry', async () => {
    const api = serveMix(() => problem());
    renderApp('/stats/SuiviProduits', user('admin'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Le mix produits est indisponible pour le moment.')).toBeTruthy();
    api.set(() => mix());
    await userEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(within(await kpis()).getByText('1 234,50 €')).toBeTruthy();
  });
});
