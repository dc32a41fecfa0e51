import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/render';
import { restaurant, restaurants, user } from '../../test/fixtures';
import { server } from '../../test/server';
import { figures, revenue } from './fixtures';
import { periodRange } from '../../components/periods';
import { axisMoney, bucketLabel } from './format';
import type { Revenue, RevenueGrain } from './types';

// The whole app renders: the first test of a worker loads the lazy chunks, slow on a busy machine.
beforeAll(() => configure({ asyncUtilTimeout: 15_000 }));
afterAll(() => configure({ asyncUtilTimeout: 5000 }));
beforeEach(() => window.sessionStorage.clear());

type Answer = (grain: RevenueGrain, q: URLSearchParams) => Revenue | Response;

function serveRevenue(first: Answer = (g) => revenue(g)) {
  let current = first;
  const calls: URLSearchParams[] = [];
  server.use(
    http.get('*/api/v1/reports/revenue', ({ request }) => {
      const q = new URL(request.url).searchParams;
      calls.push(q);
      const out = current((q.get('grain') ?? 'day') as RevenueGrain, q);
      return out instanceof Response ? out : HttpResponse.json(out);
    }),
  );
  return { calls, set: (next: Answer) => (current = next) };
}

const problem = () =>
  HttpResponse.json(
    { status: 500, title: 'Erreur', detail: "Le chiffre d'affaires est indisponible pour le moment." },
    { status: 500, headers: { 'Content-Type': 'application/problem+json' } },
  );

const kpis = () => screen.findByRole('region', { name: 'Chiffres de la période' });
const pressed = (group: string) =>
  within(screen.getByRole('group', { name: group }))
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-pressed') === 'true')
    .map((b) => b.textContent);

describe('format', () => {
  it('names buckets in French whatever the browser locale', () => {
    expect(bucketLabel('2026-11-03', 'day')).toBe('mar. 3 nov.');
    expect(bucketLabel('2026-11-02', 'week')).toBe('sem. du 2 nov.');
    expect(bucketLabel('2026-11', 'month')).toBe('nov. 2026');
    expect(bucketLabel('09', 'hour')).toBe('09\u00a0h');
    expect(axisMoney(123450, 'EUR')).toMatch(/^1,2\s?k\s€$/);
  });

  it('gives the shortcuts their ranges, the running ones stopping today', () => {
    const now = new Date(2026, 10, 25, 12);
    expect(periodRange('last30', now)).toEqual({ start: '2026-10-27', end: '2026-11-25' });
    expect(periodRange('last12Months', now)).toEqual({ start: '2025-12-01', end: '2026-11-25' });
    expect(periodRange('last12Months', new Date(2026, 0, 15, 12))).toEqual({ start: '2025-02-01', end: '2026-01-15' });
    expect(periodRange('monthToDate', now)).toEqual({ start: '2026-11-01', end: '2026-11-25' });
    expect(periodRange('yearToDate', now)).toEqual({ start: '2026-01-01', end: '2026-11-25' });
  });
});

describe("Chiffre d'affaires dans le temps", () => {
  it.each([
    ['/dashbaord/BetaCaAnnuel', 'month', "Chiffre d'affaires TTC", 'Mois'],
    ['/dashbaord/V2BetaCaAnnuel', 'month', "Chiffre d'affaires TTC", 'Mois'],
    ['/v2/DashboardCaAnnuel', 'month', "Chiffre d'affaires TTC", 'Mois'],
    ['/dashbaord/V2BetaCaAnnuelNombreCommandes', 'month', 'Commandes', 'Mois'],
    ['/dashbaord/V2BetaCaAnnuelPanierMoyen', 'month', 'Panier moyen', 'Mois'],
    ['/dashbaord/V2BetaCaAnnuelWeek', 'week', "Chiffre d'affaires TTC", 'Semaine'],
    ['/dashbaord/BetaCaParHeure', 'hour', "Chiffre d'affaires TTC", 'Heure'],
  ])('%s opens by %s on %s', async (path, grain, metric, tab) => {
    const { calls } = serveRevenue();
    renderApp(path, user('admin'));
    await kpis();
    expect(calls[0]?.get('grain')).toBe(grain);
    expect(calls[0]?.get('restaurantId')).toBe('0');
    expect(screen.getByRole('tab', { name: tab }).getAttribute('aria-selected')).toBe('true');
    expect(pressed('Indicateur')).toEqual([metric]);
    expect(screen.getByRole('heading', { level: 2, name: `Évolution : ${metric}` })).toBeTruthy();
    if (grain === 'month') {
      // Twelve whole months: from the 1st of the month eleven months back.
      const start = calls[0]!.get('start')!;
      expect(start.endsWith('-01')).toBe(true);
      expect(screen.getByRole('button', { name: 'Période : 12 derniers mois' })).toBeTruthy();
    }
  });

  it('shows the four figures with their trends and the compared dates', async () => {
    serveRevenue();
    renderApp('/dashbaord/V2BetaCaAnnuel', user('admin'));
    const row = await kpis();
    const ca = within(row).getByRole('group', { name: "Chiffre d'affaires TTC" });
    expect(within(ca).getByText('3 703,50 €')).toBeTruthy();
    expect(within(ca).getByText('+23,45 %').closest('[data-trend]')?.getAttribute('data-trend')).toBe('up');
    expect(within(ca).getByText('+12,23 %')).toBeTruthy();
    expect(within(ca).getByText('vs période précédente')).toBeTruthy();
    expect(within(ca).getByText("vs l'an dernier")).toBeTruthy();
    const orders = within(row).getByRole('group', { name: 'Commandes' });
    expect(within(orders).getByText('294')).toBeTruthy();
    expect(within(orders).getByText('\u22122,00 %').closest('[data-trend]')?.getAttribute('data-trend')).toBe('down');
    expect(row.textContent).toContain('Comparé à : du dim. 7 juin au lun. 31 août 2026 (période précédente) · du lun. 1 sept. au mar. 25 nov. 2025 (an dernier)');

    // A figure chooses the chart's metric.
    await userEvent.click(within(row).getByRole('button', { name: 'Afficher : Panier moyen' }));
    expect(pressed('Indicateur')).toEqual(['Panier moyen']);
  });

  it('lists the buckets in the table view with French values', async () => {
    serveRevenue();
    renderApp('/dashbaord/V2BetaCaAnnuel', user('admin'));
    await kpis();
    expect(await screen.findByRole('img', { name: /Chiffre d'affaires TTC par mois/ })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Légende' }).textContent).toBe('PériodePériode précédenteAn dernier');
    await userEvent.click(within(screen.getByRole('group', { name: "Affichage de l'évolution" })).getByRole('button', { name: 'Tableau' }));
    const table = await screen.findByRole('table', { name: "Chiffre d'affaires TTC par mois" });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['sept. 2026', 'oct. 2026', 'nov. 2026']);
    expect(within(rows[2]!).getByText('1 234,50 €')).toBeTruthy();
    expect(within(rows[2]!).getByText('1 000,00 €')).toBeTruthy();
    expect(within(rows[2]!).getByText('+23,45 %')).toBeTruthy();
    // Nothing last year: no trend, never +∞.
    expect(within(rows[2]!).getByText('—')).toBeTruthy();

    // Another metric, the same table.
    await userEvent.click(within(screen.getByRole('group', { name: 'Indicateur' })).getByRole('button', { name: 'Commandes' }));
    const counts = await screen.findByRole('table', { name: 'Commandes par mois' });
    expect(within(within(counts).getAllByRole('row')[1]!).getByText('98')).toBeTruthy();
  });

  it('offers the period shortcuts and asks for the one chosen', async () => {
    const { calls } = serveRevenue();
    renderApp('/dashbaord/BetaCaParHeure', user('admin'));
    await kpis();
    await userEvent.click(screen.getByRole('button', { name: 'Période : 30 derniers jours' }));
    const menu = await screen.findByRole('menu', { name: 'Raccourcis de période' });
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      '7 derniers jours', '30 derniers jours', 'Ce mois-ci', 'Mois dernier', '12 derniers mois', 'Année en cours',
    ]);
    await userEvent.click(within(menu).getByRole('menuitem', { name: '7 derniers jours' }));
    const week = periodRange('last7');
    await waitFor(() => expect([calls.at(-1)?.get('start'), calls.at(-1)?.get('end')]).toEqual([week.start, week.end]));
    expect(calls.at(-1)?.get('grain')).toBe('hour');
  });

  it('asks for another grain and names its buckets', async () => {
    const { calls } = serveRevenue();
    renderApp('/dashbaord/V2BetaCaAnnuel', user('admin'));
    await kpis();
    await userEvent.click(screen.getByRole('tab', { name: 'Semaine' }));
    await waitFor(() => expect(calls.at(-1)?.get('grain')).toBe('week'));
    await userEvent.click(within(screen.getByRole('group', { name: "Affichage de l'évolution" })).getByRole('button', { name: 'Tableau' }));
    const table = await screen.findByRole('table', { name: "Chiffre d'affaires TTC par semaine" });
    expect(within(table).getByText('sem. du 2 nov.')).toBeTruthy();
  });

  it('labels every heat map cell, and lists them as a table', async () => {
    serveRevenue();
    renderApp('/dashbaord/BetaCaParHeure', user('admin'));
    await kpis();
    const map = await screen.findByRole('table', { name: 'Jour de la semaine × heure : commandes' });
    expect(within(map).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche']);
    // (Testing Library reads no-break spaces as plain ones.)
    const busy = within(map).getByLabelText('Lundi, 12 h : 40 commandes, 610,00 €');
    expect(busy.getAttribute('data-intensity')).toBe('1.00');
    expect(within(map).getByLabelText('Vendredi, 20 h : 12 commandes, 180,50 €').getAttribute('data-intensity')).toBe('0.30');
    expect(within(map).getByLabelText('Dimanche, 03 h : aucune commande')).toBeTruthy();
    expect(screen.getByText('40 commandes (maximum)')).toBeTruthy();
    await userEvent.click(within(screen.getByRole('group', { name: 'Valeur de la carte' })).getByRole('button', { name: 'CA TTC' }));
    expect(screen.getByText('610,00 € (maximum)')).toBeTruthy();

    await userEvent.click(within(screen.getByRole('group', { name: 'Affichage de la carte' })).getByRole('button', { name: 'Tableau' }));
    const list = screen.getByRole('table', { name: 'Jour de la semaine × heure' });
    const first = within(list).getAllByRole('row')[1]!;
    expect(first.textContent).toBe('Lundi12\u00a0h40610,00\u00a0€');
  });

  it('offers the currencies of the scope and asks again in the chosen one', async () => {
    server.use(
      http.get('*/api/v1/restaurants', () => {
        const items = [...restaurants, { ...restaurant(5, 'Burger Genève', 'Genève'), countryCode: 'CH', currency: 'CHF', timeZone: 'Europe/Zurich' }];
        return HttpResponse.json({ items, total: items.length });
      }),
    );
    const { calls } = serveRevenue((g, q) =>
      revenue(g, {
        currency: q.get('currency') ?? 'EUR',
        totals: q.get('currency') === 'CHF' ? { current: figures(5000, 2), previous: figures(0, 0), lastYear: figures(0, 0) } : revenue(g).totals,
      }),
    );
    renderApp('/dashbaord/V2BetaCaAnnuel', user('admin'));
    await kpis();
    const choice = await screen.findByRole('group', { name: 'Devise' });
    expect(within(choice).getByRole('button', { name: 'EUR, 4 restaurants' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(within(choice).getByRole('button', { name: 'CHF, 1 restaurant' }));
    await waitFor(() => expect(calls.at(-1)?.get('currency')).toBe('CHF'));
    expect(await within(await kpis()).findByText('50,00 CHF')).toBeTruthy();
    // One restaurant chosen: its own currency, no choice.
    await userEvent.click(screen.getByRole('button', { name: /Selectionner Restaurant/ }));
    await userEvent.click(within(await screen.findByRole('list', { name: 'Restaurants' })).getByText('Burger Bastille'));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Devise' })).toBeNull());
  });

  it('says when the period has no order', async () => {
    serveRevenue((g) => revenue(g, { totals: { current: figures(0, 0), previous: figures(5000, 3), lastYear: figures(0, 0) }, heatmap: [] }));
    renderApp('/dashbaord/V2BetaCaAnnuel', user('admin'));
    await kpis();
    expect(await screen.findAllByText('Aucune commande sur cette période')).toHaveLength(2);
    expect(screen.queryByRole('img', { name: /par mois/ })).toBeNull();
  });

  it('shows the error and asks again on retry', async () => {
    const api = serveRevenue(() => problem());
    renderApp('/dashbaord/V2BetaCaAnnuel', user('admin'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText("Le chiffre d'affaires est indisponible pour le moment.")).toBeTruthy();
    api.set((g) => revenue(g));
    await userEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(within(await kpis()).getByText('3 703,50 €')).toBeTruthy();
  });

  it('asks for the restaurant chosen in the selector', async () => {
    const { calls } = serveRevenue();
    renderApp('/dashbaord/V2BetaCaAnnuel', user('admin'));
    await kpis();
    await userEvent.click(screen.getByRole('button', { name: /Selectionner Restaurant/ }));
    const list = await screen.findByRole('list', { name: 'Restaurants' });
    await userEvent.click(within(list).getByText('Pizza Vieux-Port'));
    await waitFor(() => expect(calls.at(-1)?.get('restaurantId')).toBe('3'));
  });
});
