import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import { tillOrder } from '../orders/fixtures';
import { cancelledOrder, cancelledPage, cancellations, clickAndCollect, collectFigures } from './fixtures';
import { pointsText, trend } from './format';
import type { Cancellations, ClickAndCollect } from './types';

// The whole app renders: the first test of a worker loads the lazy chunks, slow on a busy machine.
vi.setConfig({ testTimeout: 60_000 });
beforeAll(() => configure({ asyncUtilTimeout: 15_000 }));
afterAll(() => configure({ asyncUtilTimeout: 5000 }));
beforeEach(() => window.sessionStorage.clear());

const problem = () =>
  HttpResponse.json(
    { status: 500, title: 'Erreur', detail: 'Le rapport est indisponible pour le moment.' },
    { status: 500, headers: { 'Content-Type': 'application/problem+json' } },
  );

function serveCollect(answer: () => ClickAndCollect | Response = () => clickAndCollect()) {
  const calls: URLSearchParams[] = [];
  server.use(
    http.get('*/api/v1/reports/clickAndCollect', ({ request }) => {
      calls.push(new URL(request.url).searchParams);
      const out = answer();
      return out instanceof Response ? out : HttpResponse.json(out);
    }),
  );
  return calls;
}

function serveCancellations(answer: () => Cancellations | Response = () => cancellations()) {
  const calls: URLSearchParams[] = [];
  server.use(
    http.get('*/api/v1/reports/cancellations', () => {
      const out = answer();
      return out instanceof Response ? out : HttpResponse.json(out);
    }),
    http.get('*/api/v1/reports/cancellations/orders', ({ request }) => {
      const q = new URL(request.url).searchParams;
      calls.push(q);
      const page = Number(q.get('page') ?? 0);
      return HttpResponse.json(cancelledPage([cancelledOrder(11 + page), cancelledOrder(12 + page, { status: 'refunded', statusLabel: 'Remboursée', source: 'clickncollect' })], 30));
    }),
    http.get('*/api/v1/orders/11', () => HttpResponse.json(tillOrder)),
  );
  return calls;
}

const kpis = () => screen.findByRole('region', { name: 'Chiffres de la période' });
/** Text content with every space (Intl's no-break ones too) as a plain space. */
const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s/g, ' ');

describe('format', () => {
  it('says whether a change is good news, and a share’s change in points', () => {
    expect(trend(120, 100)).toMatchObject({ text: '+20,00\u00a0%', tone: 'good' });
    expect(trend(120, 100, 'down')).toMatchObject({ text: '+20,00\u00a0%', tone: 'bad' });
    expect(trend(5, 0).tone).toBe('none');
    expect(pointsText(10, 8.75)).toBe('+1,25\u00a0pt');
    expect(pointsText(8, 9)).toBe('\u22121,00\u00a0pt');
  });
});

describe('Click & collect', () => {
  it('opens the home on /Cncstats/BetaAccueil: five figures with their change, and the ways on', async () => {
    const calls = serveCollect();
    renderApp('/Cncstats/BetaAccueil', user('admin'));
    const row = await kpis();
    expect(calls[0]?.get('restaurantId')).toBe('0');
    expect(screen.getByRole('tab', { name: 'Accueil' }).getAttribute('aria-selected')).toBe('true');
    const ca = within(row).getByRole('group', { name: 'CA click & collect TTC' });
    expect(within(ca).getByText('3 703,50 €')).toBeTruthy();
    expect(within(ca).getByText('+23,45 %').closest('[data-tone]')?.getAttribute('data-tone')).toBe('good');
    const share = within(row).getByRole('group', { name: 'Part du CA total' });
    expect(within(share).getByText('10,00 %')).toBeTruthy();
    expect(within(share).getByText('+2,00 pt')).toBeTruthy();
    expect(within(within(row).getByRole('group', { name: 'Frais encaissés' })).getByText('45,00 €')).toBeTruthy();
    expect(within(within(row).getByRole('group', { name: 'Panier moyen' })).getByText('30,86 €')).toBeTruthy();
    expect(text(row)).toContain('Comparé à : du ven. 30 oct. au dim. 1 nov. 2026 (période précédente)');
    const links = screen.getByRole('navigation', { name: 'Accès rapides' });
    expect(within(links).getByRole('link', { name: /Commandes Click & Collect/ }).getAttribute('href')).toBe('/Cncstats/SuiviCnCListCommand');
    expect(within(links).getByRole('link', { name: /Mes Annulations/ }).getAttribute('href')).toBe('/Cncstats/MesAnnulations');
    expect(screen.queryByRole('heading', { name: 'Par restaurant' })).toBeNull();
  });

  it('opens the detail on /Cncstats/BetaMonClickncollect: types, restaurants, and every chart as a table', async () => {
    serveCollect();
    renderApp('/Cncstats/BetaMonClickncollect', user('admin'));
    await kpis();
    expect(screen.getByRole('tab', { name: 'Détail' }).getAttribute('aria-selected')).toBe('true');
    const rests = await screen.findByRole('table', { name: 'Par restaurant' });
    const rows = within(rests).getAllByRole('row').slice(1);
    expect(text(rows[0])).toContain('Burger Bastille');
    expect(text(rows[0])).toContain('2 500,00 €');
    expect(text(rows[0])).toContain('+25,00 %');
    expect(within(await screen.findByRole('table', { name: 'Par type de commande' })).getByText('A Emporter')).toBeTruthy();

    expect(screen.getByRole('heading', { name: 'Heures de pointe' }).closest('section, div')).toBeTruthy();
    expect(screen.getByText('Pic à 12 h · 50 commandes')).toBeTruthy();
    await userEvent.click(within(screen.getByRole('group', { name: 'Affichage des heures de pointe' })).getByRole('button', { name: 'Tableau' }));
    const hours = await screen.findByRole('table', { name: 'Heures de pointe' });
    const noon = within(hours).getAllByRole('row').find((r) => text(r).startsWith('12 h'));
    expect(text(noon)).toContain('1 500,00 €');

    await userEvent.click(within(screen.getByRole('group', { name: 'Affichage du chiffre d’affaires par jour' })).getByRole('button', { name: 'Tableau' }));
    const days = await screen.findByRole('table', { name: 'Chiffre d’affaires click & collect par jour' });
    expect(text(within(days).getAllByRole('row')[1])).toContain('lun. 2 nov.');
    expect(text(within(days).getAllByRole('row')[1])).toContain('1 234,50 €');
    // Every table exports (Excel or CSV).
    for (const name of ['Chiffre d’affaires click & collect par jour', 'Heures de pointe', 'Par type de commande', 'Par restaurant']) {
      expect((screen.getByRole('button', { name: `Exporter ${name}` }) as HTMLButtonElement).disabled).toBe(false);
    }
  });

  it('says when there is no click & collect order', async () => {
    serveCollect(() =>
      clickAndCollect({
        totals: { current: collectFigures(0, 0), previous: collectFigures(0, 0) },
        days: [],
        hours: Array.from({ length: 24 }, (_, h) => ({ hour: h, orders: 0, revenueCents: 0 })),
        types: [],
        restaurants: [],
      }),
    );
    renderApp('/Cncstats/BetaAccueil', user('admin'));
    await kpis();
    expect((await screen.findAllByText('Aucune commande click & collect sur cette période')).length).toBeGreaterThan(0);
  });

  it('shows the error with a retry', async () => {
    let fail = true;
    serveCollect(() => (fail ? problem() : clickAndCollect()));
    renderApp('/Cncstats/BetaMonClickncollect', user('admin'));
    expect(await screen.findByText('Le rapport est indisponible pour le moment.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /Réessayer/ }));
    await kpis();
  });
});

describe('Mes Annulations', () => {
  it('shows the cancellations, rising in red, the reason never given, and opens a cancelled order’s ticket', async () => {
    const calls = serveCancellations();
    renderApp('/Cncstats/MesAnnulations', user('admin'));
    const row = await kpis();
    const n = within(row).getByRole('group', { name: 'Commandes annulées' });
    expect(within(n).getByText('42')).toBeTruthy();
    expect(within(n).getByText('+40,00 %').closest('[data-tone]')?.getAttribute('data-tone')).toBe('bad');
    expect(within(within(row).getByRole('group', { name: 'Part des commandes' })).getByText('4,20 %')).toBeTruthy();
    expect(within(within(row).getByRole('group', { name: 'Dont remboursées' })).getByText('12')).toBeTruthy();

    const reasons = await screen.findByRole('table', { name: 'Par motif' });
    expect(within(reasons).getByText('Motif non renseigné')).toBeTruthy();
    expect(screen.getByText(/une commande envoyée déjà annulée n'en a pas/)).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Par source' })).getByText('Click&Collect')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Par équipement' })).getByText('Caisse 1')).toBeTruthy();
    for (const name of ['Annulations par jour', 'Par statut', 'Par source', 'Par motif', 'Par restaurant', 'Par équipement']) {
      expect((screen.getByRole('button', { name: `Exporter ${name}` }) as HTMLButtonElement).disabled).toBe(false);
    }

    const list = await screen.findByRole('table', { name: 'Dernières commandes annulées' });
    await waitFor(() => expect(within(list).getAllByRole('row').length).toBe(3));
    expect(calls[0]?.get('page')).toBe('0');
    expect(text(list)).toContain('C-12');
    expect(text(list)).toContain('Remboursée');
    expect((screen.getByRole('button', { name: 'Exporter Dernières commandes annulées' }) as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(within(list).getByText('C-11'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('order-ticket')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when nothing was cancelled', async () => {
    serveCancellations(() =>
      cancellations({
        totals: { current: { orders: 0, amountCents: 0, allOrders: 10, sharePct: 0 }, previous: { orders: 0, amountCents: 0, allOrders: 0, sharePct: 0 } },
        statuses: [],
        sources: [],
        reasons: [],
        days: [],
        restaurants: [],
        equipments: [],
      }),
    );
    renderApp('/Cncstats/MesAnnulations', user('admin'));
    await kpis();
    expect((await screen.findAllByText('Aucune commande annulée sur cette période')).length).toBeGreaterThan(0);
  });
});
