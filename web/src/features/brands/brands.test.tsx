import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import type { Brand, BrandFigures, BrandReport } from './types';

const slow = { timeout: 15_000 };
const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

function brand(id: number, patch: Partial<Brand> = {}): Brand {
  return {
    id,
    name: `Marque ${id}`,
    logo: '',
    primaryColor: '#C62828',
    secondaryColor: '#FFB300',
    campaignIds: [],
    restaurantIds: [],
    version: 1,
    createdAt: '2026-11-01T10:00:00Z',
    updatedAt: '2026-11-01T10:00:00Z',
    ...patch,
  };
}

const burger = brand(1, { name: 'Brigade Burger', campaignIds: [10], restaurantIds: [1, 2, 3, 4] });
const chalet = brand(2, { name: 'Le Chalet', primaryColor: '#4E342E', secondaryColor: '#90CAF9', campaignIds: [11], restaurantIds: [1, 2], version: 3 });

const cartes = [
  { id: 10, nom: 'Carte principale', removed: false },
  { id: 11, nom: "Carte d'hiver", removed: false },
  { id: 12, nom: 'Carte du midi', removed: false },
];

const problem = (status: number, detail: string, errors: { location: string; message: string }[] = []) =>
  HttpResponse.json({ status, title: 'Erreur', detail, errors }, { status, headers: { 'Content-Type': 'application/problem+json' } });

function serveBrands(list: Brand[]) {
  const sent: { method: string; url: string; body: unknown; ifMatch: string | null }[] = [];
  server.use(
    http.get('*/api/v1/brands', () => HttpResponse.json(list)),
    http.get('*/api/v1/campaigns', () => HttpResponse.json({ items: cartes, total: cartes.length })),
    http.post('*/api/v1/brands', async ({ request }) => {
      const body = (await request.json()) as Brand;
      sent.push({ method: 'POST', url: '/api/v1/brands', body, ifMatch: null });
      if (body.name.toLowerCase() === 'le chalet') return problem(422, 'Erreur de validation', [{ location: 'body.name', message: 'Une marque nommée «\u00a0le chalet\u00a0» existe déjà dans la franchise.' }]);
      return HttpResponse.json({ ...body, id: 9, version: 1 }, { status: 201 });
    }),
    http.put('*/api/v1/brands/:id', async ({ request }) => {
      const body = (await request.json()) as Brand;
      sent.push({ method: 'PUT', url: new URL(request.url).pathname, body, ifMatch: request.headers.get('If-Match') });
      return problem(409, 'Cette marque a été modifiée entre-temps. Rechargez la page puis recommencez.');
    }),
    http.delete('*/api/v1/brands/:id', ({ request }) => {
      sent.push({ method: 'DELETE', url: new URL(request.url).pathname, body: null, ifMatch: null });
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return sent;
}

describe('Gestion Marques', () => {
  it('shows each brand as a card with its colours, cartes and food courts, and deletes one after asking', async () => {
    const sent = serveBrands([burger, chalet]);
    renderApp('/brigade/GestionMarques', user('admin'));
    const list = await screen.findByRole('list', { name: 'Marques' }, slow);
    const card = within(list).getByRole('listitem', { name: 'Le Chalet' });
    expect(within(card).getByText('#4E342E')).toBeTruthy();
    await waitFor(() => expect(within(card).getByText("Carte d'hiver")).toBeTruthy());
    expect(plain(card.textContent)).toContain('Burger Bastille, Burger Confluence');
    expect(plain(card.textContent)).toContain('Food court : 2 sites');
    expect(plain(screen.getByText(/^2 marques/).textContent)).toBe('2 marques · 2 sites food court (restaurants qui servent plusieurs marques)');

    await userEvent.click(within(card).getByRole('button', { name: 'Supprimer Le Chalet' }));
    const dialog = await screen.findByRole('dialog');
    expect(plain(dialog.textContent)).toContain('Êtes-vous sûr de vouloir supprimer la marque « Le Chalet » ?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual(['DELETE /api/v1/brands/2']));
  });

  it('creates a brand: colours by picker or code, a carte another brand owns cannot be taken, server errors land on their field', async () => {
    const sent = serveBrands([burger, chalet]);
    renderApp('/brigade/GestionMarques', user('admin'));
    await userEvent.click(await screen.findByRole('button', { name: 'Nouvelle marque' }, slow));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: /Nom de la marque/ });
    await userEvent.type(name, 'le chalet');
    const primary = within(dialog).getByRole('textbox', { name: 'Couleur principale' });
    await userEvent.clear(primary);
    await userEvent.type(primary, '#12');
    fireEvent.input(within(dialog).getByLabelText('Couleur secondaire : sélecteur'), { target: { value: '#2e7d32' } });
    // The cartes of other brands are named and cannot be ticked.
    expect((within(dialog).getByRole('checkbox', { name: /Carte principale/ }) as HTMLInputElement).disabled).toBe(true);
    expect(plain(within(dialog).getByText(/marque « Brigade Burger »/).textContent)).toBe('(marque « Brigade Burger »)');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Carte du midi' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer la marque' }));
    expect(await within(dialog).findByText('La couleur principale doit être au format #RRGGBB (par exemple #1E88E5).')).toBeTruthy();
    expect(sent).toHaveLength(0);

    await userEvent.clear(primary);
    await userEvent.type(primary, '#1565c0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer la marque' }));
    expect(plain((await within(dialog).findByText(/existe déjà/)).textContent)).toBe('Une marque nommée « le chalet » existe déjà dans la franchise.');
    expect(sent[0]?.body).toMatchObject({ name: 'le chalet', primaryColor: '#1565C0', secondaryColor: '#2E7D32', campaignIds: [12], restaurantIds: [] });
    // What the user typed stays.
    expect((name as HTMLInputElement).value).toBe('le chalet');
  });

  it('sends the version it edited and says so in French when someone saved in between', async () => {
    const sent = serveBrands([burger, chalet]);
    renderApp('/brigade/GestionMarques', user('admin'));
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier Le Chalet' }, slow));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Cette marque a été modifiée entre-temps. Rechargez la page puis recommencez.')).toBeTruthy();
    expect(sent[0]).toMatchObject({ method: 'PUT', url: '/api/v1/brands/2', ifMatch: '"3"' });
  });

  it('invites to create the first brand, and lets a restaurant login only read', async () => {
    serveBrands([]);
    const { unmount } = renderApp('/brigade/GestionMarques', user('admin'));
    expect(await screen.findByText('Aucune marque', {}, slow)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nouvelle marque' })).toBeTruthy();
    unmount();
    serveBrands([chalet]);
    renderApp('/brigade/GestionMarques', user('restaurant'));
    await screen.findByRole('listitem', { name: 'Le Chalet' }, slow);
    expect(screen.queryByRole('button', { name: 'Nouvelle marque' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Modifier Le Chalet' })).toBeNull();
  });

  it('says when the brands cannot be read, and asks again', async () => {
    let calls = 0;
    server.use(http.get('*/api/v1/brands', () => (++calls === 1 ? problem(500, 'Erreur interne') : HttpResponse.json([burger]))));
    renderApp('/brigade/GestionMarques', user('admin'));
    const alert = await screen.findByRole('alert', {}, slow);
    await userEvent.click(within(alert).getByRole('button'));
    expect(await screen.findByRole('listitem', { name: 'Brigade Burger' }, slow)).toBeTruthy();
  });
});

function figures(b: Brand | null, revenue: number, orders: number, items: number, share: number): BrandFigures {
  return {
    brandId: b?.id ?? 0,
    name: b?.name ?? 'Sans marque',
    primaryColor: b?.primaryColor ?? '',
    secondaryColor: b?.secondaryColor ?? '',
    logo: '',
    revenueCents: revenue,
    orders,
    items,
    averageBasketCents: orders > 0 ? Math.round(revenue / orders) : 0,
    share,
  };
}

const report: BrandReport = {
  currency: 'EUR',
  currencies: [{ code: 'EUR', restaurants: 4 }],
  start: '2026-11-01',
  end: '2026-11-30',
  totals: { ...figures(null, 1_250_000, 1000, 2500, 100), name: 'Toutes marques' },
  brands: [figures(burger, 1_000_000, 900, 2000, 80), figures(chalet, 237_500, 150, 480, 19), figures(null, 12_500, 20, 20, 1)],
  sites: [
    {
      restaurantId: 1,
      name: 'Burger Bastille',
      servedBrandIds: [1, 2],
      totals: { ...figures(null, 400_000, 300, 800, 100), name: 'Burger Bastille' },
      brands: [figures(burger, 300_000, 250, 600, 75), figures(chalet, 100_000, 80, 200, 25)],
    },
  ],
};

describe('Nos Marques and Food court', () => {
  it('shows each brand with its figures in euros, the charts and the table, « Sans marque » last', async () => {
    const asked: URL[] = [];
    server.use(
      http.get('*/api/v1/reports/brands', ({ request }) => {
        asked.push(new URL(request.url));
        return HttpResponse.json(report);
      }),
    );
    renderApp('/Cncstats/NosMarques', user('admin'));
    const kpis = await screen.findByRole('region', { name: 'Chiffres par marque' }, slow);
    const chaletKpi = within(kpis).getByRole('region', { name: 'Le Chalet' });
    expect(plain(chaletKpi.textContent)).toContain('2 375,00 €');
    expect(plain(chaletKpi.textContent)).toContain('19,00 % du CA');
    expect(plain(chaletKpi.textContent)).toContain('150 commandes · 480 articles');
    expect(plain(chaletKpi.textContent)).toContain('Panier moyen : 15,83 €');
    const table = await screen.findByRole('table', { name: 'Détail par marque' });
    const rows = within(table).getAllByRole('row');
    expect(plain(rows[rows.length - 2]?.textContent)).toContain('Sans marque');
    expect(plain(rows[rows.length - 1]?.textContent)).toContain('12 500,00 €');
    expect(asked[0]?.searchParams.get('restaurantId')).toBe('0');
  });

  it('Food court splits each site by brand, and says what a food court is when there is none', async () => {
    server.use(http.get('*/api/v1/reports/brands', () => HttpResponse.json(report)));
    const { unmount } = renderApp('/Cncstats/foodCourt', user('admin'));
    const site = await screen.findByRole('region', { name: 'Répartition de Burger Bastille' }, slow);
    const table = within(site).getByRole('table', { name: 'Marques de Burger Bastille' });
    expect(plain(table.textContent)).toContain('1 000,00 €');
    expect(plain(table.textContent)).toContain('25,00 %');
    unmount();
    server.use(http.get('*/api/v1/reports/brands', () => HttpResponse.json({ ...report, sites: [] })));
    renderApp('/Cncstats/foodCourt', user('admin'));
    expect(await screen.findByText('Aucun site food court', {}, slow)).toBeTruthy();
  });
});
