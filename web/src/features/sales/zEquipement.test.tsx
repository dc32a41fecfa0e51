import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import { EMPTY_TEXT } from '../../components/EmptyState';
import { currentMonthRange } from '../reports/format';
import { invalidateFor } from '../../app/serverEvents';
import { zColumns, zIdentityIssues, zTotals, type ZRow } from './zColumns';

const slow = { timeout: 10_000 };
const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** A consistent row: 10 % and 5,5 % VAT, card and cash payments, one platform order. */
function zRow(pseudo: string, equipment: string, id: number, patch: Partial<ZRow> = {}): ZRow {
  return {
    pseudo,
    restaurantId: id,
    currency: 'EUR',
    name_equipement: equipment,
    equipmentId: id * 10,
    totalp_platfrome: 123_456,
    totalTtc: 110_000,
    total_platform: 13_456,
    ca_ht: 111_000,
    tva: 12_456,
    tvaByRate: { '550': 2_456, '1000': 10_000 },
    discountCents: 0,
    payments: { cb: 80_000, especes: 30_000, plateforme: 13_456 },
    Promotion: 4,
    nbcommandes_ttc_platform: 1_234,
    nbcommande_platforme: 12,
    ...patch,
  };
}

function serveZ(rows: ZRow[], currency = 'EUR') {
  const calls: URLSearchParams[] = [];
  server.use(
    http.get('*/api/v1/franchise', () => HttpResponse.json({ currency })),
    http.get('*/api/v1/reports/z', ({ request }) => {
      calls.push(new URL(request.url).searchParams);
      return HttpResponse.json({ items: rows, currency, currencies: [{ code: currency, restaurants: 2 }] });
    }),
  );
  return calls;
}

const headers = [
  'Total plateforme comprise', 'Total TTC', 'CA HT', 'TVA',
  'TVA 2,2 %', 'TVA 2,5 %', 'TVA 5,5 %', 'TVA 7,7 %', 'TVA 8,5 %', 'TVA 10 %', 'TVA 20 %',
  'Plateforme', 'Espèces', 'Titres-restaurant', 'Carte bancaire', 'Monnayeur', 'Chèques-vacances', 'Avoir',
  'Promotion', 'Nb commandes', 'Nb commandes plateforme',
];

describe('Z Équipement', () => {
  it('asks for the current month over all restaurants and draws the wide table in French', async () => {
    const calls = serveZ([zRow('Bastille', 'Caisse 1', 1), zRow('Confluence', 'Borne 2', 2)]);
    renderApp('/brigade/zequipement', user('admin'));
    const table = await screen.findByRole('table', { name: 'Z Équipement' }, slow);
    const month = currentMonthRange();
    expect(calls[0]?.get('start')).toBe(month.start);
    expect(calls[0]?.get('end')).toBe(month.end);
    expect(calls[0]?.get('restaurantId')).toBe('0');

    const heads = within(table).getAllByRole('columnheader').map((h) => plain(h.textContent));
    expect(heads).toEqual(['Restaurant', 'Équipement', 'Totaux', 'TVA par taux', 'Paiements', 'Commandes', ...headers]);

    const body = within(table).getAllByRole('row').slice(2);
    const first = body[0]!;
    expect(within(first).getByRole('rowheader').textContent).toBe('Bastille');
    const cells = within(first).getAllByRole('cell').map((c) => plain(c.textContent));
    expect(cells.slice(0, 5)).toEqual(['Caisse 1', '1 234,56 €', '1 100,00 €', '1 110,00 €', '124,56 €']);
    expect(cells[7]).toBe('24,56 €'); // TVA 5,5 %
    expect(cells[10]).toBe('100,00 €'); // TVA 10 %
    expect(cells[12]).toBe('134,56 €'); // Plateforme
    expect(cells[15]).toBe('800,00 €'); // Carte bancaire
    expect(cells.slice(-3)).toEqual(['4', '1 234', '12']);

    // The total row adds up every row.
    const total = within(table).getAllByRole('row').at(-1)!;
    expect(within(total).getByRole('rowheader').textContent).toBe('Total');
    const totals = within(total).getAllByRole('cell').map((c) => plain(c.textContent));
    expect(totals[0]).toBe('2 équipements');
    expect(totals[1]).toBe('2 469,12 €');
    expect(totals.slice(-3)).toEqual(['8', '2 468', '24']);
    // Consistent rows carry no warning.
    expect(within(table).queryByLabelText('Totaux incohérents')).toBeNull();
  });

  it('documents each column in its header tooltip', async () => {
    serveZ([zRow('Bastille', 'Caisse 1', 1)]);
    renderApp('/brigade/zequipement', user('admin'));
    const table = await screen.findByRole('table', { name: 'Z Équipement' }, slow);
    await userEvent.hover(within(table).getByText('Total plateforme comprise'));
    const tip = await screen.findByRole('tooltip', {}, slow);
    expect(tip.textContent).toContain('= Total TTC + Plateforme = CA HT + TVA = somme des paiements');
    for (const c of zColumns) expect(c.help.length).toBeGreaterThan(10);
  });

  it('formats amounts in the currency of the answer; no currency choice for one currency', async () => {
    serveZ([zRow('Casablanca', 'Caisse 1', 1, { currency: 'MAD' })], 'MAD');
    renderApp('/brigade/zequipement', user('admin'));
    const table = await screen.findByRole('table', { name: 'Z Équipement' }, slow);
    await waitFor(() => expect(plain(within(table).getAllByRole('row')[2]?.textContent)).toContain('1 234,56 MAD'), slow);
    expect(screen.queryByRole('group', { name: 'Devise' })).toBeNull();
  });

  it('shows one currency at a time over restaurants of several, each row in its own', async () => {
    // The franchise counts in EUR; Geneva in CHF. The server never adds the two.
    const calls: URLSearchParams[] = [];
    const currencies = [
      { code: 'EUR', restaurants: 2 },
      { code: 'CHF', restaurants: 1 },
    ];
    server.use(
      http.get('*/api/v1/franchise', () => HttpResponse.json({ currency: 'EUR' })),
      http.get('*/api/v1/reports/z', ({ request }) => {
        const q = new URL(request.url).searchParams;
        calls.push(q);
        const chf = q.get('currency') === 'CHF';
        const rows = chf
          ? [zRow('Genève', 'Caisse 1', 3, { currency: 'CHF', totalp_platfrome: 1250 })]
          : [zRow('Bastille', 'Caisse 1', 1, { totalp_platfrome: 1250 }), zRow('Confluence', 'Borne 2', 2, { totalp_platfrome: 1250 })];
        return HttpResponse.json({ items: rows, currency: chf ? 'CHF' : 'EUR', currencies });
      }),
    );
    renderApp('/brigade/zequipement', user('admin'));
    const table = await screen.findByRole('table', { name: 'Z Équipement' }, slow);
    await waitFor(() => expect(plain(within(table).getAllByRole('row')[2]?.textContent)).toContain('12,50 €'), slow);
    expect(calls[0]?.get('currency')).toBeNull();
    const choice = screen.getByRole('group', { name: 'Devise' });
    expect(within(choice).getByRole('button', { name: 'EUR, 2 restaurants' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(within(choice).getByRole('button', { name: 'CHF, 1 restaurant' }));
    await waitFor(() => expect(plain(within(table).getAllByRole('row')[2]?.textContent)).toContain('12,50 CHF'), slow);
    expect(calls.at(-1)?.get('currency')).toBe('CHF');
    const total = within(table).getAllByRole('row').at(-1)!;
    expect(plain(within(total).getAllByRole('cell')[1]?.textContent)).toBe('12,50 CHF');
  });

  it('pages by 5, 10, 25 (default) or Tout, the total staying over every row', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => zRow(`Resto ${String(i + 1).padStart(2, '0')}`, 'Caisse', i + 1));
    serveZ(rows);
    renderApp('/brigade/zequipement', user('admin'));
    const table = await screen.findByRole('table', { name: 'Z Équipement' }, slow);
    // 2 header rows + 25 rows + the total.
    expect(within(table).getAllByRole('row')).toHaveLength(28);
    expect(screen.getByText('1–25 sur 30')).toBeTruthy();

    await userEvent.click(screen.getByRole('combobox', { name: /Lignes par page/ }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['5', '10', '25', 'Tout']);
    await userEvent.click(screen.getByRole('option', { name: 'Tout' }));
    expect(within(table).getAllByRole('row')).toHaveLength(33);

    await userEvent.click(screen.getByRole('combobox', { name: /Lignes par page/ }));
    await userEvent.click(screen.getByRole('option', { name: '5' }));
    expect(within(table).getAllByRole('row')).toHaveLength(8);
    const total = within(table).getAllByRole('row').at(-1)!;
    expect(plain(within(total).getAllByRole('cell')[1]?.textContent)).toBe('37 036,80 €');
  });

  it('asks again when the server says orders were stored', async () => {
    const calls = serveZ([zRow('Bastille', 'Caisse 1', 1)]);
    const { client } = renderApp('/brigade/zequipement', user('admin'));
    await screen.findByRole('table', { name: 'Z Équipement' }, slow);
    const before = calls.length;
    invalidateFor(client, 'orders.changed');
    await waitFor(() => expect(calls.length).toBeGreaterThan(before), slow);
  });

  it('says when there is nothing to show', async () => {
    serveZ([]);
    renderApp('/brigade/zequipement', user('admin'));
    expect(await screen.findByText(EMPTY_TEXT, {}, slow)).toBeTruthy();
  });

  it('is also reachable as /Cncstats/BetaZcaisse, and hides the restaurant selector from moderators', async () => {
    serveZ([zRow('Bastille', 'Caisse 1', 1)]);
    renderApp('/Cncstats/BetaZcaisse', user('moderator'));
    expect(await screen.findByRole('table', { name: 'Z Équipement' }, slow)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Z Équipement');
    expect(screen.queryByRole('button', { name: /Selectionner Restaurant/ })).toBeNull();
  });

  it('checks the Z identities to the cent', () => {
    const good = zRow('A', 'Caisse', 1);
    expect(zIdentityIssues(good)).toEqual([]);
    expect(zIdentityIssues({ ...good, ca_ht: good.ca_ht + 1 })).toEqual(['CA HT + TVA ≠ Total plateforme comprise']);
    expect(zIdentityIssues({ ...good, payments: { cb: 1 } })).toEqual(['Somme des paiements ≠ Total plateforme comprise']);
    expect(zTotals([good, good]).totalWithPlatform).toBe(246_912);
  });
});
