import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import type { components } from '../../api/schema';
import { EMPTY_TEXT } from '../../components/EmptyState';
import { DATA_ERROR_TEXT } from '../../components/ErrorBlock';
import { LOADING_TEXT } from '../../components/LoadingPanel';
import { isoDay } from '../reports/format';
import { initials } from './components/InitialsAvatar';
import { TREND_HELP } from './components/Trend';
import { PLATFORM_NOTE } from './texts';
import { setDate } from '../../test/dates';

type SalesRow = components['schemas']['SalesRow'];

const slow = { timeout: 10_000 };
/** Intl's French output uses no-break spaces; tests read them as plain spaces. */
const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

const row = (name: string, nombrescommandes: number, ttcAmountCents: number, pourcentage: number): SalesRow => ({
  name,
  nombrescommandes,
  ttcAmountCents,
  previousAmountCents: 0,
  pourcentage,
});

interface Call {
  kind: string | null;
  category: string | null;
  start: string | null;
  end: string | null;
  restaurantId: string | null;
}

function serveSales(answer: (call: Call) => Response | SalesRow[]) {
  const calls: Call[] = [];
  server.use(
    http.get('*/api/v1/franchise', () => HttpResponse.json({ currency: 'EUR' })),
    http.get('*/api/v1/reports/sales', ({ request }) => {
      const q = new URL(request.url).searchParams;
      const call: Call = { kind: q.get('kind'), category: q.get('category'), start: q.get('start'), end: q.get('end'), restaurantId: q.get('restaurantId') };
      calls.push(call);
      const out = answer(call);
      return out instanceof Response ? out : HttpResponse.json({ items: out });
    }),
  );
  return calls;
}

const catalogue: Record<string, SalesRow[]> = {
  '': [row('Burgers', 120, 145_050, 12.345), row('Boissons', 80, 24_000, -3.5), row('Desserts', 0, 0, 0)],
  Burgers: [row('Le Classique', 70, 69_300, 8.1), row('Le Bacon', 50, 75_750, -2)],
  Boissons: [row('Coca-Cola 33 cl', 80, 24_000, 0)],
  Desserts: [],
};

describe('product and option sales (v2)', () => {
  it('lists the categories, the first one’s products, and the figures in French', async () => {
    const calls = serveSales((c) => catalogue[c.category ?? ''] ?? []);
    renderApp('/ProductDashboard', user('admin'));
    expect((await screen.findByRole('heading', { level: 1 }, slow)).textContent).toBe('Mes Produits');
    expect(screen.getByRole('img', { name: 'Commandes plateforme non incluses' })).toBeTruthy();

    const list = await screen.findByRole('list', { name: 'Catégories' }, slow);
    const items = within(list).getAllByRole('button');
    expect(items.map((b) => within(b).getByText(/^(Burgers|Boissons|Desserts)$/).textContent)).toEqual(['Burgers', 'Boissons', 'Desserts']);
    expect(plain(items[0]?.textContent)).toContain('120 ventes');
    expect(plain(items[0]?.textContent)).toContain('1 450,50 €');
    // Two decimals, green above 0, red otherwise.
    expect(plain(within(items[0]!).getByText(/%$/).textContent)).toBe('+12,35 %');
    expect(within(items[0]!).getByText(/%$/).getAttribute('data-trend')).toBe('up');
    expect(plain(within(items[1]!).getByText(/%$/).textContent)).toBe('-3,50 %');
    expect(within(items[1]!).getByText(/%$/).getAttribute('data-trend')).toBe('down');
    expect(within(items[2]!).getByText(/%$/).getAttribute('data-trend')).toBe('down');
    expect(items[0]?.className).toContain('Mui-selected');

    const table = await screen.findByRole('table', { name: 'Ventes de la catégorie Burgers' }, slow);
    const cells = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => plain(c.textContent)));
    expect(cells).toEqual([
      ['LCLe Classique', '70', '693,00 €', '+8,10 %'],
      ['LBLe Bacon', '50', '757,50 €', '-2,00 %'],
    ]);
    // The title shows the number of products and the period (today → today by default).
    const today = new Date();
    const day = today.toLocaleDateString('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric' });
    expect(screen.getByRole('heading', { name: `2 produits · le ${day}` })).toBeTruthy();

    // Every call carries today → today and all restaurants.
    expect(calls[0]).toEqual({ kind: 'products', category: null, start: isoDay(today), end: isoDay(today), restaurantId: '0' });
    expect(calls).toContainEqual({ kind: 'products', category: 'Burgers', start: isoDay(today), end: isoDay(today), restaurantId: '0' });
  });

  it('shows each product’s image from the cartes, initials only without one, and no trend without reference', async () => {
    const images: string[] = [];
    server.use(
      http.get('*/api/v1/images/:kind/:file', ({ params, request }) => {
        images.push(`${String(params.kind)}/${String(params.file)} ${request.headers.get('Authorization') ? 'auth' : 'anonymous'}`);
        return new HttpResponse(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'Content-Type': 'image/png' } });
      }),
    );
    const created = vi.fn(() => 'blob:le-classique');
    const revoke = vi.fn();
    const { createObjectURL, revokeObjectURL } = URL;
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: revoke });
    try {
      serveSales((c) =>
        c.category === 'Burgers'
          ? [
              { ...row('Le Classique', 70, 69_300, 8.1), image: 'le-classique.png' },
              { ...row('Le Nouveau', 50, 75_750, 0), pourcentage: null },
            ]
          : (catalogue[c.category ?? ''] ?? []),
      );
      renderApp('/ProductDashboard', user('admin'));
      const table = await screen.findByRole('table', { name: 'Ventes de la catégorie Burgers' }, slow);
      const img = await within(table).findByRole('img', { name: 'Le Classique' }, slow);
      expect(img.getAttribute('src')).toBe('blob:le-classique');
      expect(images).toEqual(['products/le-classique.png auth']);
      const fresh = within(table).getByText('Le Nouveau').closest('tr')!;
      expect(within(fresh).getByText('LN')).toBeTruthy();
      // Nothing sold on the previous period: a muted dash, never a red 0,00 %.
      expect(within(fresh).queryByText(/%/)).toBeNull();
      expect(fresh.querySelector('[data-trend]')?.getAttribute('data-trend')).toBe('none');
    } finally {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    }
  });

  it('reloads the right panel with the clicked category, and says when it is empty', async () => {
    serveSales((c) => catalogue[c.category ?? ''] ?? []);
    renderApp('/ProductDashboard', user('admin'));
    const list = await screen.findByRole('list', { name: 'Catégories' }, slow);
    await screen.findByRole('table', { name: 'Ventes de la catégorie Burgers' }, slow);

    await userEvent.click(within(list).getByText('Boissons'));
    const table = await screen.findByRole('table', { name: 'Ventes de la catégorie Boissons' }, slow);
    expect(within(table).getByText('Coca-Cola 33 cl')).toBeTruthy();
    expect(within(list).getByText('Boissons').closest('[role="button"]')?.className).toContain('Mui-selected');
    expect(within(list).getByText('Burgers').closest('[role="button"]')?.className).not.toContain('Mui-selected');
    expect(screen.getByRole('heading', { name: /^1 produit · / })).toBeTruthy();

    await userEvent.click(within(list).getByText('Desserts'));
    expect(await screen.findByText(EMPTY_TEXT, {}, slow)).toBeTruthy();
    expect(screen.getByRole('heading', { name: /^0 produit · / })).toBeTruthy();
  });

  it('calls the options report on /OptionDashboard with its own words', async () => {
    const calls = serveSales((c) => (c.category ? [row('Sauce BBQ', 30, 1_500, 50)] : [row('Sauces', 30, 1_500, 50)]));
    renderApp('/OptionDashboard', user('admin'));
    expect((await screen.findByRole('heading', { level: 1 }, slow)).textContent).toBe('Mes Options');
    const list = await screen.findByRole('list', { name: "Catégories d'options" }, slow);
    expect(within(list).getByText('Sauces')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Ventes de la catégorie Sauces' }, slow);
    expect(within(table).getByRole('columnheader', { name: 'Option' })).toBeTruthy();
    expect(within(table).getByText('Sauce BBQ')).toBeTruthy();
    expect(calls.every((c) => c.kind === 'options')).toBe(true);
  });

  it('shows the loading text, then the error text with the lists emptied', async () => {
    let fail = false;
    serveSales((c) => {
      if (fail) return HttpResponse.json({ status: 500, title: 'Erreur', detail: 'Base indisponible.' }, { status: 500, headers: { 'Content-Type': 'application/problem+json' } });
      return catalogue[c.category ?? ''] ?? [];
    });
    fail = true;
    renderApp('/ProductDashboard', user('admin'));
    expect(screen.getAllByText(LOADING_TEXT).length).toBeGreaterThan(0);
    expect(await screen.findByText(DATA_ERROR_TEXT, {}, slow)).toBeTruthy();
    expect(screen.getByText('Base indisponible.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Catégories' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText(EMPTY_TEXT)).toBeTruthy();
  });

  it('says there is nothing to show when the period has no sales', async () => {
    serveSales(() => []);
    renderApp('/ProductDashboard', user('admin'));
    await waitFor(() => expect(screen.getAllByText(EMPTY_TEXT)).toHaveLength(2), slow);
  });

  it('waits 500 ms after the last change of the dates before calling again', async () => {
    const calls = serveSales((c) => catalogue[c.category ?? ''] ?? []);
    renderApp('/ProductDashboard', user('admin'));
    await screen.findByRole('table', { name: 'Ventes de la catégorie Burgers' }, slow);
    const before = calls.length;
    const changed = Date.now();
    setDate('Date Debut', '2026-01-02');
    setDate('Date Debut', '2026-01-01');
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(calls.length).toBe(before);
    await waitFor(() => expect(calls.some((c) => c.start === '2026-01-01')).toBe(true), slow);
    expect(Date.now() - changed).toBeGreaterThanOrEqual(500);
    // The value in between was never asked for.
    expect(calls.slice(before).every((c) => c.start === '2026-01-01')).toBe(true);
  });

  it('hides the restaurant selector from moderators and shows it to admins', async () => {
    serveSales((c) => catalogue[c.category ?? ''] ?? []);
    const first = renderApp('/ProductDashboard', user('moderator'));
    await screen.findByRole('list', { name: 'Catégories' }, slow);
    expect(screen.queryByRole('button', { name: /Selectionner Restaurant/ })).toBeNull();
    first.unmount();
    renderApp('/ProductDashboard', user('admin'));
    expect(await screen.findByRole('button', { name: /Selectionner Restaurant|All restaurants/ }, slow)).toBeTruthy();
  });

  it.each(['/Cncstats/BetaMesProduits', '/v2/DashboardMesProduitsNew', '/v2/DashboardMesProduitsNewV2'])('opens the product sales at %s', async (path) => {
    serveSales((c) => catalogue[c.category ?? ''] ?? []);
    renderApp(path, user('admin'));
    expect(await screen.findByRole('list', { name: 'Catégories' }, slow)).toBeTruthy();
  });

  it.each(['/Cncstats/BetaMesOptions', '/v2/DashboardMesOptionsNew'])('opens the option sales at %s', async (path) => {
    serveSales(() => []);
    renderApp(path, user('admin'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes Options' }, slow)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText(EMPTY_TEXT).length).toBeGreaterThan(0), slow);
  });

  it('explains the percentage and the platform rule', () => {
    expect(TREND_HELP).toBe('par rapport à la période précédente de même durée');
    expect(PLATFORM_NOTE).toContain('plateforme');
    expect(initials('Le Classique')).toBe('LC');
    expect(initials('frites')).toBe('FR');
    expect(initials('Coca-Cola 33 cl')).toBe('CC');
  });
});
