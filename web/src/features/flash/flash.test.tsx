import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import { invalidateFor } from '../../app/serverEvents';
import { figures, flash, flashRestaurant, period, total } from './fixtures';
import { change, formatChange, longDate, previousLabel, rangeText } from './format';
import type { Flash } from './types';

// The whole app renders: the first test of a worker loads the lazy chunks, slow on a busy machine.
beforeAll(() => configure({ asyncUtilTimeout: 15_000 }));
afterAll(() => configure({ asyncUtilTimeout: 5000 }));
beforeEach(() => window.sessionStorage.clear());

function serveFlash(first: Flash | (() => Response) = flash()) {
  let current = first;
  const calls: URLSearchParams[] = [];
  server.use(
    http.get('*/api/v1/reports/flash', ({ request }) => {
      calls.push(new URL(request.url).searchParams);
      return typeof current === 'function' ? current() : HttpResponse.json(current);
    }),
  );
  return {
    calls,
    set: (next: typeof first) => {
      current = next;
    },
  };
}

const problem = () =>
  HttpResponse.json(
    { status: 500, title: 'Erreur', detail: 'Le flash est indisponible pour le moment.' },
    { status: 500, headers: { 'Content-Type': 'application/problem+json' } },
  );

/** The card of a period ('Aujourd'hui', 'Hier'…), found by its heading. */
async function periodCard(name: string) {
  // The loading skeletons carry the same names: wait for the answer first.
  await screen.findByText(/^Aujourd'hui jusqu'à/);
  return screen.getByRole('region', { name });
}

describe('format', () => {
  it('names the comparisons from the dates', () => {
    expect(previousLabel('today', { start: '2026-11-18', end: '2026-11-18' })).toBe('vs mercredi dernier');
    expect(previousLabel('yesterday', { start: '2026-11-17', end: '2026-11-17' })).toBe('vs mardi dernier');
    expect(previousLabel('week', { start: '2026-11-16', end: '2026-11-18' })).toBe('vs semaine dernière');
    expect(previousLabel('month', { start: '2026-10-01', end: '2026-10-25' })).toBe('vs mois dernier');
    expect(longDate('2026-11-25')).toBe('mercredi 25 novembre 2026');
    expect(rangeText({ start: '2026-11-16', end: '2026-11-18' }, '14:05')).toBe("du lun. 16 nov. au mer. 18 nov. 2026, jusqu'à 14:05");
    expect(rangeText({ start: '2025-12-29', end: '2026-01-02' })).toBe('du lun. 29 déc. 2025 au ven. 2 janv. 2026');
  });

  it('signs a change, and gives none against a zero reference', () => {
    expect(formatChange(change(123450, 100000))).toBe('+23,45\u00a0%');
    expect(formatChange(change(90, 100))).toBe('\u221210,00\u00a0%');
    expect(formatChange(change(100, 100))).toBe('0,00\u00a0%');
    expect(formatChange(change(100, 0))).toBe('—');
    expect(formatChange(change(0, 0))).toBe('—');
  });
});

describe('Flash du jour', () => {
  it('shows the four periods with French amounts, signed trends and a dash for a zero reference', async () => {
    const { calls } = serveFlash();
    renderApp('/stats/DashboardStats', user('admin'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard Stats' })).toBeTruthy();
    expect(await screen.findByText("Aujourd'hui jusqu'à 14:05")).toBeTruthy();
    expect(screen.getByText('mercredi 25 novembre 2026')).toBeTruthy();
    for (const name of ["Aujourd'hui", 'Hier', 'Cette semaine', 'Ce mois-ci']) {
      expect(await periodCard(name)).toBeTruthy();
    }

    const today = await periodCard("Aujourd'hui");
    const revenue = within(today).getByRole('group', { name: "Chiffre d'affaires TTC" });
    expect(within(revenue).getByText('1 234,50 €')).toBeTruthy();
    // 1 234,50 against 1 000,00 last Wednesday: up; nothing last year: a dash, never +∞ or −100 %.
    const up = within(revenue).getByText('+23,45 %');
    expect(up.closest('[data-trend]')?.getAttribute('data-trend')).toBe('up');
    expect(within(revenue).getByText('vs mercredi dernier')).toBeTruthy();
    expect(within(revenue).getByText("vs l'an dernier")).toBeTruthy();
    expect(within(revenue).getByText('—').closest('[data-trend]')?.getAttribute('data-trend')).toBe('none');
    expect(within(today).getByRole('group', { name: 'Commandes' }).textContent).toContain('98');
    expect(within(within(today).getByRole('group', { name: 'Panier moyen' })).getByText('12,60 €')).toBeTruthy();
    expect(within(today).getByRole('group', { name: "Chiffre d'affaires HT" })).toBeTruthy();
    expect(within(await periodCard('Hier')).getAllByText('vs mardi dernier').length).toBe(4);
    expect(within(await periodCard('Cette semaine')).getAllByText('vs semaine dernière').length).toBe(4);
    expect(within(await periodCard('Ce mois-ci')).getAllByText('vs mois dernier').length).toBe(4);

    // The comparison's dates and figure in the tooltip.
    await userEvent.hover(up);
    expect((await screen.findByRole('tooltip')).textContent).toBe("mer. 18 nov. 2026, jusqu'à 14:05 : 1\u202f000,00\u00a0€");
    expect(calls[0]?.get('restaurantId')).toBe('0');
  });

  it('shows a fall in red with its arrow', async () => {
    serveFlash(flash({}, { totals: [total({ current: figures(90000, 70), previous: figures(100000, 80), lastYear: figures(90000, 70) })] }));
    renderApp('/stats/SuiviQuotidien', user('admin'));
    const today = await periodCard("Aujourd'hui");
    const revenue = await within(today).findByRole('group', { name: "Chiffre d'affaires TTC" });
    expect(within(revenue).getByText('\u221210,00 %').closest('[data-trend]')?.getAttribute('data-trend')).toBe('down');
    expect(within(revenue).getByText('0,00 %').closest('[data-trend]')?.getAttribute('data-trend')).toBe('flat');
    expect(screen.getByRole('heading', { level: 1, name: 'Suivi Quotidien' })).toBeTruthy();
  });

  it('keeps one row of figures per currency, never adding EUR and CHF', async () => {
    serveFlash(
      flash({}, {
        totals: [
          total({ restaurants: 1, current: figures(1250, 1), previous: figures(1000, 1) }),
          total({ currency: 'CHF', restaurants: 1, current: figures(1250, 1), previous: figures(0, 0), byOrderType: [], bySource: [] }),
        ],
        restaurants: [
          flashRestaurant(1, 'Burger Bastille', 'EUR', figures(1250, 1), figures(1000, 1)),
          flashRestaurant(5, 'Burger Genève', 'CHF', figures(1250, 1)),
        ],
      }),
    );
    renderApp('/stats/DashboardStats', user('admin'));
    const today = await periodCard("Aujourd'hui");
    const eur = await within(today).findByRole('group', { name: 'Montants en EUR' });
    const chf = within(today).getByRole('group', { name: 'Montants en CHF' });
    expect(within(within(eur).getByRole('group', { name: "Chiffre d'affaires TTC" })).getByText('12,50 €')).toBeTruthy();
    expect(within(within(chf).getByRole('group', { name: "Chiffre d'affaires TTC" })).getByText('12,50 CHF')).toBeTruthy();
    // +25,00 % is the EUR trend; no amount of 25,00 anywhere.
    expect(document.body.textContent).not.toMatch(/25,00\s(€|CHF)/);

    const table = screen.getByRole('table', { name: 'Par restaurant' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('Burger Bastille')).toBeTruthy();
    // Revenue and basket of one order each, in the restaurant's own currency.
    expect(within(rows[1]!).getAllByText('12,50 €')).toHaveLength(2);
    expect(within(rows[2]!).getByText('Burger Genève')).toBeTruthy();
    expect(within(rows[2]!).getAllByText('12,50 CHF')).toHaveLength(2);
  });

  it('breaks the revenue down by order type and source with shares and trends', async () => {
    serveFlash();
    renderApp('/stats/DashboardStats', user('admin'));
    const types = await screen.findByRole('table', { name: 'Par type de commande' });
    const sur = within(types).getByText('Sur place').closest('tr')!;
    expect(within(sur).getByText('823,00 €')).toBeTruthy();
    expect(within(sur).getByText('66,7 %')).toBeTruthy();
    expect(within(sur).getByText('+17,57 %')).toBeTruthy();
    // Nothing taken away last Wednesday: no trend.
    expect(within(within(types).getByText('A emporter').closest('tr')!).getByText('—')).toBeTruthy();
    const sources = screen.getByRole('table', { name: 'Par source' });
    expect(within(within(sources).getByText('Borne').closest('tr')!).getByText('\u22125,26 %')).toBeTruthy();

    // Another period's detail.
    await userEvent.click(screen.getByRole('tab', { name: 'Ce mois-ci' }));
    expect(within(screen.getByRole('table', { name: 'Par type de commande' })).getByRole('columnheader', { name: 'Évolution vs mois dernier' })).toBeTruthy();
  });

  it('sorts the restaurants by any column', async () => {
    serveFlash();
    renderApp('/stats/DashboardStats', user('admin'));
    const table = await screen.findByRole('table', { name: 'Par restaurant' });
    const names = () => within(table).getAllByRole('row').slice(1).map((r) => r.querySelector('td')?.textContent);
    expect(names()).toEqual(['Burger Bastille', 'Burger Confluence']);
    await userEvent.click(within(table).getByRole('button', { name: 'Restaurant' }));
    expect(names()).toEqual(['Burger Confluence', 'Burger Bastille']);
    await userEvent.click(within(table).getByRole('button', { name: 'Restaurant' }));
    expect(names()).toEqual(['Burger Bastille', 'Burger Confluence']);
    // Confluence had nothing last year: a dash, sorted last.
    await userEvent.click(within(table).getByRole('button', { name: "CA vs l'an dernier" }));
    expect(names()).toEqual(['Burger Bastille', 'Burger Confluence']);
  });

  it('says when a period has no order', async () => {
    serveFlash(
      flash({
        periods: [
          period('today', { totals: [total({ current: figures(0, 0), previous: figures(5000, 3), byOrderType: [], bySource: [] })] }),
          period('yesterday'),
          period('week'),
          period('month'),
        ],
      }),
    );
    renderApp('/stats/DashboardStats', user('admin'));
    const today = await periodCard("Aujourd'hui");
    expect(await within(today).findByText('Aucune commande sur cette période')).toBeTruthy();
    expect(within(today).getByText('Mercredi dernier : 3 commandes, 50,00 €')).toBeTruthy();
    expect(within(today).queryByRole('group', { name: "Chiffre d'affaires TTC" })).toBeNull();
    // The others still show their figures.
    expect(within(await periodCard('Hier')).getByRole('group', { name: "Chiffre d'affaires TTC" })).toBeTruthy();
  });

  it('shows the error and asks again on retry', async () => {
    const api = serveFlash(problem);
    renderApp('/stats/DashboardStats', user('admin'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Le flash est indisponible pour le moment.')).toBeTruthy();
    api.set(flash());
    await userEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText("Aujourd'hui jusqu'à 14:05")).toBeTruthy();
    expect(await periodCard('Ce mois-ci')).toBeTruthy();
  });

  it('keeps the last figures when a refresh fails, and says so', async () => {
    const api = serveFlash();
    const { client } = renderApp('/stats/DashboardStats', user('admin'));
    await within(await periodCard("Aujourd'hui")).findByText('1 234,50 €');
    api.set(problem);
    invalidateFor(client, 'orders.changed');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Les chiffres affichés sont ceux de 14:05.');
    expect(within(await periodCard("Aujourd'hui")).getByText('1 234,50 €')).toBeTruthy();
  });

  it('asks for the restaurant chosen in the selector', async () => {
    const { calls } = serveFlash();
    renderApp('/stats/DashboardStats', user('admin'));
    await screen.findByText("Aujourd'hui jusqu'à 14:05");
    await userEvent.click(screen.getByRole('button', { name: /Selectionner Restaurant/ }));
    const list = await screen.findByRole('list', { name: 'Restaurants' });
    await userEvent.click(within(list).getByText('Pizza Vieux-Port'));
    await waitFor(() => expect(calls.at(-1)?.get('restaurantId')).toBe('3'));
  });

  it('refetches on orders.changed', async () => {
    const api = serveFlash();
    const { client } = renderApp('/stats/DashboardStats', user('admin'));
    const today = await periodCard("Aujourd'hui");
    await within(today).findByText('1 234,50 €');
    api.set(flash({ until: '14:06' }, { totals: [total({ current: figures(124700, 99) })] }));
    invalidateFor(client, 'orders.changed');
    expect(await screen.findByText("Aujourd'hui jusqu'à 14:06")).toBeTruthy();
    expect(within(await periodCard("Aujourd'hui")).getByText('1 247,00 €')).toBeTruthy();
  });
});
