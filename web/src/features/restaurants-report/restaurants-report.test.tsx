import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import { periodRange } from '../../components/periods';
import { comparison, equipments, today } from './fixtures';
import { rankText, ranks } from './format';
import type { EquipmentReport, RestaurantComparison, RestaurantsToday } from './types';

beforeAll(() => configure({ asyncUtilTimeout: 15_000 }));
afterAll(() => configure({ asyncUtilTimeout: 5000 }));
beforeEach(() => window.sessionStorage.clear());

function serve<T>(path: string, answer: (q: URLSearchParams) => T | Response) {
  const calls: URLSearchParams[] = [];
  server.use(
    http.get(`*${path}`, ({ request }) => {
      const q = new URL(request.url).searchParams;
      calls.push(q);
      const out = answer(q);
      return out instanceof Response ? out : HttpResponse.json(out as object);
    }),
  );
  return calls;
}

const problem = () =>
  HttpResponse.json({ status: 500, title: 'Erreur', detail: 'La comparaison est indisponible pour le moment.' }, { status: 500, headers: { 'Content-Type': 'application/problem+json' } });

describe('format', () => {
  it('ranks the best first, ties together, no value last', () => {
    const rows = [{ v: 3 }, { v: null }, { v: 9 }, { v: 3 }];
    const up = ranks(rows, (r) => r.v, true);
    expect(rows.map((r) => up.get(r))).toEqual([2, undefined, 1, 2]);
    const down = ranks(rows, (r) => r.v, false);
    expect(rows.map((r) => down.get(r))).toEqual([1, undefined, 3, 1]);
    expect(rankText(1, 10)).toBe('1er sur 10');
    expect(rankText(2, 10)).toBe('2e sur 10');
  });
});

describe('Comparaison des restaurants', () => {
  it.each(['/stats/SuiviFracnhise', '/Cncstats/BetaMesRestaurants', '/Cncstats/BetaComparerRestos'])('%s ranks every restaurant on the chosen metric with the average', async (path) => {
    const calls = serve<RestaurantComparison>('/api/v1/reports/restaurants', () => comparison());
    renderApp(path, user('admin'));
    const bars = await screen.findByRole('list', { name: /Chiffre d'affaires TTC par restaurant, moyenne franchise 3\s000,00/ });
    expect(within(bars).getAllByRole('button').map((b) => b.textContent)).toEqual(['Burger Bastille', 'Burger Confluence', 'Pizza Vieux-Port']);
    expect(calls[0]?.get('restaurantId')).toBe('0');
    const last30 = periodRange('last30');
    expect([calls[0]?.get('start'), calls[0]?.get('end')]).toEqual([last30.start, last30.end]);
    // No focus on the comparison routes until a restaurant is chosen.
    expect(screen.queryByRole('region', { name: /face à la franchise/ })).toBeNull();
    const table = screen.getByRole('table', { name: 'Classement des restaurants sur tous les indicateurs' });
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByText('5 000,00 €')).toBeTruthy();
    const up = within(first).getAllByText('+25,00 %')[0]!.closest('[data-trend]')!;
    expect(up.getAttribute('data-trend')).toBe('up');
    expect(up.textContent).toContain('▲');
    expect(within(table).getByRole('rowheader', { name: 'Moyenne franchise' })).toBeTruthy();
    expect(within(table).getByRole('rowheader', { name: 'Total franchise' })).toBeTruthy();
    // Both cards export (Excel or CSV).
    expect((screen.getByRole('button', { name: 'Exporter Classement des restaurants' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Exporter Tous les indicateurs' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('sorts the table on a column, and an exit time going up is bad news', async () => {
    serve<RestaurantComparison>('/api/v1/reports/restaurants', () => comparison());
    renderApp('/stats/SuiviFracnhise', user('admin'));
    const table = await screen.findByRole('table', { name: 'Classement des restaurants sur tous les indicateurs' });
    await userEvent.click(within(table).getByRole('button', { name: 'Temps de sortie' }));
    const names = () => within(table).getAllByRole('row').slice(1, 4).map((r) => within(r).getAllByRole('button')[0]!.textContent);
    expect(names()).toEqual(['Burger Confluence', 'Burger Bastille', 'Pizza Vieux-Port']);
    await userEvent.click(within(table).getByRole('button', { name: 'Temps de sortie' }));
    expect(names()).toEqual(['Burger Bastille', 'Burger Confluence', 'Pizza Vieux-Port']);
    // Confluence: 9,25 min against 6,50 before: up, in red.
    const confluence = within(table).getAllByRole('row')[2]!;
    const exit = within(confluence).getByText('+42,31 %').closest('[data-trend]') as HTMLElement;
    expect(exit.getAttribute('data-trend')).toBe('up');
    expect(getComputedStyle(exit).color).not.toBe('');
  });

  it('switches metric and shows the table view with ranks, gaps and changes', async () => {
    serve<RestaurantComparison>('/api/v1/reports/restaurants', () => comparison());
    renderApp('/stats/SuiviFracnhise', user('admin'));
    await screen.findByRole('list', { name: /par restaurant/ });
    await userEvent.click(screen.getByRole('combobox', { name: 'Indicateur' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Commandes annulées' }));
    expect(await screen.findByRole('heading', { name: 'Classement : Commandes annulées' })).toBeTruthy();
    // Fewer cancellations rank first.
    const bars = screen.getByRole('list', { name: /Commandes annulées par restaurant/ });
    expect(within(bars).getAllByRole('button')[2]!.textContent).toBe('Burger Confluence');
    await userEvent.click(within(screen.getByRole('group', { name: 'Affichage du classement' })).getByRole('button', { name: 'Tableau' }));
    const t = screen.getByRole('table', { name: 'Commandes annulées par restaurant' });
    const confluence = within(t).getByRole('rowheader', { name: 'Burger Confluence' }).closest('tr')!;
    expect(confluence.textContent).toMatch(/^3Burger Confluence4▲\+300,00\s%en hausse▲\+100,00\s%en hausse$/);
  });

  it('Suivi Restaurant opens focused: the figures against the average and the rank', async () => {
    serve<RestaurantComparison>('/api/v1/reports/restaurants', () => comparison());
    renderApp('/stats/SuiviRestaurant', user('admin'));
    const focus = await screen.findByRole('region', { name: 'Burger Bastille face à la franchise' });
    expect(within(focus).getByText("1er sur 3 en chiffre d'affaires TTC")).toBeTruthy();
    const ca = within(focus).getByRole('group', { name: "Chiffre d'affaires TTC" });
    expect(ca.textContent).toMatch(/Moyenne franchise : 3\s000,00/);
    expect(within(ca).getByText('+66,67 %')).toBeTruthy();
    const exit = within(focus).getByRole('group', { name: 'Temps de sortie moyen' });
    expect(exit.textContent).toContain('Rang : 1er sur 3');
    // Another restaurant, clicked in the ranking.
    await userEvent.click(within(screen.getByRole('list', { name: /par restaurant/ })).getByRole('button', { name: 'Pizza Vieux-Port' }));
    const other = await screen.findByRole('region', { name: 'Pizza Vieux-Port face à la franchise' });
    expect(within(other).getByText("3e sur 3 en chiffre d'affaires TTC")).toBeTruthy();
  });

  it('asks again in the chosen currency, and says when it fails or has nothing', async () => {
    let fail = false;
    const calls = serve<RestaurantComparison>('/api/v1/reports/restaurants', (q) =>
      fail ? problem() : comparison({ currency: q.get('currency') ?? 'EUR', currencies: [{ code: 'EUR', restaurants: 3 }, { code: 'CHF', restaurants: 1 }] }),
    );
    renderApp('/stats/SuiviFracnhise', user('admin'));
    const choice = await screen.findByRole('group', { name: 'Devise' });
    await userEvent.click(within(choice).getByRole('button', { name: 'CHF, 1 restaurant' }));
    await waitFor(() => expect(calls.at(-1)?.get('currency')).toBe('CHF'));

    window.sessionStorage.clear();
    server.resetHandlers();
    serve<RestaurantComparison>('/api/v1/reports/restaurants', () => problem());
    fail = true;
    renderApp('/Cncstats/BetaComparerRestos', user('admin'));
    expect(await screen.findByText('La comparaison est indisponible pour le moment.')).toBeTruthy();
  });

  it('shows an empty period as such', async () => {
    const empty = comparison();
    empty.franchise.current = { ...empty.franchise.current, orders: 0, cancelledOrders: 0 };
    serve<RestaurantComparison>('/api/v1/reports/restaurants', () => empty);
    renderApp('/stats/SuiviFracnhise', user('admin'));
    expect((await screen.findAllByText('Aucune commande sur cette période')).length).toBe(2);
  });
});

describe('Mes Restaurants (DashboardMesResto)', () => {
  it("shows each restaurant's day in its currency, its last order and its offline equipments", async () => {
    const calls = serve<RestaurantsToday>('/api/v1/reports/restaurants/today', () => today());
    renderApp('/v2/DashboardMesResto', user('admin'));
    const bastille = await screen.findByRole('article', { name: 'Burger Bastille' });
    expect(within(bastille).getByText('1 234,50 €')).toBeTruthy();
    expect(within(bastille).getByText('+23,45 %')).toBeTruthy();
    expect(bastille.textContent).toMatch(/Mercredi dernier à la même heure : 1\s000,00\s€/);
    expect(bastille.textContent).toMatch(/Dernière commande il y a 3\smin/);
    expect(within(bastille).getByText('1 équipement hors ligne sur 2')).toBeTruthy();
    const list = within(bastille).getByRole('list', { name: 'Caisses et bornes de Burger Bastille' });
    expect(within(list).getAllByRole('listitem').map((li) => li.getAttribute('data-online'))).toEqual(['true', 'false']);
    const geneve = screen.getByRole('article', { name: 'Burger Genève' });
    expect(geneve.textContent).toMatch(/500,00\sCHF/);
    expect(geneve.textContent).toContain('Aucune commande depuis 7 jours');
    expect(screen.getByText("Un équipement est hors ligne quand il n'a pas appelé le serveur depuis plus de 5 minutes.")).toBeTruthy();
    expect(calls[0]?.get('restaurantId')).toBe('0');

    await userEvent.click(screen.getByLabelText('Hors ligne seulement'));
    expect(screen.queryByRole('article', { name: 'Burger Genève' })).toBeNull();
    const only = screen.getByRole('article', { name: 'Burger Bastille' });
    expect(within(only).getAllByRole('listitem')).toHaveLength(1);
  });
});

describe('Historique équipements', () => {
  it('lists every till and kiosk, sortable and searchable, each in its currency', async () => {
    const calls = serve<EquipmentReport>('/api/v1/reports/equipments', () => equipments());
    renderApp('/Cncstats/historiqueEquipements', user('admin'));
    const table = await screen.findByRole('table', { name: 'Historique des caisses et bornes' });
    const names = () => within(table).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(names()).toHaveLength(3);
    expect(names()[0]).toContain('Burger Bastille');
    expect(within(table).getByText('Jamais vu')).toBeTruthy();
    expect(within(table).getByText(/^Vu il y a 3\sh/)).toBeTruthy();
    expect(within(table).getByText(/750,00\sCHF/)).toBeTruthy();
    expect(calls[0]?.get('start')).toBe(periodRange('last30').start);
    expect((screen.getByRole('button', { name: 'Exporter Caisses et bornes' }) as HTMLButtonElement).disabled).toBe(false);

    await userEvent.click(within(table).getByRole('button', { name: 'Commandes' }));
    expect(names()[0]).toContain('Borne 1');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher un équipement ou un restaurant...' }), 'genève');
    await waitFor(() => expect(names()).toHaveLength(1));
    expect(names()[0]).toContain('Burger Genève');
  });
});
