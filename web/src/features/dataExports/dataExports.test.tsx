import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { renderApp } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import { ToastProvider } from '../../components/Toast';
import { ExportMenu } from '../reports/components/ExportMenu';
import { DATA_GROUPS } from './catalogue';

// The whole app renders: the first test of a worker loads the lazy chunks, slow on a busy machine.
beforeAll(() => configure({ asyncUtilTimeout: 15_000 }));
afterAll(() => configure({ asyncUtilTimeout: 5000 }));

/** What the browser was asked to save: the file name of each download. */
let saved: string[] = [];
beforeEach(() => {
  window.sessionStorage.clear();
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

function serveExport(answer: (q: URLSearchParams) => Response | Promise<Response> = defaultAnswer) {
  const calls: URLSearchParams[] = [];
  server.use(
    http.get('*/api/v1/reports/export', ({ request }) => {
      const q = new URL(request.url).searchParams;
      calls.push(q);
      return answer(q);
    }),
  );
  return calls;
}

function defaultAnswer(q: URLSearchParams): Response {
  const name = `${q.get('report')}-${q.get('table') ?? 'tout'}_${q.get('start') ?? 'jour'}.${q.get('format')}`;
  return new HttpResponse('\ufeffRang;Produit\r\n', {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"; filename*=UTF-8''${name}` },
  });
}

describe('Données', () => {
  it('lists every report table with a description and downloads one in the chosen format', async () => {
    const calls = serveExport();
    renderApp('/stats/metabase', user('admin'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Données' })).toBeTruthy();
    const tables = DATA_GROUPS.flatMap((g) => g.tables);
    for (const g of DATA_GROUPS) expect(screen.getByRole('heading', { level: 2, name: g.title })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Excel \(\.xlsx\) : / })).toHaveLength(tables.length);
    expect(screen.getAllByRole('button', { name: /^CSV : / })).toHaveLength(tables.length);
    const row = screen.getByRole('listitem', { name: 'Ventes par produit' });
    expect(within(row).getByText(/Chaque produit vendu avec sa catégorie/)).toBeTruthy();

    await userEvent.click(within(row).getByRole('button', { name: 'CSV : Ventes par produit' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const q = calls[0]!;
    expect([q.get('report'), q.get('table'), q.get('format'), q.get('restaurantId')]).toEqual(['products', 'ranking', 'csv', '0']);
    expect(q.get('start')).toMatch(/^\d{4}-\d{2}-01$/); // the current month by default
    expect(saved[0]).toBe(`products-ranking_${q.get('start')}.csv`);

    // The flash is today's: no dates are sent; a report's own parameters go with it.
    await userEvent.click(screen.getByRole('button', { name: 'Excel (.xlsx) : Flash du jour' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect([calls[1]!.get('report'), calls[1]!.get('table'), calls[1]!.get('start')]).toEqual(['flash', null, null]);
    await userEvent.click(screen.getByRole('button', { name: 'Excel (.xlsx) : Chiffre d’affaires par mois' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect([calls[2]!.get('report'), calls[2]!.get('grain'), calls[2]!.get('format')]).toEqual(['revenue', 'month', 'xlsx']);
  });

  it('opens on the product tables only as « Export Excel produits »', async () => {
    serveExport();
    renderApp('/v2/DashboardDownloadExcelProd', user('admin'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Export Excel produits' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Produits et ventes' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: 'Réductions' })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^CSV : / })).toHaveLength(7);
  });

  it('says in French why an export failed', async () => {
    serveExport(() =>
      HttpResponse.json(
        { status: 422, title: 'Données invalides', detail: 'La date de fin doit suivre la date de début (3 ans au plus).' },
        { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
      ),
    );
    renderApp('/stats/metabase', user('admin'));
    await userEvent.click(await screen.findByRole('button', { name: 'Excel (.xlsx) : Z par équipement' }));
    expect(await screen.findByText('Export impossible : La date de fin doit suivre la date de début (3 ans au plus).')).toBeTruthy();
    expect(saved).toHaveLength(0);
  });
});

describe('ExportMenu', () => {
  it('offers Excel and CSV, shows it is busy while the file is prepared, then saves it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const calls = serveExport(async (q) => {
      await gate;
      await delay(10);
      return defaultAnswer(q);
    });
    render(
      <ToastProvider>
        <ExportMenu report="discounts" table="by-label" title="Réductions par libellé" params={{ start: '2026-01-01', end: '2026-01-31', restaurantId: 3, currency: '', grain: 'day' }} />
      </ToastProvider>,
    );
    const button = screen.getByRole('button', { name: 'Exporter Réductions par libellé' });
    await userEvent.click(button);
    const items = screen.getAllByRole('menuitem').map((m) => m.textContent);
    expect(items).toEqual(['Excel (.xlsx)', 'CSV']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Excel (.xlsx)' }));
    const busy = await screen.findByRole('button', { name: 'Exporter Réductions par libellé : préparation du fichier…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    release();
    await waitFor(() => expect(saved).toEqual(['discounts-by-label_2026-01-01.xlsx']));
    expect((screen.getByRole('button', { name: 'Exporter Réductions par libellé' }) as HTMLButtonElement).disabled).toBe(false);
    // Empty parameters are left out: the server reads them as its defaults.
    expect(calls[0]!.has('currency')).toBe(false);
    expect([calls[0]!.get('restaurantId'), calls[0]!.get('grain'), calls[0]!.get('table')]).toEqual(['3', 'day', 'by-label']);
  });

  it('says when the server cannot be reached', async () => {
    serveExport(() => HttpResponse.error());
    render(
      <ToastProvider>
        <ExportMenu report="z" params={{ start: '2026-01-01', end: '2026-01-31', restaurantId: 0 }} />
      </ToastProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Exporter' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'CSV' }));
    expect(await screen.findByText(/^Export impossible : le serveur est injoignable/)).toBeTruthy();
  });
});
