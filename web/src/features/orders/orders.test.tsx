import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import { collectOrder, counts, row, tillOrder } from './fixtures';
import { groupByVat, money, statusOf, taxRate, today, trend } from './format';
import { PDF_LABEL, PRINT_LABEL } from './components/OrderDetailPanel';
import { PRINT_FRAME_TITLE } from './print';
import { dateValue } from '../../test/dates';

const problem = (status: number, detail: string) =>
  HttpResponse.json({ status, title: 'Erreur', detail }, { status, headers: { 'Content-Type': 'application/problem+json' } });

/** Serves the orders screen; returns the query strings the list and counts calls received. */
function serveOrders(rows = [row(11, 'paid'), row(12, 'pending'), row(13, 'cancelled')], total = 40) {
  const lists: URLSearchParams[] = [];
  const countCalls: URLSearchParams[] = [];
  server.use(
    http.get('*/api/v1/reports/counts', ({ request }) => {
      countCalls.push(new URL(request.url).searchParams);
      return HttpResponse.json(counts);
    }),
    http.get('*/api/v1/orders', ({ request }) => {
      const q = new URL(request.url).searchParams;
      lists.push(q);
      if (q.get('source') === 'clickncollect') return HttpResponse.json({ items: [row(21, 'pending', { id_cmd: 'W-21', source: 'clickncollect' })], total: 1 });
      return HttpResponse.json({ items: rows, total });
    }),
    http.get('*/api/v1/orders/11', () => HttpResponse.json(tillOrder)),
    http.get('*/api/v1/orders/21', () => HttpResponse.json(collectOrder)),
  );
  return { lists, countCalls };
}

function chooseRestaurant(id: number) {
  window.sessionStorage.setItem('brigade.restaurant', JSON.stringify(id));
}

beforeEach(() => {
  server.use(http.get('*/api/v1/franchise', () => HttpResponse.json({ currency: 'EUR' })));
});
afterEach(() => vi.restoreAllMocks());

// These tests render the whole app: the first one in a worker loads the lazy page chunks, which a
// loaded machine can take well over the default 5 s to do.
beforeAll(() => configure({ asyncUtilTimeout: 15_000 }));
afterAll(() => configure({ asyncUtilTimeout: 5000 }));

describe('order formatting', () => {
  it('writes money, tax rates and trends the French way', () => {
    expect(money(1250, 'EUR')).toBe('12,50\u00a0€');
    expect(money(1250, 'CHF')).toBe('12,50\u00a0CHF');
    expect(money(123456, 'EUR')).toBe('1\u202f234,56\u00a0€');
    expect(money(123456, 'MAD')).toMatch(/^1\u202f234,56\u00a0MAD$/);
    expect(taxRate(550)).toBe('5,5\u00a0%');
    expect(taxRate(1000)).toBe('10\u00a0%');
    expect(taxRate(220)).toBe('2,2\u00a0%');
    expect(trend(12.345)).toBe('+12,35\u00a0%');
    expect(trend(-5)).toBe('−5,00\u00a0%');
  });

  it('treats every status but paid and pending as cancelled', () => {
    expect(statusOf('paid')).toEqual({ label: 'Payée', tone: 'success' });
    expect(statusOf('pending')).toEqual({ label: 'En attente', tone: 'warning' });
    expect(statusOf('refunded').tone).toBe('error');
  });

  it('groups click & collect lines by VAT rate with HT, TVA and TTC sums', () => {
    const groups = groupByVat([
      ...collectOrder.order.lines!,
      { name: 'Eau', quantity: 1, unit_price_cents: 211, total_cents: 211, tax_rate_bp: 550 },
    ]);
    expect(groups.map((g) => g.rateBp)).toEqual([550, 1000]);
    expect(groups[1]).toMatchObject({ ttcCents: 2200, htCents: 2000, vatCents: 200 });
    expect(groups[0]).toMatchObject({ ttcCents: 211, htCents: 200, vatCents: 11 });
  });
});

describe('Mes Commandes', () => {
  it('asks for a restaurant first, and shows the three counts with their trend', async () => {
    const { countCalls } = serveOrders();
    renderApp('/brigade/mescommandes', user('admin'));
    expect(await screen.findByText('Veuillez Choisir un restaurant.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Selectionner Restaurant (4)' })).toBeTruthy();
    const confirmed = await screen.findByRole('region', { name: 'Commandes confirmées' });
    expect(within(confirmed).getByText('120')).toBeTruthy();
    expect(within(confirmed).getByText('+20,00 %')).toBeTruthy();
    // A fall in cancellations is good news: green.
    const cancelled = screen.getByRole('region', { name: 'Commandes annulées' });
    expect(within(cancelled).getByText('−20,00 %').closest('[data-tone]')?.getAttribute('data-tone')).toBe('good');
    expect(screen.getByRole('region', { name: 'Commandes Click&Collect' })).toBeTruthy();
    expect(countCalls[0]?.get('start')).toBe(today());
    expect(countCalls[0]?.get('end')).toBe(today());
    expect(dateValue('Date Debut')).toBe(today());
    expect(dateValue('Date Fin')).toBe(today());
    expect(screen.queryByText('Liste Commandes - Caisse & Borne')).toBeNull();
  });

  it('lists a restaurant’s till and kiosk orders with the legend and shows the chosen one’s ticket', async () => {
    const { lists } = serveOrders();
    chooseRestaurant(1);
    renderApp('/brigade/mescommandes', user('admin'));

    expect(await screen.findByRole('heading', { name: 'Liste Commandes - Caisse & Borne' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Liste Commandes - Caisse & Borne' });
    expect(lists.at(-1)?.toString()).toBe(`start=${today()}&end=${today()}&restaurantId=1&source=caisse_borne&page=0&pageSize=25`);
    const legend = screen.getByRole('list', { name: 'Légende' });
    expect(within(legend).getByText('payé').closest('[data-tone]')?.getAttribute('data-tone')).toBe('success');
    expect(within(legend).getByText('En attente').closest('[data-tone]')?.getAttribute('data-tone')).toBe('warning');
    expect(within(legend).getByText('Annulé').closest('[data-tone]')?.getAttribute('data-tone')).toBe('error');

    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1]!).getByText('C-11')).toBeTruthy();
    expect(within(rows[1]!).getByText('137,50 €')).toBeTruthy();
    expect(within(rows[1]!).getByText('Payée').closest('[data-tone]')?.getAttribute('data-tone')).toBe('success');
    expect(within(rows[3]!).getByText('Annulée').closest('[data-tone]')?.getAttribute('data-tone')).toBe('error');
    // Paid at 11:30 UTC, shown in the restaurant's zone (Paris, UTC+1 in November).
    expect(within(rows[1]!).getByText('21/11 12:30')).toBeTruthy();
    expect(within(rows[1]!).getByTitle('21/11/2026 12:30')).toBeTruthy();

    expect(screen.getByText('Cliquez sur une commande pour voir les détails')).toBeTruthy();
    await userEvent.click(within(rows[1]!).getByText('C-11'));
    expect(rows[1]!.getAttribute('aria-selected')).toBe('true');

    const ticket = await screen.findByTestId('order-ticket');
    expect(within(ticket).getByText('Commande n° C-11')).toBeTruthy();
    expect(within(ticket).getByText('A Emporter')).toBeTruthy();
    expect(within(ticket).getByText('Burger Classique')).toBeTruthy();
    expect(within(ticket).getByText(/Supplément cheddar \(Suppléments\)/)).toBeTruthy();
    const vat = within(ticket).getByRole('table', { name: 'TVA par taux' });
    expect(within(vat).getByText('5,5 %')).toBeTruthy();
    expect(within(vat).getByText('10 %')).toBeTruthy();
    expect(within(vat).getByText('18,90 €')).toBeTruthy();
    expect(within(ticket).getByText(/Réduction « Fidélité » \(10 %\)/)).toBeTruthy();
    expect(within(ticket).getByText('−2,70 €')).toBeTruthy();
    expect(within(ticket).getByText('Carte bancaire')).toBeTruthy();
    expect(within(ticket).getByText('Espèces')).toBeTruthy();
    expect(within(ticket).getByText('24,30 €')).toBeTruthy();
    expect(screen.getByRole('button', { name: PDF_LABEL })).toBeTruthy();
    expect(screen.getByRole('button', { name: PRINT_LABEL })).toBeTruthy();
  });

  it('offers 5 to 200 rows and Tout, and goes back to the first page when the size changes', async () => {
    const { lists } = serveOrders();
    chooseRestaurant(1);
    renderApp('/brigade/mescommandes', user('admin'));
    await screen.findByRole('table', { name: 'Liste Commandes - Caisse & Borne' });

    await userEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => expect(lists.at(-1)?.get('page')).toBe('1'));

    await userEvent.click(screen.getByRole('combobox', { name: /Lignes par page/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['5', '10', '25', '50', '100', '200', 'Tout']);
    await userEvent.click(screen.getByRole('option', { name: 'Tout' }));
    await waitFor(() => expect(lists.at(-1)?.get('pageSize')).toBe('-1'));
    expect(lists.at(-1)?.get('page')).toBe('0');
  });

  it('switches to the Click&Collect source, with the customer, fees and lines grouped by VAT rate', async () => {
    const { lists } = serveOrders();
    chooseRestaurant(1);
    renderApp('/brigade/mescommandes', user('admin'));
    await screen.findByRole('table', { name: 'Liste Commandes - Caisse & Borne' });

    await userEvent.click(screen.getByRole('combobox', { name: 'Source' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Clickncollect' }));
    const table = await screen.findByRole('table', { name: 'Liste Commandes - Click&Collect' });
    expect(lists.at(-1)?.get('source')).toBe('clickncollect');
    await userEvent.click(within(table).getByText('W-21'));

    const ticket = await screen.findByTestId('order-ticket');
    expect(within(ticket).getByText('Léa Martin')).toBeTruthy();
    expect(within(ticket).getByText('06 12 34 56 78')).toBeTruthy();
    expect(within(ticket).getByText('Frais de livraison')).toBeTruthy();
    expect(within(ticket).getByText('Frais de gestion')).toBeTruthy();
    const group = within(ticket).getByTestId('vat-group-1000');
    expect(group.textContent?.replace(/\s/g, ' ')).toBe('HT 20,00 € · TVA 2,00 € · TTC 22,00 €');
  });

  it('opens on the Click&Collect source from /Cncstats/SuiviCnCListCommand and keeps /Cncstats/BetaMesCommandes on Caisse & Borne', async () => {
    serveOrders();
    chooseRestaurant(1);
    const { unmount } = renderApp('/Cncstats/SuiviCnCListCommand', user('admin'));
    expect(await screen.findByRole('table', { name: 'Liste Commandes - Click&Collect' })).toBeTruthy();
    unmount();
    renderApp('/Cncstats/BetaMesCommandes', user('admin'));
    expect(await screen.findByRole('table', { name: 'Liste Commandes - Caisse & Borne' })).toBeTruthy();
  });

  it('gives a moderator their own restaurant without a selector', async () => {
    const { lists } = serveOrders();
    renderApp('/brigade/mescommandes', user('moderator', { siret: '12345678900002' }));
    await screen.findByRole('table', { name: 'Liste Commandes - Caisse & Borne' });
    expect(lists.at(-1)?.get('restaurantId')).toBe('2');
    expect(screen.queryByRole('button', { name: /Selectionner Restaurant/ })).toBeNull();
  });

  it('shows the server’s French detail when the list fails', async () => {
    serveOrders();
    server.use(http.get('*/api/v1/orders', () => problem(403, "L'accès aux statistiques est suspendu.")));
    chooseRestaurant(1);
    renderApp('/brigade/mescommandes', user('admin'));
    expect(await screen.findByText("L'accès aux statistiques est suspendu.")).toBeTruthy();
  });

  it('downloads the ticket as {order_id}.pdf with the session token', async () => {
    serveOrders();
    let auth: string | null = null;
    server.use(
      http.get('*/api/v1/orders/11/ticket.pdf', ({ request }) => {
        auth = request.headers.get('Authorization');
        return new HttpResponse('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf' } });
      }),
    );
    const created = vi.fn(() => 'blob:ticket');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    chooseRestaurant(1);
    renderApp('/brigade/mescommandes', user('admin'));
    const table = await screen.findByRole('table', { name: 'Liste Commandes - Caisse & Borne' });
    await userEvent.click(within(table).getByText('C-11'));
    await userEvent.click(await screen.findByRole('button', { name: PDF_LABEL }));
    await waitFor(() => expect(names).toEqual(['C-11.pdf']));
    expect(auth).toBe('Bearer token-admin');
  });

  it('prints the ticket alone from a print frame', async () => {
    serveOrders();
    // jsdom has no print dialog: it reports window.print as not implemented.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    chooseRestaurant(1);
    renderApp('/brigade/mescommandes', user('admin'));
    const table = await screen.findByRole('table', { name: 'Liste Commandes - Caisse & Borne' });
    await userEvent.click(within(table).getByText('C-11'));
    await screen.findByTestId('order-ticket');
    await userEvent.click(screen.getByRole('button', { name: PRINT_LABEL }));
    const frame = document.querySelector<HTMLIFrameElement>(`iframe[title="${PRINT_FRAME_TITLE}"]`);
    const printed = frame?.contentDocument?.body;
    expect(printed?.textContent).toContain('Commande n° C-11');
    expect(printed?.textContent).not.toContain('Liste Commandes');
    expect(frame?.contentDocument?.head.textContent).toContain('size: A4 portrait; margin: 10mm;');
    expect(frame?.contentDocument?.title).toBe('Ticket C-11');
  });
});

describe('Mes Commandes deep link', () => {
  it('shows only the order detail, looked up by order_id, siret and keenio', async () => {
    let query = '';
    server.use(
      http.get('*/api/v1/orders/lookup', ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json(tillOrder);
      }),
    );
    renderApp('/brigade/mescommandes?order_id=C-11&siret=12345678900001&keenio=K-1', user('admin'));
    const ticket = await screen.findByTestId('order-ticket');
    expect(query).toBe('?order_id=C-11&siret=12345678900001&keenio=K-1');
    expect(within(ticket).getByText('Commande n° C-11')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Détails de la commande' })).toBeTruthy();
    expect(screen.queryByText('Veuillez Choisir un restaurant.')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Commandes confirmées' })).toBeNull();
  });

  it('says in French when the order does not exist', async () => {
    server.use(http.get('*/api/v1/orders/lookup', () => problem(404, 'Commande introuvable.')));
    renderApp('/brigade/mescommandes?order_id=X&siret=1&keenio=2', user('admin'));
    expect(await screen.findByText(/Cette commande est introuvable/)).toBeTruthy();
  });

  it('shows the list screen when one of the three parameters is missing', async () => {
    serveOrders();
    renderApp('/brigade/mescommandes?order_id=C-11&siret=12345678900001', user('admin'));
    expect(await screen.findByText('Veuillez Choisir un restaurant.')).toBeTruthy();
  });
});
