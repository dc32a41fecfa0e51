import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import type { PlanBulkInput, PlanCell, PlanRestaurant, PlanRow, ProductPlan } from '../../api/types';
import {
  bulkResultText,
  cellKey,
  cellLabel,
  columnCells,
  coverage,
  filterRows,
  linesOf,
  parseCellKey,
  rowCells,
  selectionText,
  summarise,
  toggleAll,
  toggleOne,
} from './plan';

const resto = (id: number, nom: string, today = '2025-06-10'): PlanRestaurant => ({ id, nom, ville: 'Paris', timeZone: 'Europe/Paris', currency: 'EUR', deployed: true, today });
const onSale = (priceCents = 890): PlanCell => ({ inMenu: true, priceCents });
const absent: PlanCell = { inMenu: false };
const soldToday: PlanCell = { inMenu: true, priceCents: 890, soldOut: { mode: 'today', untilDate: '2025-06-10', until: '2025-06-10T22:00:00Z', setBy: 'Julien' } };
const soldUntil: PlanCell = { inMenu: true, priceCents: 450, soldOut: { mode: 'date', untilDate: '2025-12-03', until: '2025-12-03T23:00:00Z', setBy: 'Julien' } };

const restaurants = [resto(1, 'Paris Bastille'), resto(2, 'Lyon Part-Dieu', '2025-06-11')];
const rows: PlanRow[] = [
  { kind: 'product', idGlobal: 'P1', name: 'Burger Classique', group: 'Burgers', cells: [onSale(), soldToday] },
  { kind: 'product', idGlobal: 'P2', name: 'Crème brûlée', group: 'Desserts', cells: [soldUntil, absent] },
  { kind: 'option', idGlobal: 'O1', name: 'Bacon', group: 'Suppléments', cells: [onSale(150), onSale(150)] },
];

describe('Plan Produit matrix', () => {
  it('names each cell as the legend does', () => {
    expect([onSale(), soldToday, soldUntil, absent].map(cellLabel)).toEqual(['En vente', "Épuisé aujourd'hui", "Épuisé jusqu'au 03/12", 'Absent de la carte']);
  });

  it('filters rows and heads each category with its count', () => {
    expect(filterRows(rows, { search: 'creme', kind: 'all', group: '' }).map((r) => r.idGlobal)).toEqual(['P2']);
    expect(filterRows(rows, { search: '', kind: 'product', group: '', soldOutOnly: true }).map((r) => r.idGlobal)).toEqual(['P1', 'P2']);
    const lines = linesOf(rows);
    expect(lines.map((l) => (l.type === 'group' ? `# ${l.label} (${l.count})` : l.row.name))).toEqual([
      '# Burgers (1)',
      'Burger Classique',
      '# Desserts (1)',
      'Crème brûlée',
      '# Options — Suppléments (1)',
      'Bacon',
    ]);
  });

  it('selects a row or a column among the cells in a menu, and toggles them back', () => {
    expect(rowCells(rows[1]!, restaurants)).toEqual([cellKey(1, rows[1]!)]);
    const column = columnCells(1, rows, restaurants);
    expect(column).toEqual(['2|product|P1', '2|option|O1']);
    let sel = toggleAll(new Set(), column);
    expect(coverage(sel, column)).toBe('all');
    sel = toggleOne(sel, '2|product|P1');
    expect(coverage(sel, column)).toBe('some');
    sel = toggleAll(sel, column);
    expect(coverage(sel, column)).toBe('all');
    expect(coverage(toggleAll(sel, column), column)).toBe('none');
    expect(parseCellKey('2|option|O|1')).toEqual({ restaurantId: 2, kind: 'option', idGlobal: 'O|1' });
  });

  it('counts the selection in French, with the latest business date of its restaurants', () => {
    const s = summarise(new Set(['1|product|P1', '2|product|P1', '1|product|P2']), rows, restaurants);
    expect(s).toEqual({ cells: 3, restaurants: 2, soldOut: 2, earliestDate: '2025-06-11' });
    expect(selectionText(s)).toBe('3 cases sélectionnées dans 2 restaurants');
    expect(selectionText({ cells: 1, restaurants: 1 })).toBe('1 case sélectionnée dans 1 restaurant');
    expect(bulkResultText('soldOut', 2, 2, 1)).toBe('2 cases marquées épuisées dans 2 restaurants (1 déjà ainsi).');
    expect(bulkResultText('onSale', 1, 1, 0)).toBe('1 case remise en vente dans 1 restaurant.');
  });
});

function plan(patch: Partial<ProductPlan> = {}): ProductPlan {
  return { restaurants, total: 2, page: 0, pageSize: 25, rows, cartes: [{ id: 7, nom: 'Carte principale', isPrincipal: true, removed: false, version: 3 }], ...patch };
}

function serve(data: ProductPlan) {
  const calls = { bulk: [] as PlanBulkInput[], queries: [] as string[] };
  server.use(
    http.get('*/api/v1/availability/plan', ({ request }) => {
      calls.queries.push(new URL(request.url).search);
      return HttpResponse.json(data);
    }),
    http.post('*/api/v1/availability/plan/bulk', async ({ request }) => {
      const body = (await request.json()) as PlanBulkInput;
      calls.bulk.push(body);
      if (body.cells?.some((c) => c.idGlobal === 'P2')) {
        return HttpResponse.json(
          { status: 422, title: 'Unprocessable Entity', detail: "Produit « P2 » n'est pas dans la carte déployée de Lyon Part-Dieu : rien n'a été modifié." },
          { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
        );
      }
      return HttpResponse.json({ changed: body.cells?.length ?? 0, unchanged: 0, restaurants: new Set(body.cells?.map((c) => c.restaurantId)).size });
    }),
  );
  return calls;
}

beforeAll(() => configure({ asyncUtilTimeout: 15_000 }));
afterAll(() => configure({ asyncUtilTimeout: 5000 }));
beforeEach(() => window.sessionStorage.clear());

describe('Plan Produit page', () => {
  it('shows the matrix with its legend, and marks a whole row sold out in one request', async () => {
    const calls = serve(plan());
    renderApp('/brigade/PlanProduit', user('admin'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Plan Produit' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Plan Produit' });
    expect(within(table).getByRole('button', { name: "Burger Classique — Lyon Part-Dieu : Épuisé aujourd'hui" })).toBeTruthy();
    expect(within(table).getByRole('button', { name: "Crème brûlée — Paris Bastille : Épuisé jusqu'au 03/12" })).toBeTruthy();
    expect(within(table).getAllByText('8,90 €')).toHaveLength(2);
    expect(within(screen.getByLabelText('Légende')).getByText('Absent de la carte')).toBeTruthy();
    // Options are behind the type filter.
    expect(within(table).queryByText('Bacon')).toBeNull();

    await userEvent.click(within(table).getByRole('checkbox', { name: 'Sélectionner la ligne Burger Classique' }));
    const bar = screen.getByRole('region', { name: 'Modification groupée' });
    expect(within(bar).getByText('2 cases sélectionnées dans 2 restaurants')).toBeTruthy();
    await userEvent.click(within(bar).getByRole('button', { name: "Épuisé aujourd'hui" }));
    await waitFor(() =>
      expect(calls.bulk).toEqual([
        {
          action: 'soldOut',
          mode: 'today',
          cells: [
            { restaurantId: 1, kind: 'product', idGlobal: 'P1' },
            { restaurantId: 2, kind: 'product', idGlobal: 'P1' },
          ],
        },
      ]),
    );
    expect(await screen.findByText('2 cases marquées épuisées dans 2 restaurants.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Modification groupée' })).toBeNull();
  });

  it('puts a column back on sale, and shows a refusal in French without losing the selection', async () => {
    const calls = serve(plan());
    renderApp('/brigade/PlanProduit', user('admin'));
    const table = await screen.findByRole('table', { name: 'Plan Produit' });
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Sélectionner la colonne Paris Bastille' }));
    const bar = screen.getByRole('region', { name: 'Modification groupée' });
    expect(within(bar).getByText('2 cases sélectionnées dans 1 restaurant')).toBeTruthy();
    await userEvent.click(within(bar).getByRole('button', { name: 'Remettre en vente' }));
    expect(await screen.findByText(/n'est pas dans la carte déployée de Lyon Part-Dieu/)).toBeTruthy();
    expect(calls.bulk[0]?.action).toBe('onSale');
    expect(screen.getByRole('region', { name: 'Modification groupée' })).toBeTruthy();
  });

  it('marks cells sold out until a date chosen in a dialog', async () => {
    const calls = serve(plan());
    renderApp('/brigade/PlanProduit', user('admin'));
    const table = await screen.findByRole('table', { name: 'Plan Produit' });
    await userEvent.click(within(table).getByRole('button', { name: 'Burger Classique — Paris Bastille : En vente' }));
    await userEvent.click(screen.getByRole('button', { name: "Épuisé jusqu'au…" }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Marquer épuisé' }));
    await waitFor(() => expect(calls.bulk).toEqual([{ action: 'soldOut', mode: 'date', date: '2025-06-11', cells: [{ restaurantId: 1, kind: 'product', idGlobal: 'P1' }] }]));
  });

  it('asks the server for the chosen carte, and says when nothing is deployed', async () => {
    const calls = serve(plan({ rows: [] }));
    renderApp('/brigade/PlanProduit', user('admin'));
    expect(await screen.findByText(/Aucune carte n'est encore déployée dans ces restaurants/)).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox', { name: 'Carte' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Carte principale' }));
    await waitFor(() => expect(calls.queries.some((q) => q.includes('campaignId=7'))).toBe(true));
  });

  it('offers to retry when the plan cannot be read', async () => {
    server.use(http.get('*/api/v1/availability/plan', () => HttpResponse.json({ status: 500 }, { status: 500 })));
    renderApp('/brigade/PlanProduit', user('admin'));
    expect(await screen.findByRole('button', { name: /Réessayer/ })).toBeTruthy();
  });
});
