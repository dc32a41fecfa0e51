import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import { CONFLICT_TEXT, SAVED_TEXT } from './pages/EditDiscountPage';
import { CODES_TABLE_TITLE } from './pages/PromoCodesDashboardPage';
import type { Discount, PromoCode } from './types';

const slow = { timeout: 10_000 };
const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

function discount(id: number, patch: Partial<Discount> = {}): Discount {
  return {
    id,
    name: `Réduction ${id}`,
    kind: 'pourcentage',
    value: 1000,
    currency: '',
    automatic: false,
    stackable: false,
    active: true,
    startDate: '',
    endDate: '',
    rules: { target: 'order', targetIds: [], minBasketCents: 0, orderTypes: [], channels: [], restaurants: [], days: [], startTime: '', endTime: '' },
    ownerRestaurantId: 0,
    version: 1,
    codes: 0,
    createdAt: '2026-11-01T10:00:00Z',
    updatedAt: '2026-11-01T10:00:00Z',
    ...patch,
  };
}

const happyHour = discount(1, {
  name: 'Happy hour borne',
  value: 1500,
  automatic: true,
  rules: { target: 'order', channels: ['borne'], days: [1, 2, 3, 4, 5], startTime: '15:00', endTime: '18:00' },
});
const welcome = discount(2, { name: 'Bienvenue', codes: 1 });
const lunch = discount(3, {
  name: 'Midi express',
  kind: 'montant',
  value: 200,
  currency: 'EUR',
  codes: 1,
  version: 4,
  rules: { target: 'categories', targetIds: ['main-cat-1'], minBasketCents: 1500, orderTypes: [2], restaurants: [1] },
  ownerRestaurantId: 1,
});
const discounts = [happyHour, welcome, lunch];

function code(id: number, patch: Partial<PromoCode> = {}): PromoCode {
  return { id, code: `CODE${id}`, discountId: 2, discountName: 'Bienvenue', maxUses: 100, perCustomer: 0, used: 0, validFrom: '', validUntil: '', active: true, createdAt: '2026-11-01T10:00:00Z', ...patch };
}
const codes = [code(1, { code: 'BIENVENUE', maxUses: 1000, used: 250 }), code(2, { code: 'MIDI2', discountId: 3, discountName: 'Midi express', maxUses: 200, used: 0 })];

const problem = (status: number, detail: string, errors: { location: string; message: string }[] = []) =>
  HttpResponse.json({ status, title: 'Erreur', detail, errors }, { status, headers: { 'Content-Type': 'application/problem+json' } });

const catalogue = {
  campaigns: [{ id: 1, nom: 'Carte principale' }],
  flagNames: [],
  items: [
    { campaignId: 1, idGlobal: 'main-prod-1', id: 1, name: 'Le Classique', idCat: 1, category: 'Burgers', categoryIdGlobal: 'main-cat-1', path: '', prices: [], flags: {} },
    { campaignId: 1, idGlobal: 'main-prod-9', id: 9, name: 'Frites', idCat: 2, category: 'Accompagnements', categoryIdGlobal: 'main-cat-2', path: '', prices: [], flags: {} },
  ],
};

function serve() {
  const sent: { method: string; url: string; body: unknown; ifMatch: string | null }[] = [];
  const record = async (request: Request) => {
    const body = request.method === 'DELETE' ? null : await request.clone().json().catch(() => null);
    sent.push({ method: request.method, url: new URL(request.url).pathname, body, ifMatch: request.headers.get('If-Match') });
    return body as Record<string, unknown> | null;
  };
  server.use(
    http.get('*/api/v1/discounts', () => HttpResponse.json(discounts)),
    http.get('*/api/v1/discounts/:id', ({ params }) => {
      const d = discounts.find((x) => x.id === Number(params.id));
      return d ? HttpResponse.json(d) : problem(404, 'Réduction introuvable.');
    }),
    http.get('*/api/v1/promocodes', () => HttpResponse.json(codes)),
    http.get('*/api/v1/products', () => HttpResponse.json(catalogue)),
    http.delete('*/api/v1/discounts/:id', async ({ request }) => {
      await record(request);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return sent;
}

describe('Configuration Réductions', () => {
  it('lists the discounts in clear French, filters them and deletes one after asking', async () => {
    const sent = serve();
    renderApp('/brigade/configreduction', user('admin'));
    const table = await screen.findByRole('table', { name: 'Réductions' }, slow);
    const row = (id: number) => within(table).getByTestId(`discount-row-${id}`);
    await waitFor(() => expect(within(row(3)).getAllByText('Burger Bastille')).toHaveLength(2), slow);
    expect(plain(row(1).textContent)).toContain('15 % sur la commande');
    expect(plain(row(1).textContent)).toContain('Du lundi au vendredi');
    expect(plain(row(1).textContent)).toContain('De 15 h à 18 h');
    expect(within(row(1)).getByText('Automatique')).toBeTruthy();
    expect(plain(row(3).textContent)).toContain('2,00 € sur 1 catégorie');
    expect(plain(row(3).textContent)).toContain('Panier minimum de 15,00 €');
    expect(within(row(2)).getByText('Sans condition')).toBeTruthy();
    expect(screen.getByText('3 réductions · 3 actives · 1 automatique')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Automatiques' }));
    expect(within(table).queryByTestId('discount-row-2')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Par code' }));
    await userEvent.type(screen.getByPlaceholderText('Rechercher une réduction...'), 'midi');
    expect(within(screen.getByRole('table', { name: 'Réductions' })).getAllByRole('row')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Supprimer la réduction Midi express' }));
    const dialog = await screen.findByRole('dialog');
    expect(plain(dialog.textContent)).toContain('Êtes-vous sûr de vouloir supprimer la réduction « Midi express » ?');
    expect(plain(dialog.textContent)).toContain('Son code promo cesse aussitôt de fonctionner');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual(['DELETE /api/v1/discounts/3']));
  });

  it('toggles a discount with the version it shows', async () => {
    const sent = serve();
    server.use(
      http.put('*/api/v1/discounts/:id', async ({ request }) => {
        const body = (await request.clone().json()) as Discount;
        sent.push({ method: 'PUT', url: new URL(request.url).pathname, body, ifMatch: request.headers.get('If-Match') });
        return HttpResponse.json({ ...body, version: body.version + 1 });
      }),
    );
    renderApp('/reductions/lists', user('admin'));
    await userEvent.click(await screen.findByRole('switch', { name: /^Réduction «\s?Midi express\s?» active$/ }, slow));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ url: '/api/v1/discounts/3', ifMatch: '"4"', body: { active: false, value: 200 } });
  });

  it('lets a guest read without editing', async () => {
    serve();
    renderApp('/brigade/configreduction', user('guest'));
    await screen.findByRole('table', { name: 'Réductions' }, slow);
    expect(screen.queryByRole('button', { name: 'Nouvelle réduction' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Supprimer/ })).toBeNull();
  });
});

describe('the discount editor', () => {
  it('creates a discount from « 2,50 » on chosen categories, in cents', async () => {
    const sent = serve();
    server.use(
      http.post('*/api/v1/discounts', async ({ request }) => {
        const body = (await request.json()) as Discount;
        sent.push({ method: 'POST', url: '/api/v1/discounts', body, ifMatch: null });
        return HttpResponse.json({ ...body, id: 9 }, { status: 201 });
      }),
    );
    renderApp('/reductions/edit', user('admin'));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Nom' }, slow), 'Menu étudiant');
    await userEvent.click(screen.getByRole('button', { name: 'Montant' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Montant' }), '2,50');
    await userEvent.click(screen.getByRole('button', { name: 'Des catégories' }));
    await userEvent.click(await screen.findByRole('combobox', { name: 'Catégories' }, slow));
    await userEvent.click(await screen.findByRole('option', { name: 'Burgers' }, slow));
    await userEvent.keyboard('{Escape}');
    await userEvent.type(screen.getByRole('textbox', { name: 'Panier minimum' }), '12,50');
    await userEvent.click(screen.getByRole('button', { name: 'À emporter' }));
    // The summary follows what is typed.
    const summary = screen.getByRole('region', { name: 'Résumé' });
    expect(plain(summary.textContent)).toContain('2,50 € sur 1 catégorie');
    expect(plain(summary.textContent)).toContain('Panier minimum de 12,50 €');

    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText(SAVED_TEXT, undefined, slow);
    expect(sent[0]!.body).toMatchObject({
      name: 'Menu étudiant',
      kind: 'montant',
      value: 250,
      currency: 'EUR',
      rules: { target: 'categories', targetIds: ['main-cat-1'], minBasketCents: 1250, orderTypes: [2] },
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/reductions/lists'));
  });

  it('checks before asking, then shows the server’s field errors under their fields', async () => {
    const sent = serve();
    server.use(
      http.post('*/api/v1/discounts', async ({ request }) => {
        sent.push({ method: 'POST', url: '/api/v1/discounts', body: await request.json(), ifMatch: null });
        return problem(422, 'Données invalides', [{ location: 'body.rules.restaurants', message: 'Restaurant inconnu : 99.' }, { location: 'body.value', message: 'Valeur refusée.' }]);
      }),
    );
    renderApp('/brigade/editreduction/new', user('admin'));
    const name = await screen.findByRole('textbox', { name: 'Nom' }, slow);
    await userEvent.type(screen.getByRole('textbox', { name: 'Pourcentage' }), '150');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le nom de la réduction est obligatoire.')).toBeTruthy();
    expect(screen.getByText('Le pourcentage doit être compris entre 0,01 % et 100 %.')).toBeTruthy();
    expect(sent).toHaveLength(0);

    await userEvent.type(name, 'Black Friday');
    const value = screen.getByRole('textbox', { name: 'Pourcentage' });
    await userEvent.clear(value);
    await userEvent.type(value, '20');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Restaurant inconnu : 99.', undefined, slow)).toBeTruthy();
    expect(screen.getByText('Valeur refusée.')).toBeTruthy();
    expect(sent[0]!.body).toMatchObject({ value: 2000 });
    // Nothing typed is lost.
    expect((screen.getByRole('textbox', { name: 'Nom' }) as HTMLInputElement).value).toBe('Black Friday');
  });

  it('sends the version read, and on a conflict keeps the edits and offers to reload', async () => {
    const sent = serve();
    server.use(
      http.put('*/api/v1/discounts/:id', async ({ request }) => {
        sent.push({ method: 'PUT', url: new URL(request.url).pathname, body: await request.json(), ifMatch: request.headers.get('If-Match') });
        return problem(409, 'Cette réduction a été modifiée entre-temps. Rechargez la page puis recommencez.');
      }),
    );
    renderApp('/brigade/editreduction/3', user('admin'));
    const value = await screen.findByRole('textbox', { name: 'Montant' }, slow);
    expect((value as HTMLInputElement).value).toBe('2,00');
    await userEvent.clear(value);
    await userEvent.type(value, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(/^Quelqu'un a modifié cette réduction/, undefined, slow)).toBeTruthy();
    expect(plain(screen.getByRole('alert').textContent)).toContain(plain(CONFLICT_TEXT));
    expect(sent[0]).toMatchObject({ url: '/api/v1/discounts/3', ifMatch: '"4"', body: { value: 300 } });
    expect((screen.getByRole('textbox', { name: 'Montant' }) as HTMLInputElement).value).toBe('3');
    await userEvent.click(screen.getByRole('button', { name: 'Recharger' }));
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Montant' }) as HTMLInputElement).value).toBe('2,00'));
    expect(screen.queryByText(/^Quelqu'un a modifié cette réduction/)).toBeNull();
  });

  it('says so for an unknown discount', async () => {
    serve();
    renderApp('/brigade/editreduction/77', user('admin'));
    expect(await screen.findByText('Réduction introuvable', undefined, slow)).toBeTruthy();
  });
});

describe('Codes Promo', () => {
  it('shows uses against the quota, creates a generated code, and explains why a used code is only deactivated', async () => {
    const sent = serve();
    server.use(
      http.post('*/api/v1/promocodes', async ({ request }) => {
        const body = (await request.json()) as PromoCode;
        sent.push({ method: 'POST', url: '/api/v1/promocodes', body, ifMatch: null });
        return HttpResponse.json({ ...body, id: 5, discountName: 'Bienvenue' }, { status: 201 });
      }),
      http.put('*/api/v1/promocodes/:id', async ({ request }) => {
        const body = (await request.json()) as PromoCode;
        sent.push({ method: 'PUT', url: new URL(request.url).pathname, body, ifMatch: null });
        return HttpResponse.json({ ...codes[0], ...body });
      }),
    );
    renderApp('/brigade/configcodepromo', user('admin'));
    const table = await screen.findByRole('table', { name: 'Codes promo' }, slow);
    const row = within(table).getByTestId('code-row-BIENVENUE');
    expect(plain(row.textContent)).toContain('250 / 1 000');
    expect(within(row).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(within(row).getByRole('button', { name: 'Copier le code BIENVENUE' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Nouveau code' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Générer' }));
    const codeField = within(dialog).getByRole('textbox', { name: 'Code' }) as HTMLInputElement;
    expect(codeField.value).toMatch(/^BIENVENUE-[A-Z2-9]{5}$/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Usage unique' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer le code' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ code: codeField.value, discountId: 2, maxUses: 1, perCustomer: 0, active: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(within(table).getByRole('button', { name: 'Supprimer le code BIENVENUE' }));
    const explain = await screen.findByRole('dialog', { name: 'Ce code a déjà servi' });
    expect(plain(explain.textContent)).toContain('a déjà servi 250 fois : il ne peut pas être supprimé');
    await userEvent.click(within(explain).getByRole('button', { name: 'Désactiver' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ method: 'PUT', url: '/api/v1/promocodes/1', body: { active: false, maxUses: 1000 } });
  });
});

describe('the codes dashboard', () => {
  it('joins the period’s figures per code to the quotas, in the report’s currency', async () => {
    serve();
    server.use(
      http.get('*/api/v1/reports/discounts', () =>
        HttpResponse.json({
          currency: 'EUR',
          currencies: [{ code: 'EUR', restaurants: 4 }],
          byType: [],
          bySource: [],
          byLabel: [],
          byCode: [{ label: 'BIENVENUE', cents: 4520, orders: 18 }, { label: 'ANCIEN', cents: 300, orders: 1 }],
          series: [],
          byRestaurant: [],
          totalCents: 9040,
        }),
      ),
    );
    renderApp('/dashbaord/BetaCodePromo', user('admin'));
    const table = await screen.findByRole('table', { name: CODES_TABLE_TITLE }, slow);
    await within(table).findByText('BIENVENUE', undefined, slow);
    const cells = (label: string) => within(within(table).getByText(label).closest('tr')!).getAllByRole('cell').map((c) => plain(c.textContent));
    expect(cells('BIENVENUE')).toEqual(['BIENVENUE', 'Bienvenue10 % sur la commande', '18', '45,20 €', '250 / 1 000', '750', 'Utilisable']);
    expect(cells('MIDI2').slice(2, 6)).toEqual(['0', '0,00 €', '0 / 200', '200']);
    expect(cells('ANCIEN').slice(1, 4)).toEqual(['Code supprimé', '1', '3,00 €']);
    const figures = screen.getByRole('region', { name: 'Chiffres de la période' });
    expect(plain(within(figures).getByRole('group', { name: 'Réduction accordée' }).textContent)).toContain('48,20 €');
    expect(plain(within(figures).getByRole('group', { name: 'Part des réductions' }).textContent)).toContain('53,3 %');
  });
});
