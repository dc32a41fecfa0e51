import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AppProviders } from '../../app/App';
import { createQueryClient } from '../../app/queryClient';
import { invalidateFor } from '../../app/serverEvents';
import { signIn } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import { CampagneRestosPage } from './pages/CampagneRestosPage';
import { DeploiementPage } from './pages/DeploiementPage';
import { parseCents } from './format';
import { ADMIN_ONLY, GENERATION_SUCCESS, RELATION_DELETED, RELATION_DELETE_FAILED } from './texts';
import type { DeployPreview, DeployStatus, Job, LinkMatrix, PricedElement } from './queries';

function renderPage(ui: ReactElement, role: 'admin' | 'moderator' = 'admin') {
  signIn(user(role));
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  render(
    <AppProviders client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return client;
}

const problem = (status: number, detail: string, errors: { location: string; message: string }[] = []) =>
  HttpResponse.json({ status, title: 'Erreur', detail, errors }, { status, headers: { 'Content-Type': 'application/problem+json' } });

// ---- Déploiement Carte ----

const status: DeployStatus[] = [
  { id: 1, nom: 'Burger Bastille', siret: '12345678900001', cartes: [1, 2], customised: 2, version: 3, deployedAt: '2026-11-20T09:30:00Z', deployedBy: 'Brigade Burgers', upToDate: false },
  { id: 2, nom: 'Burger Confluence', siret: '12345678900002', cartes: [1], customised: 0, version: 0, upToDate: false },
  { id: 3, nom: 'Pizza Vieux-Port', siret: '12345678900003', cartes: [1], customised: 0, version: 5, deployedAt: '2026-11-21T09:30:00Z', deployedBy: 'Brigade Burgers', upToDate: true },
];

function job(patch: Partial<Job>): Job {
  return {
    id: 42, kind: 'deploy.generate', status: 'queued', done: 0, total: 0, message: 'Génération en attente…',
    createdBy: 'Brigade Burgers', createdAt: '2026-11-21T10:00:00Z', updatedAt: '2026-11-21T10:00:00Z', ...patch,
  };
}

describe('Déploiement Carte', () => {
  it('shows each restaurant with its status chip, version and who deployed it', async () => {
    server.use(http.get('*/api/v1/deploy/status', () => HttpResponse.json(status)));
    renderPage(<DeploiementPage />);
    const table = await screen.findByRole('table', { name: 'Déploiement par restaurant' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('Burger Bastille')).toBeTruthy();
    expect(within(rows[1]!).getByText('À redéployer')).toBeTruthy();
    expect(within(rows[1]!).getByText('Brigade Burgers')).toBeTruthy();
    expect(within(rows[2]!).getByText('Jamais déployé')).toBeTruthy();
    expect(within(rows[3]!).getByText('À jour')).toBeTruthy();
    // Dates the French way.
    expect(within(rows[1]!).getByText(/20 nov\. 2026/)).toBeTruthy();
  });

  it('deploys the selection: the bar follows job.progress and polling, then the spec’s success text', async () => {
    let current = job({});
    let sent: unknown = null;
    server.use(
      http.get('*/api/v1/deploy/status', () => HttpResponse.json(status)),
      http.post('*/api/v1/deploy/generations', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(current, { status: 202 });
      }),
      http.get('*/api/v1/jobs/42', () => HttpResponse.json(current)),
    );
    const client = renderPage(<DeploiementPage />);
    await screen.findByRole('table', { name: 'Déploiement par restaurant' });

    await userEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner Burger Bastille' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner Burger Confluence' }));
    await userEvent.click(screen.getByRole('button', { name: 'Déployer (2)' }));
    await waitFor(() => expect(sent).toEqual({ restaurantIds: [1, 2] }));
    await screen.findByRole('region', { name: 'Déploiement en cours' });

    // An event says the job moved: the job is asked for again at once.
    current = job({ status: 'running', done: 1, total: 2, message: 'Génération des cartes : 1 / 2 restaurants' });
    invalidateFor(client, 'job.progress');
    expect(await screen.findByText('1 / 2 restaurants')).toBeTruthy();
    const bar = screen.getAllByRole('progressbar', { name: 'Progression du déploiement' })[0]!;
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByTestId('job-message').textContent).toBe('Génération des cartes : 1 / 2 restaurants');

    // No event this time: polling alone brings the end.
    current = job({
      status: 'done', done: 2, total: 2, message: GENERATION_SUCCESS,
      generation: {
        message: GENERATION_SUCCESS,
        restaurants: [
          { restaurantId: 1, nom: 'Burger Bastille', version: 4, changed: true, cartes: 2, products: 31, dropped: 1, customised: 2, etag: 'a' },
          { restaurantId: 2, nom: 'Burger Confluence', version: 1, changed: true, cartes: 1, products: 20, dropped: 0, customised: 0, etag: 'b' },
        ],
      },
    });
    expect(await screen.findByText('2 / 2 restaurants', undefined, { timeout: 4000 })).toBeTruthy();
    // The toast and the summary both say it, verbatim.
    await waitFor(() => expect(screen.getAllByText(GENERATION_SUCCESS).length).toBeGreaterThanOrEqual(2));
    const summary = screen.getByRole('table', { name: 'Résultat du déploiement' });
    expect(within(summary).getAllByText('Nouvelle version')).toHaveLength(2);
  });

  it('shows the progress of a generation already running when the page opens', async () => {
    const running = job({ status: 'running', done: 3, total: 12, message: 'Génération des cartes : 3 / 12 restaurants' });
    server.use(
      http.get('*/api/v1/deploy/status', () => HttpResponse.json(status)),
      http.get('*/api/v1/deploy/generations/current', () => HttpResponse.json({ job: running })),
      http.get('*/api/v1/jobs/42', () => HttpResponse.json(running)),
    );
    renderPage(<DeploiementPage />);
    await screen.findByRole('region', { name: 'Déploiement en cours' });
    expect(await screen.findByText('3 / 12 restaurants')).toBeTruthy();
    expect(screen.getByTestId('job-message').textContent).toBe('Génération des cartes : 3 / 12 restaurants');
  });

  it('says a failed generation in French', async () => {
    server.use(
      http.get('*/api/v1/deploy/status', () => HttpResponse.json(status)),
      http.post('*/api/v1/deploy/generations', () => HttpResponse.json(job({ status: 'running', total: 1 }), { status: 202 })),
      http.get('*/api/v1/jobs/42', () => HttpResponse.json(job({ status: 'failed', done: 0, total: 1, error: 'La carte « Été » est illisible.' }))),
    );
    renderPage(<DeploiementPage />);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Sélectionner Burger Bastille' }));
    await userEvent.click(screen.getByRole('button', { name: 'Déployer (1)' }));
    expect((await screen.findAllByText('La carte « Été » est illisible.')).length).toBeGreaterThan(0);
    expect(screen.getByText('Déploiement interrompu')).toBeTruthy();
  });

  it('selects every restaurant with Tout sélectionner', async () => {
    server.use(http.get('*/api/v1/deploy/status', () => HttpResponse.json(status)));
    renderPage(<DeploiementPage />);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Tout sélectionner' }));
    expect(screen.getByRole('button', { name: 'Déployer (3)' })).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Tout sélectionner' }));
    expect((screen.getByRole('button', { name: 'Déployer' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('previews added, removed, re-priced and dropped items per restaurant', async () => {
    const preview: DeployPreview[] = [
      {
        id: 1, nom: 'Burger Bastille', siret: '12345678900001', version: 3, upToDate: false, products: 31,
        added: [{ kind: 'product', name: 'Burger du chef', detail: 'Burgers' }],
        removed: [{ kind: 'option', name: 'Sauce andalouse' }],
        repriced: [{ kind: 'product', name: 'Frites', detail: 'Tarif 1 Sur Place : 3,50 € → 3,90 €' }],
        dropped: [{ kind: 'product', name: 'Tiramisu', reason: 'catégorie absente' }],
      },
    ];
    let asked: unknown = null;
    server.use(
      http.get('*/api/v1/deploy/status', () => HttpResponse.json(status)),
      http.post('*/api/v1/deploy/preview', async ({ request }) => {
        asked = await request.json();
        return HttpResponse.json(preview);
      }),
    );
    renderPage(<DeploiementPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Aperçu de Burger Bastille' }));
    const dialog = await screen.findByRole('dialog', { name: /Aperçu du déploiement/ });
    expect(await within(dialog).findByText('Burger du chef')).toBeTruthy();
    expect(asked).toEqual({ restaurantIds: [1] });
    expect(within(within(dialog).getByRole('region', { name: 'Ajoutés' })).getByText('Burger du chef')).toBeTruthy();
    expect(within(within(dialog).getByRole('region', { name: 'Retirés' })).getByText('Sauce andalouse')).toBeTruthy();
    expect(within(within(dialog).getByRole('region', { name: 'Prix modifiés' })).getByText('Tarif 1 Sur Place : 3,50 € → 3,90 €')).toBeTruthy();
    expect(within(within(dialog).getByRole('region', { name: 'Écartés à la génération' })).getByText('catégorie absente')).toBeTruthy();
  });

  it('lists versions and puts an older one back in service', async () => {
    let rolledBack = false;
    server.use(
      http.get('*/api/v1/deploy/status', () => HttpResponse.json(status)),
      http.get('*/api/v1/deploy/restaurants/1/versions', () =>
        HttpResponse.json([
          { version: 3, createdAt: '2026-11-20T09:30:00Z', createdBy: 'Brigade Burgers', etag: 'abcdef1234567890', size: 20480, products: 31, dropped: 0, current: true },
          { version: 2, createdAt: '2026-11-10T09:30:00Z', createdBy: 'Brigade Burgers', etag: '0987654321fedcba', size: 19000, products: 30, dropped: 1, current: false },
        ]),
      ),
      http.get('*/api/v1/deploy/restaurants/1/menu', ({ request }) => {
        const version = new URL(request.url).searchParams.get('version');
        return HttpResponse.json({ categories: [], items: version === '2' ? [{ id: 1, title: 'Burger de la version 2' }] : [], options: [] });
      }),
      http.post('*/api/v1/deploy/restaurants/1/versions/2/rollback', () => {
        rolledBack = true;
        return HttpResponse.json({ version: 4, createdAt: '2026-11-21T09:30:00Z', createdBy: 'Brigade Burgers', etag: '0987654321fedcba', size: 19000, products: 30, dropped: 1, current: true, rollbackOf: 2 });
      }),
    );
    renderPage(<DeploiementPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Versions de Burger Bastille' }));
    const drawer = await screen.findByRole('region', { name: 'Versions de Burger Bastille' });
    expect(await within(drawer).findByText('En service')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Remettre en service la version 3' })).toBeNull();
    // An older version's JSON, exactly as its kiosks received it.
    await userEvent.click(within(drawer).getByRole('button', { name: 'Voir le JSON de la version 2' }));
    const json = await screen.findByRole('dialog', { name: /Version 2 — Burger Bastille/ });
    expect(await within(json).findByText(/Burger de la version 2/)).toBeTruthy();
    expect(within(json).getByText('1 produit')).toBeTruthy();
    await userEvent.click(within(json).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Version 2/ })).toBeNull());
    await userEvent.click(await within(drawer).findByRole('button', { name: 'Remettre en service la version 2' }));
    const confirm = await screen.findByRole('dialog', { name: /Remettre en service cette version/ });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remettre en service' }));
    await waitFor(() => expect(rolledBack).toBe(true));
    expect(await screen.findByText(/La version 2 est remise en service/)).toBeTruthy();
  });

  it('is closed to non-admins without asking the API', async () => {
    renderPage(<DeploiementPage />, 'moderator');
    expect(await screen.findByText(ADMIN_ONLY)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Déployer/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Exporter les produits' })).toBeNull();
  });
});

// ---- Cartes par restaurant ----

const matrix: LinkMatrix = {
  cartes: [
    { id: 1, nom: 'Carte principale', isPrincipal: true, removed: false, version: 4 },
    { id: 2, nom: "Carte d'hiver", isPrincipal: false, removed: false, version: 2 },
    { id: 3, nom: 'Carte archivée', isPrincipal: false, removed: true, version: 1 },
  ],
  restaurants: [
    { id: 1, nom: 'Burger Bastille', siret: '12345678900001' },
    // The deploy API names restaurants by their pseudo; the screens show their name.
    { id: 3, nom: 'vieux-port', siret: '12345678900003' },
  ],
  links: [
    { campaignId: 1, restaurantId: 1 },
    { campaignId: 2, restaurantId: 1 },
    { campaignId: 1, restaurantId: 3 },
  ],
};

describe('Cartes par restaurant', () => {
  it('links and unlinks from the matrix with the spec’s texts', async () => {
    const calls: string[] = [];
    server.use(
      http.get('*/api/v1/deploy/links', () => HttpResponse.json(matrix)),
      http.put('*/api/v1/deploy/links/:c/restaurants/:r', ({ params }) => {
        calls.push(`PUT ${params.c}/${params.r}`);
        return new HttpResponse(null, { status: 204 });
      }),
      http.delete('*/api/v1/deploy/links/:c/restaurants/:r', ({ params }) => {
        calls.push(`DELETE ${params.c}/${params.r}`);
        return HttpResponse.json({ message: RELATION_DELETED });
      }),
    );
    renderPage(<CampagneRestosPage />);
    const cell = await screen.findByRole('checkbox', { name: "Carte « Carte d'hiver » pour Burger Bastille" });
    expect((cell as HTMLInputElement).checked).toBe(true);
    // Unticking asks first (spec §2): cancelling changes nothing.
    await userEvent.click(cell);
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer la relation' });
    expect(within(dialog).getByText(/Carte d'hiver/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);
    await userEvent.click(cell);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText(RELATION_DELETED)).toBeTruthy();
    expect(calls).toContain('DELETE 2/1');

    await userEvent.click(await screen.findByRole('checkbox', { name: "Carte « Carte d'hiver » pour Pizza Vieux-Port" }));
    await waitFor(() => expect(calls).toContain('PUT 2/3'));
    // The principal carte is marked; the deactivated one says so.
    expect(screen.getAllByLabelText('Carte principale').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Désactivée').length).toBeGreaterThan(0);
  });

  it('shows the failure text and puts the box back when an unlink fails', async () => {
    server.use(
      http.get('*/api/v1/deploy/links', () => HttpResponse.json(matrix)),
      http.delete('*/api/v1/deploy/links/:c/restaurants/:r', () => problem(500, 'Une erreur est survenue lors de la suppression.')),
    );
    renderPage(<CampagneRestosPage />);
    const cell = await screen.findByRole('checkbox', { name: 'Carte « Carte principale » pour Pizza Vieux-Port' });
    await userEvent.click(cell);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText(RELATION_DELETE_FAILED)).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'Carte « Carte principale » pour Pizza Vieux-Port' }) as HTMLInputElement).checked).toBe(true));
  });

  it('filters restaurants by search', async () => {
    server.use(http.get('*/api/v1/deploy/links', () => HttpResponse.json(matrix)));
    renderPage(<CampagneRestosPage />);
    await screen.findByText('Burger Bastille');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher un restaurant...' }), 'pizza');
    expect(screen.queryByText('Burger Bastille')).toBeNull();
    expect(screen.getByText('Pizza Vieux-Port')).toBeTruthy();
  });

  it('edits a custom price in cents, shows a 422 on the field, and goes back to the carte price', async () => {
    const prices: PricedElement[] = [
      {
        kind: 'product', idGlobal: 'p-1', name: 'Le Classique', group: 'Burgers',
        prices: [
          { tariff: 1, typeOrder: 1, size: 0, carteCents: 1190 },
          { tariff: 1, typeOrder: 2, size: 0, carteCents: 1090, customCents: 990 },
        ],
      },
      { kind: 'option', idGlobal: 'o-1', name: 'Cheddar', group: 'Suppléments', prices: [{ tariff: 1, typeOrder: 1, size: 0, carteCents: 100 }] },
    ];
    const puts: unknown[] = [];
    const deletes: string[] = [];
    server.use(
      http.get('*/api/v1/deploy/links', () => HttpResponse.json(matrix)),
      http.get('*/api/v1/deploy/restaurants/1/prices', () => HttpResponse.json(prices)),
      http.put('*/api/v1/deploy/restaurants/1/prices', async ({ request }) => {
        const body = (await request.json()) as { priceCents: number };
        puts.push(body);
        if (body.priceCents > 100000) return problem(422, "La valeur du prix 1500,00 € n'est pas valide.", [{ location: 'body.priceCents', message: 'trop grand' }]);
        return new HttpResponse(null, { status: 204 });
      }),
      http.delete('*/api/v1/deploy/restaurants/1/prices', ({ request }) => {
        deletes.push(new URL(request.url).search);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderPage(<CampagneRestosPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Prix personnalisés de Burger Bastille' }));
    const dialog = await screen.findByRole('dialog', { name: /Prix personnalisés — Burger Bastille/ });
    const field = await within(dialog).findByRole('textbox', { name: 'Prix du restaurant, tarif 1, Sur Place' });
    expect(within(dialog).getByText('11,90 €')).toBeTruthy();

    await userEvent.type(field, '12,5');
    await userEvent.tab();
    await waitFor(() => expect(puts).toEqual([{ kind: 'product', idGlobal: 'p-1', tariff: 1, typeOrder: 1, size: 0, priceCents: 1250 }]));
    expect(await within(dialog).findByLabelText('Enregistré')).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('12,50');

    // The server refuses: its French detail sits on the field.
    await userEvent.clear(field);
    await userEvent.type(field, '1500000{Enter}');
    expect(await within(dialog).findByText("La valeur du prix 1500,00 € n'est pas valide.")).toBeTruthy();

    // Text that is not a price never leaves the browser.
    await userEvent.clear(field);
    await userEvent.type(field, 'abc');
    await userEvent.tab();
    expect(await within(dialog).findByText('Saisissez un prix positif, par exemple 12,90.')).toBeTruthy();
    expect(puts).toHaveLength(2);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Revenir au prix de la carte (Prix du restaurant, tarif 1, A Emporter)' }));
    await waitFor(() => expect(deletes).toHaveLength(1));
    const q = new URLSearchParams(deletes[0]);
    expect(Object.fromEntries(q)).toEqual({ kind: 'product', idGlobal: 'p-1', tariff: '1', typeOrder: '2', size: '0' });

    // Options have their own list.
    await userEvent.click(within(dialog).getByRole('button', { name: /Options \(1\)/ }));
    expect(await within(dialog).findByRole('heading', { name: 'Cheddar' })).toBeTruthy();
  });

  it('is closed to non-admins', async () => {
    renderPage(<CampagneRestosPage />, 'moderator');
    expect(await screen.findByText(ADMIN_ONLY)).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe('price text', () => {
  it.each([
    ['12,90', 1290],
    ['12.9', 1290],
    ['12', 1200],
    [',5', 50],
    [' 1 234,50 € ', 123450],
    ['', null],
  ])('reads %j as %j cents', (text, cents) => {
    expect(parseCents(text)).toBe(cents);
  });

  it.each(['-1', 'abc', '1,234', '12,999'])('refuses %j', (text) => {
    expect(parseCents(text)).toBeNaN();
  });
});
