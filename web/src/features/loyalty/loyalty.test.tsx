import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import { centsText, parseCents, parseWhole, rewardBody, rewardFormValues, rewardSchema, ruleBody, ruleFormValues, ruleSchema, tierBody } from './schemas';
import { dayPoints, rewardCostText } from './pages/LoyaltyDashboardPage';
import { signedPoints } from './pages/LoyaltyHistoryPage';
import { formatBasisPoints, ruleText } from './format';
import type { EarnRule, LoyaltyDashboard, LoyaltyHistoryPage, LoyaltyMemberPage, Reward, Tier } from './types';

const slow = { timeout: 15_000 };
const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

const problem = (status: number, detail: string, errors: { location: string; message: string }[] = []) =>
  HttpResponse.json({ status, title: 'Erreur', detail, errors }, { status, headers: { 'Content-Type': 'application/problem+json' } });

const visit: EarnRule = { id: 1, name: 'Passage', kind: 'visit', points: 10, perCents: 0, currency: '', productId: '', active: true, version: 2 };
const euros: EarnRule = { id: 2, name: 'Un point par euro', kind: 'amount', points: 1, perCents: 100, currency: 'EUR', productId: '', active: false, version: 1 };
const gold: Tier = { id: 5, name: 'Or', minPoints: 500, perks: 'Boisson offerte', version: 1 };
const coffee: Reward = { id: 9, name: 'Café offert', kind: 'product', costPoints: 100, productId: 'cafe', discountId: 0, value: { cents: 250, currency: 'EUR' }, active: true, version: 1 };

describe('loyalty form logic', () => {
  it('reads whole numbers and euro amounts as the French type them', () => {
    expect(parseWhole('1 000')).toBe(1000);
    expect(parseWhole('12,5')).toBeNull();
    expect(parseCents('2,50')).toBe(250);
    expect(parseCents('10 €')).toBe(1000);
    expect(parseCents('2,555')).toBeNull();
    expect(centsText(250)).toBe('2,50');
    expect(centsText(1000)).toBe('10');
  });

  it('checks a rule as the server does, in French, and sends only what its kind uses', () => {
    const bad = ruleSchema.safeParse({ ...ruleFormValues(), name: ' ', points: '0', kind: 'amount', perEuros: '', currency: 'E' });
    const messages = bad.success ? [] : bad.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toEqual([
      'name: Le nom de la règle est obligatoire.',
      'points: Le nombre de points doit être positif.',
      'perEuros: Le montant par tranche doit être positif.',
      'currency: La devise est obligatoire (code ISO à trois lettres, par exemple EUR).',
    ]);
    const product = ruleSchema.safeParse({ ...ruleFormValues(), name: 'Burger', kind: 'product' });
    expect(product.success ? [] : product.error.issues.map((i) => i.message)).toEqual(['Choisissez le produit qui rapporte des points.']);
    expect(ruleBody({ ...ruleFormValues(), name: ' Dix euros ', kind: 'amount', points: '5', perEuros: '10', currency: 'eur', productId: 'x' })).toMatchObject({
      name: 'Dix euros',
      kind: 'amount',
      points: 5,
      perCents: 1000,
      currency: 'EUR',
      productId: '',
    });
    expect(ruleFormValues(euros)).toMatchObject({ perEuros: '1', currency: 'EUR', active: false });
    expect(plain(ruleText(euros))).toBe('1 pt par tranche de 1,00 € dépensés');
  });

  it('checks a reward (a discount needs a value or a franchise discount) and builds its body', () => {
    const r = rewardSchema.safeParse({ ...rewardFormValues(), name: 'Remise', kind: 'discount', value: '', discountId: '' });
    expect(r.success ? [] : r.error.issues.map((i) => i.message)).toEqual(["Une remise a besoin d'une valeur ou d'une réduction de la franchise."]);
    expect(rewardBody({ ...rewardFormValues(coffee), value: '3,20' })).toMatchObject({ kind: 'product', productId: 'cafe', costPoints: 100, value: { cents: 320, currency: 'EUR' } });
    expect(rewardBody({ ...rewardFormValues(coffee), value: '' }).value).toBeUndefined();
    expect(tierBody({ name: ' Argent ', minPoints: '50', perks: '' })).toMatchObject({ name: 'Argent', minPoints: 50 });
  });

  it('draws earned against redeemed per day, and never adds two currencies', () => {
    const d = { byDay: [{ date: '2026-11-02', earned: 30, redeemed: 100 }], rewardCost: [{ cents: 500, currency: 'EUR' }, { cents: 800, currency: 'CHF' }] } as LoyaltyDashboard;
    expect(dayPoints(d)).toEqual([{ label: '2026-11-02', current: 30, previous: 100, lastYear: null }]);
    expect(plain(rewardCostText(d))).toMatch(/^5,00 € · 8,00 CHF$/);
    expect(plain(formatBasisPoints(4250))).toBe('42,5 %');
    expect(plain(signedPoints(-100))).toBe('\u2212100 pts');
    expect(plain(signedPoints(12))).toBe('+12 pts');
  });
});

function serveProgram() {
  const sent: { method: string; path: string; body: unknown; ifMatch: string | null }[] = [];
  server.use(
    http.get('*/api/v1/loyalty/rules', () => HttpResponse.json({ items: [visit, euros] })),
    http.get('*/api/v1/loyalty/tiers', () => HttpResponse.json({ items: [gold] })),
    http.get('*/api/v1/loyalty/rewards', () => HttpResponse.json({ items: [coffee] })),
    http.post('*/api/v1/loyalty/rules', async ({ request }) => {
      const body = (await request.json()) as EarnRule;
      sent.push({ method: 'POST', path: '/api/v1/loyalty/rules', body, ifMatch: null });
      if (body.name === 'Refusée') return problem(422, 'Erreur', [{ location: 'body.points', message: 'Le nombre de points doit être positif.' }]);
      return HttpResponse.json({ ...body, id: 3, version: 1 }, { status: 201 });
    }),
    http.put('*/api/v1/loyalty/rules/:id', async ({ request }) => {
      sent.push({ method: 'PUT', path: new URL(request.url).pathname, body: await request.json(), ifMatch: request.headers.get('If-Match') });
      return problem(409, 'Cet élément du programme de fidélité a été modifié entre-temps. Rechargez la page puis recommencez.');
    }),
  );
  return sent;
}

describe('Fidélité clients (the program setup)', () => {
  it('lists rules, tiers and rewards, and creates a rule from the dialog', async () => {
    const sent = serveProgram();
    renderApp('/mesClients/fidelite', user('admin'));
    const rules = await screen.findByRole('table', { name: 'Règles de gain' }, slow);
    await waitFor(() => expect(within(rules).getByText('Passage')).toBeTruthy());
    expect(plain(rules.textContent)).toContain('10 pts par commande payée');
    expect(within(await screen.findByRole('table', { name: 'Récompenses' })).getByText('Café offert')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Niveaux' })).getByText('Or')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Nouvelle règle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle règle' });
    await userEvent.type(within(dialog).getByLabelText(/^Nom/), 'Burger');
    await userEvent.click(within(dialog).getByLabelText('Type'));
    await userEvent.click(await screen.findByRole('option', { name: 'Par produit acheté' }));
    const points = within(dialog).getByLabelText(/^Points/);
    await userEvent.clear(points);
    await userEvent.type(points, '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Choisissez le produit qui rapporte des points.')).toBeTruthy();
    expect(sent).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(/^Produit/), 'burger-classique');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nouvelle règle' })).toBeNull());
    expect(sent[0]).toMatchObject({ method: 'POST', body: { name: 'Burger', kind: 'product', points: 5, productId: 'burger-classique', perCents: 0, currency: '', active: true } });
  });

  it('shows the server field error under its field and a 409 in a banner, sending the version read', async () => {
    const sent = serveProgram();
    renderApp('/mesClients/fidelite', user('admin'));
    const rules = await screen.findByRole('table', { name: 'Règles de gain' }, slow);
    await userEvent.click(await within(rules).findByRole('button', { name: 'Modifier Passage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier la règle Passage' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText(/modifié entre-temps/)).toBeTruthy();
    expect(sent[0]).toMatchObject({ method: 'PUT', path: '/api/v1/loyalty/rules/1', ifMatch: '"2"' });
  });

  it('is read-only for a guest', async () => {
    serveProgram();
    renderApp('/mesClients/fidelite', user('guest'));
    const rules = await screen.findByRole('table', { name: 'Règles de gain' }, slow);
    await waitFor(() => expect(within(rules).getByText('Passage')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Nouvelle règle' })).toBeNull();
    expect(within(rules).queryByRole('button', { name: 'Modifier Passage' })).toBeNull();
  });
});

const dashboard: LoyaltyDashboard = {
  members: 1234,
  activeMembers: 321,
  repeatRate: 4250,
  pointsEarned: 9000,
  pointsRedeemed: 1200,
  redemptions: 12,
  rewardCost: [{ cents: 3000, currency: 'EUR' }],
  byDay: [
    { date: '2026-11-01', earned: 300, redeemed: 100 },
    { date: '2026-11-02', earned: 200, redeemed: 0 },
  ],
  topRewards: [{ reward: { id: 9, name: 'Café offert' }, redemptions: 12, points: 1200 }],
};

describe('loyalty reports', () => {
  it('the dashboard shows the period figures and top rewards, asking for the period and restaurant', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/api/v1/loyalty/dashboard', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json(dashboard);
      }),
    );
    renderApp('/fidelite/DashboardFidelity', user('admin'));
    const members = await screen.findByRole('group', { name: 'Membres' }, slow);
    await waitFor(() => expect(plain(members.textContent)).toContain('1 234'));
    expect(plain(screen.getByRole('group', { name: 'Taux de retour' }).textContent)).toContain('42,5 %');
    expect(plain(screen.getByRole('group', { name: 'Coût des récompenses' }).textContent)).toContain('30,00 €');
    expect(within(await screen.findByRole('table', { name: 'Récompenses les plus prises' })).getByText('Café offert')).toBeTruthy();
    expect(asked[0]?.get('from')).toMatch(/^\d{4}-\d{2}-01$/);
    expect(asked[0]?.get('to')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('the Beta routes open the same screens: members ranked by points, and the history with its kind filter', async () => {
    const members: LoyaltyMemberPage = {
      items: [
        { customer: { id: 4, name: 'Alice Martin' }, points: 900, lifetimePoints: 1500, tier: { id: 5, name: 'Or' }, visits: 12, lastVisit: '2026-11-20T12:00:00Z' },
        { customer: { id: 7, name: 'Bob Durand' }, points: 40, lifetimePoints: 40, visits: 1 },
      ],
      total: 2,
    };
    server.use(http.get('*/api/v1/loyalty/members', () => HttpResponse.json(members)));
    const view = renderApp('/dashbaord/BetaFideliteMesClients', user('admin'));
    const table = await screen.findByRole('table', { name: 'Membres classés par points' }, slow);
    await waitFor(() => expect(within(table).getByText('Alice Martin')).toBeTruthy());
    const rows = within(table).getAllByRole('row');
    expect(plain(rows[1]?.textContent)).toContain('1Alice MartinOr900 pts1 500 pts12');
    view.unmount();

    const kinds: (string | null)[] = [];
    const history: LoyaltyHistoryPage = {
      items: [{ at: '2026-11-20T12:00:00Z', customer: { id: 4, name: 'Alice Martin' }, kind: 'redeem', points: -100, orderId: 0, reward: { id: 9, name: 'Café offert' }, restaurant: { id: 1, name: 'Burger Bastille' } }],
      total: 1,
    };
    server.use(
      http.get('*/api/v1/loyalty/history', ({ request }) => {
        kinds.push(new URL(request.url).searchParams.get('kind'));
        return HttpResponse.json(history);
      }),
    );
    renderApp('/dashbaord/BetaFideliteHistorique', user('admin'));
    const h = await screen.findByRole('table', { name: 'Mouvements de points' }, slow);
    await waitFor(() => expect(within(h).getByText('Café offert')).toBeTruthy());
    expect(plain(h.textContent)).toContain('\u2212100 pts');
    await userEvent.click(screen.getByLabelText('Type de mouvement'));
    await userEvent.click(await screen.findByRole('option', { name: 'Récompense' }));
    await waitFor(() => expect(kinds).toContain('redeem'));
  });
});
