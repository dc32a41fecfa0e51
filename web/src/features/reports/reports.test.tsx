import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp, renderWithProviders } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import { EMPTY_TEXT } from '../../components/EmptyState';
import { currentMonthRange } from './format';
import { ReportTable, type ReportColumn } from './components/ReportTable';
import { reportKeys } from './queries';
import { invalidateFor } from '../../app/serverEvents';
import type { DiscountedRow, DiscountReport, PerformanceReport, PerfRow, ProductReport } from './types';
import { dateValue, setDate } from '../../test/dates';

const slow = { timeout: 10_000 };
const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');
const problem = (status: number, detail: string) =>
  HttpResponse.json({ status, title: 'Erreur', detail }, { status, headers: { 'Content-Type': 'application/problem+json' } });

function perf(name: string, temps: number, fast = 10, patch: Partial<PerfRow> = {}): PerfRow {
  return { name, temps_sortie: temps, nbr_cmd: 1234, quantity: 2345, fast_trank: fast, speciaux: 12.5, normaux: 87.5, ...patch };
}

const performance: PerformanceReport = {
  byRestaurant: [perf('Burger Bastille', 3.5), perf('Burger Confluence', 70, 300)],
  byDay: [{ label: '2026-11-01', value: 10.5 }],
  heatmap: Array.from({ length: 24 }, (_, hour) => ({
    hour,
    weekdays: [hour === 13 ? 20 : null, 5, null, null, null, null, 10], // null: no exit time (no order)
    orders: [hour === 13 ? 4 : 0, 1, 0, 0, 0, 0, 2],
  })),
  timeZone: 'UTC',
  byOrderType: [{ label: 'Sur Place', value: 9 }],
  byCategory: [perf('Burgers', 12)],
  byProduct: [perf('Le Classique', 131, 20, { category: 'Burgers' })],
};

function servePerformance(body: PerformanceReport = performance) {
  const calls: URLSearchParams[] = [];
  server.use(
    http.get('*/api/v1/franchise', () => HttpResponse.json({ currency: 'EUR' })),
    http.get('*/api/v1/reports/performance', ({ request }) => {
      calls.push(new URL(request.url).searchParams);
      return HttpResponse.json(body);
    }),
  );
  return calls;
}

describe('ReportTable', () => {
  type Row = { n: number };
  const columns: ReportColumn<Row>[] = [{ key: 'n', header: 'Numéro', render: (r) => `ligne ${r.n}`, align: 'right' }];
  const rows = Array.from({ length: 30 }, (_, i) => ({ n: i + 1 }));

  it('pages by 25 by default, offers 5, 10, 25 and Tout, and returns to page 0 on a size change', async () => {
    renderWithProviders(<ReportTable label="Essai" columns={columns} rows={rows} rowKey={(r) => r.n} />);
    const table = screen.getByRole('table', { name: 'Essai' });
    expect(within(table).getAllByRole('row')).toHaveLength(26); // header + 25
    expect(screen.getByText('1–25 sur 30')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(screen.getByText('26–30 sur 30')).toBeTruthy();
    expect(within(table).getByText('ligne 26')).toBeTruthy();

    await userEvent.click(screen.getByRole('combobox', { name: /Lignes par page/ }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['5', '10', '25', 'Tout']);
    await userEvent.click(screen.getByRole('option', { name: '5' }));
    expect(screen.getByText('1–5 sur 30')).toBeTruthy();
    expect(within(table).getByText('ligne 1')).toBeTruthy();

    await userEvent.click(screen.getByRole('combobox', { name: /Lignes par page/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Tout' }));
    expect(within(table).getAllByRole('row')).toHaveLength(31);
  });

  it('says so when there is nothing, and shows the server detail on error', () => {
    const { unmount } = renderWithProviders(<ReportTable label="Vide" columns={columns} rows={[]} rowKey={(r) => r.n} />);
    expect(screen.getByText(EMPTY_TEXT)).toBeTruthy();
    expect(EMPTY_TEXT).toBe('Aucun données à afficher.');
    unmount();
    renderWithProviders(<ReportTable label="Erreur" columns={columns} rows={undefined} error={new Error('x')} rowKey={(r) => r.n} />);
    expect(screen.getByRole('alert').textContent).toContain("Une erreur s'est produite lors de la récupération des données.");
  });
});

describe('Performance Franchise', () => {
  it('asks the current month for all restaurants and shows the six widgets', async () => {
    const calls = servePerformance();
    renderApp('/brigade/mesperformances', user('admin'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Performance Franchise' }, slow)).toBeTruthy();
    for (const title of [
      'Temps de Sortie Moyen Par Resto',
      'Temps de Sortie Moyen Par jour',
      'Temps de Sortie Par Jour',
      'Temps de Sortie par Type de Commande',
      'Temps de Sortie Moyen Par Category',
      'Temps de Sortie Moyen Par Produit',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeTruthy();
    }
    const { start, end } = currentMonthRange();
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(calls[0]!.get('start')).toBe(start);
    expect(calls[0]!.get('end')).toBe(end);
    expect(calls[0]!.get('restaurantId')).toBe('0');
    expect(calls[0]!.get('tz')).toBeNull();
    expect(dateValue('Date Debut')).toBe(start);
    expect(dateValue('Date Fin')).toBe(end);

    const products = await screen.findByRole('table', { name: 'Temps de Sortie Moyen Par Produit' }, slow);
    const headers = within(products).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Produit', 'Temps de Sortie Moyen (minutes)', 'Nombre de Commandes', 'Quantité Produits', 'Fast Trank', '%Speciaux', '%Normaux']);
    const row = within(products).getByText('Le Classique').closest('tr')!;
    const cells = within(row).getAllByRole('cell').map((c) => plain(c.textContent));
    expect(cells).toEqual(['Le Classique', '131,00', '1 234', '2 345', '20', '12,50 %', '87,50 %']);
  });

  it('shows the exact average rounded once (5,25, not 5,20) and no average as a dash, never 0', async () => {
    const heatmap = performance.heatmap!.map((r) => ({ ...r, weekdays: [...r.weekdays!], orders: [...r.orders!] }));
    heatmap[9]!.weekdays[2] = null; // orders, none with an exit time
    heatmap[9]!.orders[2] = 3;
    servePerformance({
      ...performance,
      byRestaurant: [perf('Burger Bastille', 5.25), perf('Burger Sans Sortie', null as unknown as number)],
      heatmap,
    });
    renderApp('/brigade/mesperformances', user('admin'));
    const table = await screen.findByRole('table', { name: 'Temps de Sortie Moyen Par Resto' }, slow);
    await within(table).findByText('Burger Bastille', undefined, slow);
    const cellsOf = (name: string) => within(within(table).getByText(name).closest('tr')!).getAllByRole('cell');
    expect(plain(cellsOf('Burger Bastille')[1]!.textContent)).toBe('5,25');
    const none = cellsOf('Burger Sans Sortie')[1]!;
    expect(plain(none.textContent)).toBe('—');
    expect(none.querySelector('[data-band-level]')).toBeNull();
    const heat = screen.getByRole('table', { name: 'Temps de Sortie Par Jour' });
    const nine = within(heat).getAllByRole('row')[10]!; // header, then 00 h … 09 h
    expect(plain(within(nine).getAllByRole('cell')[2]!.textContent)).toBe('–');
  });

  it('colours exit times and fast trank by band, green to red', async () => {
    servePerformance();
    renderApp('/brigade/mesperformances', user('admin'));
    const table = await screen.findByRole('table', { name: 'Temps de Sortie Moyen Par Resto' }, slow);
    await within(table).findByText('Burger Bastille', undefined, slow);
    const fast = within(table).getByText('3,50');
    const slowest = within(table).getByText('70,00');
    expect((fast).getAttribute('data-band-level')).toBe('0.00');
    expect((slowest).getAttribute('data-band-level')).toBe('1.00');
    expect(fast.style.backgroundColor).toBe('rgb(46, 160, 67)');
    expect(slowest.style.backgroundColor).toBe('rgb(211, 47, 47)');
    // Fast trank 300 ≥ 260: red; sorted slowest first.
    expect((within(table).getByText('300')).getAttribute('data-band-level')).toBe('1.00');
    const names = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0]!.textContent);
    expect(names).toEqual(['Burger Confluence', 'Burger Bastille']);
    // The product 131 min ≥ 130: red on the 10-minute scale.
    const products = screen.getByRole('table', { name: 'Temps de Sortie Moyen Par Produit' });
    expect((within(products).getByText('131,00')).getAttribute('data-band-level')).toBe('1.00');
  });

  it('draws the heat map Sunday first, switches to 12 h and asks another zone', async () => {
    const calls = servePerformance();
    renderApp('/brigade/mesperformances', user('admin'));
    const heat = await screen.findByRole('table', { name: 'Temps de Sortie Par Jour' }, slow);
    await within(heat).findByText('13 h', undefined, slow);
    const days = within(heat).getAllByRole('columnheader').map((h) => h.textContent);
    expect(days).toEqual(['Heure', 'Dimanche', 'Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi']);
    // Intensity relative to the maximum (20): 20 → 1, 10 → 0.5, 5 → 0.25.
    const row13 = within(heat).getByRole('rowheader', { name: '13 h' }).closest('tr')!;
    const cells = within(row13).getAllByRole('cell');
    expect(cells[0]!.getAttribute('data-intensity')).toBe('1.00');
    expect(cells[6]!.getAttribute('data-intensity')).toBe('0.50');
    expect(cells[1]!.getAttribute('data-intensity')).toBe('0.25');
    expect(cells[2]!.textContent).toContain('–');

    expect((screen.getByRole('button', { name: '24 h' })).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: '12 h' }));
    expect(within(heat).getByRole('rowheader', { name: '1 PM' })).toBeTruthy();
    expect(within(heat).getByRole('rowheader', { name: '12 AM' })).toBeTruthy();

    expect(screen.getByLabelText('Fuseau horaire').textContent).toContain('GMT (UTC)');
    await userEvent.click(screen.getByLabelText('Fuseau horaire'));
    const zones = screen.getAllByRole('option').map((o) => o.textContent);
    expect(zones).toHaveLength(8);
    await userEvent.click(screen.getByRole('option', { name: 'SA — Asia/Riyadh' }));
    await waitFor(() => expect(calls.some((c) => c.get('tz') === 'Asia/Riyadh')).toBe(true));
  });

  it('asks again when the server says orders changed', async () => {
    const calls = servePerformance();
    const { client } = renderApp('/brigade/mesperformances', user('admin'));
    await screen.findByRole('table', { name: 'Temps de Sortie Moyen Par Resto' }, slow);
    await waitFor(() => expect(calls).toHaveLength(1));
    invalidateFor(client, 'orders.changed');
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(2));
  });

  it('shows the server detail when the call fails', async () => {
    server.use(
      http.get('*/api/v1/franchise', () => HttpResponse.json({ currency: 'EUR' })),
      http.get('*/api/v1/reports/performance', () => problem(403, 'Franchise bloquée : maintenance impayée.')),
    );
    renderApp('/brigade/mesperformances', user('admin'));
    const alerts = await screen.findAllByText('Franchise bloquée : maintenance impayée.', undefined, slow);
    expect(alerts.length).toBeGreaterThan(0);
  });

  it('Mes Performances asks for a restaurant first, then queries that one', async () => {
    const calls = servePerformance();
    renderApp('/Cncstats/BetaMesPerformances', user('admin'));
    expect(await screen.findByText('Veuillez Choisir un restaurant.', undefined, slow)).toBeTruthy();
    expect(calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: /Selectionner Restaurant/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Selectionner Restaurant' });
    await userEvent.click(within(drawer).getByText('Burger Confluence'));
    await waitFor(() => expect(calls.at(-1)?.get('restaurantId')).toBe('2'));
  });

  it('moderators have no selector and see their restaurant straight away', async () => {
    const calls = servePerformance();
    renderApp('/Cncstats/BetaMesPerformances', user('moderator'));
    await screen.findByRole('table', { name: 'Temps de Sortie Moyen Par Resto' }, slow);
    expect(screen.queryByRole('button', { name: /Selectionner Restaurant/ })).toBeNull();
    expect(screen.queryByText('Veuillez Choisir un restaurant.')).toBeNull();
    expect(calls[0]!.get('restaurantId')).toBe('0');
  });
});

describe('Mes Produits (report)', () => {
  const report: ProductReport = {
    currency: 'EUR',
    currencies: [{ code: 'EUR', restaurants: 2 }],
    ranking: [
      { name: 'Frites', category: 'Accompagnements', total: 40, ttcCents: 12000 },
      { name: 'Le Classique', category: 'Burgers', total: 1250, ttcCents: 1237500 },
    ],
    categories: [
      // Sold at two rates (dine-in 10 %, take-away 5,5 %): both shown, never TVA ÷ HT (10,00 %).
      { name: 'Burgers', ca_ttc: 1237500, ca_ht: 1125000, tva: 112500, vatRatesBp: [1000, 550] },
      { name: 'Accompagnements', ca_ttc: 1250, ca_ht: 1185, tva: 65, vatRatesBp: [550] },
    ],
  };

  function serveProducts(body: ProductReport = report) {
    const calls: URLSearchParams[] = [];
    server.use(
      http.get('*/api/v1/franchise', () => HttpResponse.json({ currency: 'EUR' })),
      http.get('*/api/v1/reports/products', ({ request }) => {
        calls.push(new URL(request.url).searchParams);
        return HttpResponse.json(body);
      }),
    );
    return calls;
  }

  it('shows the donut from real categories and both rankings, in euros, without a restaurant filter', async () => {
    const calls = serveProducts();
    renderApp('/brigade/mesproduits', user('admin'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes Produits' }, slow)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Selectionner Restaurant/ })).toBeNull();
    const legend = await screen.findByRole('list', { name: 'Légende : Camembert CA Franchise Par Catégorie Produit' }, slow);
    const items = within(legend).getAllByRole('listitem').map((li) => plain(li.textContent));
    expect(items[0]).toBe('Burgers12 375,00 €99,9 %');
    expect(items[1]).toBe('Accompagnements12,50 €0,1 %');

    const ranking = screen.getByRole('table', { name: 'Table Classement Produit' });
    expect(within(ranking).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nom du produit', 'Nombre de Produits Vendus']);
    const rows = within(ranking).getAllByRole('row').slice(1).map((r) => plain(r.textContent));
    expect(rows).toEqual(['Le Classique1 250', 'Frites40']);

    const categories = screen.getByRole('table', { name: 'Table Classement Catégorie' });
    expect(within(categories).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Catégorie', 'CA TTC', 'CA HT', '% TVA', 'TVA']);
    const burgers = within(categories).getByText('Burgers').closest('tr')!;
    expect(within(burgers).getAllByRole('cell').map((c) => plain(c.textContent))).toEqual(['Burgers', '12 375,00 €', '11 250,00 €', '5,5 % · 10 %', '1 125,00 €']);
    const sides = within(categories).getByText('Accompagnements').closest('tr')!;
    expect(plain(within(sides).getAllByRole('cell')[3]!.textContent)).toBe('5,5 %');
    expect(calls[0]!.get('restaurantId')).toBe('0');
    expect(calls[0]!.get('start')).toBe(currentMonthRange().start);
  });

  it('the v2 alias opens the same screen; an empty period says so', async () => {
    serveProducts({ ...report, ranking: [], categories: [] });
    renderApp('/v2/DashboardMesProduits', user('admin'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Table Classement Catégorie' }, slow)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('Aucun données à afficher.').length).toBeGreaterThanOrEqual(3));
  });

  it('keeps an impossible range on screen with a French message and does not ask', async () => {
    const calls = serveProducts();
    renderApp('/brigade/mesproduits', user('admin'));
    await screen.findAllByLabelText('Date Debut', undefined, slow);
    await waitFor(() => expect(calls).toHaveLength(1));
    const { end } = currentMonthRange();
    const after = `${Number(end.slice(0, 4)) + 1}${end.slice(4)}`;
    setDate('Date Debut', after);
    expect(await screen.findByText('La date de début est supérieure à la date de fin.')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });
});

describe('Mes Réductions', () => {
  const report: DiscountReport = {
    currency: 'EUR',
    currencies: [{ code: 'EUR', restaurants: 2 }],
    byType: [{ label: 'pourcentage', cents: 1250, orders: 3 }],
    bySource: [{ label: 'Borne', cents: 1250, orders: 3 }],
    byLabel: [{ label: 'Happy Hour', cents: 1250, orders: 3 }],
    byCode: [{ label: 'BIENVENUE', cents: 450, orders: 2 }],
    series: [{ label: '2026-11-01', cents: 1250, orders: 3 }],
    byRestaurant: [{ label: 'Burger Bastille', cents: 1250, orders: 3 }],
    totalCents: 1250,
  };
  const row = (i: number): DiscountedRow => ({
    id: i,
    id_commande: `CMD-${i}`,
    type_discount: 'pourcentage',
    discount_value: 1000,
    discountCents: 250,
    real_totalCents: 2500,
    totalCents: 2250,
    type_order: 'Sur Place',
    label_discount: 'Happy Hour',
    cashier: 'Léa',
    source: 'caisse',
    paid_at: '2026-11-03T11:30:00Z',
    restaurant: 'Burger Bastille',
  });

  function serveDiscounts() {
    const calls = { report: [] as URLSearchParams[], orders: [] as URLSearchParams[] };
    server.use(
      http.get('*/api/v1/franchise', () => HttpResponse.json({ currency: 'EUR' })),
      http.get('*/api/v1/reports/discounts', ({ request }) => {
        calls.report.push(new URL(request.url).searchParams);
        return HttpResponse.json(report);
      }),
      http.get('*/api/v1/reports/discounts/orders', ({ request }) => {
        const q = new URL(request.url).searchParams;
        calls.orders.push(q);
        const size = Number(q.get('pageSize'));
        const page = Number(q.get('page'));
        const all = Array.from({ length: 60 }, (_, i) => row(i + 1));
        const items = size === -1 ? all : all.slice(page * size, page * size + size);
        return HttpResponse.json({ items, total: all.length });
      }),
    );
    return calls;
  }

  it('shows the donuts, the daily curve, the restaurants and the orders in euros', async () => {
    const calls = serveDiscounts();
    renderApp('/brigade/mesreductions', user('admin'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes Réductions' }, slow)).toBeTruthy();
    for (const title of ['Graph de Réduction Par Jour', 'Liste Commande en Réduction', 'Réduction par Restaurant', 'Répartition par Code Promo']) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeTruthy();
    }
    const orders = await screen.findByRole('table', { name: 'Liste Commande en Réduction' }, slow);
    await within(orders).findByText('CMD-1', undefined, slow);
    expect(within(orders).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'N° de commande', 'Type de réduction', 'Réduction', 'Total réel', 'Total', 'Type commande', 'Libellé de réduction', 'Caissier', 'Source', 'Date paiement',
    ]);
    const first = within(orders).getByText('CMD-1').closest('tr')!;
    const cells = within(first).getAllByRole('cell').map((c) => plain(c.textContent));
    expect(cells.slice(0, 9)).toEqual(['CMD-1', 'Pourcentage', '2,50 €(10 %)', '25,00 €', '22,50 €', 'Sur Place', 'Happy Hour', 'Léa', 'Caisse']);
    // Paid at in the restaurant's zone (Europe/Paris: UTC+1 in November).
    expect(cells[9]).toBe('03/11/2026 12:30');

    const restaurants = screen.getByRole('table', { name: 'Réduction par Restaurant' });
    expect(within(restaurants).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nom Restaurant', 'Réduction']);
    expect(plain(within(restaurants).getByText('Burger Bastille').closest('tr')!.textContent)).toBe('Burger Bastille12,50 €');
    expect(calls.report[0]!.get('grain')).toBe('day');
    expect(calls.orders[0]!.get('pageSize')).toBe('25');
  });

  it('switches to Par Mensuel, and pages the orders on the server, back to page 0 on a size change', async () => {
    const calls = serveDiscounts();
    renderApp('/brigade/mesreductions', user('admin'));
    const orders = await screen.findByRole('table', { name: 'Liste Commande en Réduction' }, slow);
    await within(orders).findByText('CMD-1', undefined, slow);

    await userEvent.click(screen.getByRole('button', { name: 'Par Mensuel' }));
    await waitFor(() => expect(calls.report.at(-1)!.get('grain')).toBe('month'));
    expect((screen.getByRole('button', { name: 'Par Mensuel' })).getAttribute('aria-pressed')).toBe('true');

    const region = screen.getByRole('region', { name: 'Liste Commande en Réduction' });
    await userEvent.click(within(region).getByRole('button', { name: 'Page suivante' }));
    await within(orders).findByText('CMD-26', undefined, slow);
    expect(calls.orders.at(-1)!.get('page')).toBe('1');

    await userEvent.click(within(region).getByRole('combobox', { name: /Lignes par page/ }));
    await userEvent.click(screen.getByRole('option', { name: '10' }));
    await waitFor(() => expect(calls.orders.at(-1)!.get('pageSize')).toBe('10'));
    expect(calls.orders.at(-1)!.get('page')).toBe('0');
    await within(orders).findByText('CMD-1', undefined, slow);
    expect(within(region).getByText('1–10 sur 60')).toBeTruthy();
  });

  it('the Cncstats alias opens the same screen', async () => {
    serveDiscounts();
    renderApp('/Cncstats/BetaMesReductions', user('admin'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Liste Commande en Réduction' }, slow)).toBeTruthy();
  });
});

describe('report keys', () => {
  it('live under reports, which order events make stale', () => {
    expect(reportKeys.performance({ start: 'a', end: 'b', restaurantId: 0 }, '')[0]).toBe('reports');
  });
});
