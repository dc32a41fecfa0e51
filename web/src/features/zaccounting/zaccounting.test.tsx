import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import { periodRange } from '../../components/periods';
import { shiftDay } from './components/DayPicker';
import type { Accounting } from './queries';

beforeAll(() => configure({ asyncUtilTimeout: 15_000 }));
afterAll(() => configure({ asyncUtilTimeout: 5000 }));
beforeEach(() => window.sessionStorage.clear());

// The whole app renders; the first test of a worker also loads the lazy chunks.
const slow = { timeout: 60_000 };

const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

const zRow = {
  pseudo: 'Paris Bastille',
  restaurantId: 1,
  currency: 'EUR',
  name_equipement: 'Caisse 1',
  equipmentId: 10,
  totalp_platfrome: 123_456,
  totalTtc: 123_456,
  total_platform: 0,
  ca_ht: 111_000,
  tva: 12_456,
  tvaByRate: { '550': 2_456, '1000': 10_000 },
  payments: { cb: 100_000, especes: 23_456 },
  Promotion: 2,
  discountCents: 350,
  nbcommandes_ttc_platform: 42,
  nbcommande_platforme: 0,
};

function serveZ() {
  const calls: URLSearchParams[] = [];
  const pdfCalls: URLSearchParams[] = [];
  server.use(
    http.get('*/api/v1/reports/z', ({ request }) => {
      calls.push(new URL(request.url).searchParams);
      return HttpResponse.json({ currency: 'EUR', currencies: [{ code: 'EUR', restaurants: 2 }], items: [zRow] });
    }),
    http.get('*/api/v1/reports/z.pdf', ({ request }) => {
      pdfCalls.push(new URL(request.url).searchParams);
      return new HttpResponse(new TextEncoder().encode('%PDF-1.3 test'), {
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="Z 2026-11-24.pdf"' },
      });
    }),
  );
  return { calls, pdfCalls };
}

const journal: Accounting = {
  currency: 'EUR',
  currencies: [
    { code: 'EUR', restaurants: 2 },
    { code: 'CHF', restaurants: 1 },
  ],
  start: '2026-10-01',
  end: '2026-10-31',
  rates: [550, 1000],
  methods: [
    { code: 'cb', label: 'Carte bancaire' },
    { code: 'especes', label: 'Espèces' },
  ],
  columns: [
    { header: 'Date', kind: 'date', doc: "Jour d'exploitation (JJ/MM/AAAA)" },
    { header: 'Restaurant', kind: 'text', doc: 'Nom du restaurant' },
    { header: 'SIRET', kind: 'text', doc: 'SIRET du restaurant' },
    { header: 'Devise', kind: 'text', doc: 'Code ISO 4217' },
    { header: 'HT 5,5 %', kind: 'money', doc: 'HT à 5,5 %' },
    { header: 'HT 10 %', kind: 'money', doc: 'HT à 10 %' },
    { header: 'Total HT', kind: 'money', doc: 'Somme des colonnes HT' },
    { header: 'TVA 5,5 %', kind: 'money', doc: 'TVA à 5,5 %' },
    { header: 'TVA 10 %', kind: 'money', doc: 'TVA à 10 %' },
    { header: 'Total TVA', kind: 'money', doc: 'Somme des colonnes TVA' },
    { header: 'TTC', kind: 'money', doc: 'TTC' },
    { header: 'Remises', kind: 'money', doc: 'Remises' },
    { header: 'Frais', kind: 'money', doc: 'Frais' },
    { header: 'Carte bancaire', kind: 'money', doc: 'CB' },
    { header: 'Espèces', kind: 'money', doc: 'Espèces' },
    { header: 'Nb commandes', kind: 'count', doc: 'Nombre de commandes payées' },
  ],
  lines: [
    {
      date: '2026-10-02',
      restaurantId: 1,
      restaurant: 'Paris Bastille',
      siret: '81234567000011',
      currency: 'EUR',
      htCents: [10_000, 100_000],
      vatCents: [550, 10_000],
      totalHtCents: 110_000,
      totalVatCents: 10_550,
      ttcCents: 120_550,
      discountCents: 500,
      feesCents: 250,
      paymentsCents: [100_000, 20_550],
      orders: 37,
    },
  ],
  totalLines: 31,
};

function serveAccounting() {
  const calls: URLSearchParams[] = [];
  const downloads: URLSearchParams[] = [];
  server.use(
    http.get('*/api/v1/reports/accounting/preview', ({ request }) => {
      calls.push(new URL(request.url).searchParams);
      return HttpResponse.json(journal);
    }),
    http.get('*/api/v1/reports/accounting', ({ request }) => {
      const q = new URL(request.url).searchParams;
      downloads.push(q);
      const f = q.get('format');
      return new HttpResponse(new TextEncoder().encode('\ufeffDate;Restaurant\r\n'), {
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': `attachment; filename="journal-comptable_2026-10-01_2026-10-31_EUR.${f}"` },
      });
    }),
  );
  return { calls, downloads };
}

describe('Z du jour', () => {
  it('opens on yesterday with the Z table and downloads the PDF', slow, async () => {
    const { calls, pdfCalls } = serveZ();
    const created = vi.fn(() => 'blob:z');
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    renderApp('/Cncstats/BetaZjour', user('admin'));
    const table = await screen.findByRole('table', { name: 'Z Équipement' });
    const yesterday = periodRange('yesterday').start;
    expect(calls[0]?.get('start')).toBe(yesterday);
    expect(calls[0]?.get('end')).toBe(yesterday);
    expect(within(table).getByText('Caisse 1')).toBeTruthy();
    expect(plain(document.body.textContent)).toContain('42 commandes · 1 234,56 € TTC · 1 110,00 € HT');
    expect(screen.getByRole('tab', { name: 'Tableau' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('button', { name: 'Hier' }).getAttribute('aria-pressed')).toBe('true');

    await userEvent.click(screen.getByRole('button', { name: 'Télécharger le PDF' }));
    await waitFor(() => expect(pdfCalls).toHaveLength(1));
    expect(pdfCalls[0]?.get('date')).toBe(yesterday);
    expect(pdfCalls[0]?.get('restaurantId')).toBe('0');
    await waitFor(() => expect(created).toHaveBeenCalled());

    // The day before: a new Z.
    await userEvent.click(screen.getByRole('button', { name: 'Jour précédent' }));
    await waitFor(() => expect(calls.at(-1)?.get('start')).toBe(shiftDay(yesterday, -1)));
  });

  it('/Cncstats/BetaPrintZ opens on the print preview, the PDF in a frame', async () => {
    const { pdfCalls } = serveZ();
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    renderApp('/Cncstats/BetaPrintZ', user('admin'));
    const frame = await screen.findByTitle('Aperçu du Z du jour (PDF)');
    expect(frame.getAttribute('src')).toBe('blob:preview');
    expect(pdfCalls[0]?.get('date')).toBe(periodRange('yesterday').start);
    expect(screen.getByRole('tab', { name: 'Aperçu avant impression' }).getAttribute('aria-selected')).toBe('true');
    const link = screen.getByRole('link', { name: 'Télécharger le PDF' });
    expect(link.getAttribute('href')).toBe('blob:preview');
    expect(link.getAttribute('download')).toBe('Z 2026-11-24.pdf');
    expect(screen.getByRole('button', { name: 'Imprimer le Z' })).toBeTruthy();
  });

  it('/v2/PDFReader shows the PDF of ?date=', async () => {
    const { pdfCalls } = serveZ();
    URL.createObjectURL = vi.fn(() => 'blob:reader');
    URL.revokeObjectURL = vi.fn();
    renderApp('/v2/PDFReader?date=2026-11-03', user('admin'));
    expect((await screen.findByTitle('Aperçu du Z du jour (PDF)')).getAttribute('src')).toBe('blob:reader');
    expect(pdfCalls[0]?.get('date')).toBe('2026-11-03');
  });

  it('says so when the PDF cannot be made', async () => {
    server.use(
      http.get('*/api/v1/reports/z.pdf', () =>
        HttpResponse.json({ status: 404, title: 'Introuvable', detail: 'Restaurant introuvable.' }, { status: 404, headers: { 'Content-Type': 'application/problem+json' } }),
      ),
    );
    renderApp('/v2/PDFReader', user('admin'));
    expect((await screen.findByRole('alert')).textContent).toContain('Restaurant introuvable.');
  });
});

describe('Export comptable', () => {
  it('opens on last month, previews the first lines in French and documents the columns', slow, async () => {
    const { calls } = serveAccounting();
    renderApp('/Cncstats/BetaExportComptable', user('admin'));
    const preview = await screen.findByRole('table', { name: 'Aperçu du journal comptable' });
    const last = periodRange('lastMonth');
    expect([calls[0]?.get('start'), calls[0]?.get('end')]).toEqual([last.start, last.end]);
    expect(calls[0]?.get('limit')).toBe('10');
    const headers = within(preview).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.slice(0, 5)).toEqual(['Date', 'Restaurant', 'SIRET', 'Devise', 'HT 5,5 %']);
    const row = within(preview).getAllByRole('row')[1]!;
    expect(within(row).getByRole('rowheader').textContent).toBe('02/10/2026');
    expect(plain(row.textContent)).toContain('1 205,50 €');
    expect(plain(row.textContent)).toContain('81234567000011');
    expect(plain(document.body.textContent)).toContain('Les 10 premières lignes sur 31');
    const doc = screen.getByRole('table', { name: 'Colonnes du journal comptable' });
    expect(within(doc).getByText('Nombre de commandes payées')).toBeTruthy();
    // Several currencies: one at a time.
    expect(screen.getByRole('group', { name: 'Devise' })).toBeTruthy();
  });

  it('downloads the chosen format through the client', async () => {
    const { downloads } = serveAccounting();
    URL.createObjectURL = vi.fn(() => 'blob:journal');
    URL.revokeObjectURL = vi.fn();
    renderApp('/Cncstats/BetaExportComptable', user('admin'));
    await screen.findByRole('table', { name: 'Aperçu du journal comptable' });
    await userEvent.click(screen.getByRole('button', { name: 'Excel (.xlsx)' }));
    expect(plain(document.body.textContent)).toContain('Nombres et dates réels');
    await userEvent.click(screen.getByRole('button', { name: 'Télécharger le journal' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.get('format')).toBe('xlsx');
    expect(downloads[0]?.get('currency')).toBe('EUR');
    expect(URL.createObjectURL).toHaveBeenCalled();
  });

  it('shows the server refusing a period over 366 days', async () => {
    server.use(
      http.get('*/api/v1/reports/accounting/preview', () =>
        HttpResponse.json(
          { status: 422, title: 'Unprocessable Entity', detail: "L'export comptable couvre 366 jours au plus : exportez l'année en plusieurs fois." },
          { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );
    renderApp('/Cncstats/BetaExportComptable', user('admin'));
    expect((await screen.findByRole('alert')).textContent).toContain('366 jours au plus');
  });
});
