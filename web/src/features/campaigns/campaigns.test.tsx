import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import { formatMoney, smsCost, smsCount, withStopLine } from './sms';
import type { Campaign, EstimateInput, MarketingList, Settings } from './types';

const slow = { timeout: 15_000 };
const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('SMS counter', () => {
  it('counts GSM-7 septets, the extension table twice, and parts of 160 then 153', () => {
    expect(smsCount('Bonjour')).toMatchObject({ parts: 1, length: 7, encoding: 'gsm7' });
    expect(smsCount('éèùìòÇÉà')).toMatchObject({ parts: 1, length: 8, encoding: 'gsm7' });
    expect(smsCount('a'.repeat(160))).toMatchObject({ parts: 1, left: 0 });
    expect(smsCount('a'.repeat(161))).toMatchObject({ parts: 2, length: 161 });
    expect(smsCount('a'.repeat(306)).parts).toBe(2);
    expect(smsCount('a'.repeat(307)).parts).toBe(3);
    expect(smsCount('10€')).toMatchObject({ length: 4, encoding: 'gsm7' });
  });

  it('switches to UCS-2 for a character outside GSM 03.38: 70 then 67', () => {
    for (const s of ['Fête', 'garçon', 'âîôû', '🍔']) expect(smsCount(s).encoding).toBe('ucs2');
    expect(smsCount('🍔').length).toBe(2);
    expect(smsCount('ç' + 'a'.repeat(69)).parts).toBe(1);
    expect(smsCount('ç' + 'a'.repeat(70)).parts).toBe(2);
    expect(smsCount('ç' + 'a'.repeat(134)).parts).toBe(3);
  });

  it('appends the STOP line once, and prices parts × recipients', () => {
    expect(withStopLine('Promo -20 %')).toBe('Promo -20 %\nSTOP au 36111');
    expect(withStopLine('Promo\n\n')).toBe('Promo\nSTOP au 36111');
    expect(withStopLine('Promo STOP au 36111')).toBe('Promo STOP au 36111');
    expect(withStopLine('Salut', 'STOP 38000')).toBe('Salut\nSTOP 38000');
    expect(smsCost(2, 3, 5)).toBe(30);
    expect(plain(formatMoney(1234, 'EUR'))).toBe('12,34 €');
  });
});

function campaign(id: number, patch: Partial<Campaign> = {}): Campaign {
  return {
    id,
    name: `Campagne ${id}`,
    channel: 'sms',
    segment: { restaurantIds: [] },
    subject: '',
    body: 'Bonjour',
    promoCode: '',
    status: 'draft',
    scheduledAt: null,
    sentAt: null,
    recipients: 0,
    delivered: 0,
    failed: 0,
    optouts: 0,
    redemptions: 0,
    estimate: { recipients: 12, segments: 1, cost: { cents: 60, currency: 'EUR' } },
    version: 1,
    createdBy: 'demo-admin',
    createdAt: '2026-11-01T10:00:00Z',
    ...patch,
  };
}

const settings: Settings = { smsConfigured: true, emailConfigured: true, smsSender: 'BRIGADE', pricePerSms: { cents: 5, currency: 'EUR' }, stopLine: 'STOP au 36111' };

function serveMarketing(list: Campaign[], lists: MarketingList[] = []) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  server.use(
    http.get('*/api/v1/marketing/campaigns', () => HttpResponse.json({ items: list })),
    http.get('*/api/v1/marketing/campaigns/:id', ({ params }) => HttpResponse.json(list.find((c) => c.id === Number(params.id)))),
    http.get('*/api/v1/marketing/campaigns/:id/messages', () =>
      HttpResponse.json({ items: [{ customer: { id: 7, name: 'Alice Martin' }, address: '+33611111111', status: 'failed', error: 'numéro invalide', sentAt: '2026-11-02T09:00:00Z' }], total: 1 }),
    ),
    http.get('*/api/v1/marketing/lists', () => HttpResponse.json({ items: lists })),
    http.get('*/api/v1/marketing/lists/:id', ({ params }) =>
      HttpResponse.json({ id: Number(params.id), name: 'Pas revenus', segment: { restaurantIds: [], notSeenDays: 30 }, recipients: { sms: 12, email: 8 }, version: 1 }),
    ),
    http.get('*/api/v1/marketing/settings', () => HttpResponse.json(settings)),
    http.post('*/api/v1/marketing/estimate', async ({ request }) => {
      const body = (await request.json()) as EstimateInput;
      const recipients = body.channel === 'sms' ? 12 : 8;
      const parts = smsCount(withStopLine(body.body ?? '')).parts;
      return HttpResponse.json({ recipients, segments: parts, characters: 0, encoding: 'gsm7', cost: { cents: parts * recipients * 5, currency: 'EUR' }, stopLine: 'STOP au 36111' });
    }),
    http.post('*/api/v1/marketing/campaigns', async ({ request }) => {
      const body = (await request.json()) as Campaign;
      sent.push({ method: 'POST', url: '/api/v1/marketing/campaigns', body });
      return HttpResponse.json(campaign(42, { ...body, status: body.scheduledAt ? 'scheduled' : 'draft' }), { status: 201 });
    }),
    http.post('*/api/v1/marketing/campaigns/:id/send', ({ request }) => {
      sent.push({ method: 'POST', url: new URL(request.url).pathname, body: null });
      return HttpResponse.json(campaign(42, { status: 'sending' }), { status: 202 });
    }),
    http.post('*/api/v1/marketing/lists', async ({ request }) => {
      const body = (await request.json()) as MarketingList;
      sent.push({ method: 'POST', url: '/api/v1/marketing/lists', body });
      return HttpResponse.json({ ...body, id: 5, version: 1, recipients: { sms: 12, email: 8 } }, { status: 201 });
    }),
  );
  return sent;
}

describe('Campagnes SMS', () => {
  it('lists campaigns with their status, counters and redemptions', async () => {
    serveMarketing([
      campaign(1, { name: 'Relance', status: 'sent', sentAt: '2026-11-02T09:00:00Z', recipients: 120, delivered: 110, failed: 10, optouts: 3, promoCode: 'BIENVENUE', redemptions: 7 }),
      campaign(2, { name: 'Anniversaires', status: 'scheduled', scheduledAt: '2026-12-24T10:00:00Z' }),
    ]);
    renderApp('/mesClients/CampagnesSms', user('admin'));
    const table = await screen.findByRole('table', { name: 'Campagnes' }, slow);
    const row = within(table).getByText('Relance').closest('tr')!;
    expect(within(row).getByText('Envoyée')).toBeTruthy();
    expect(plain(row.textContent)).toContain('120');
    expect(plain(row.textContent)).toContain('110');
    expect(plain(row.textContent)).toContain('code BIENVENUE');
    expect(within(row).getByText('7')).toBeTruthy();
    const scheduled = within(table).getByText('Anniversaires').closest('tr')!;
    expect(within(scheduled).getByText('Programmée')).toBeTruthy();
    expect(within(scheduled).getByRole('button', { name: 'Annuler Anniversaires' })).toBeTruthy();
  });

  it('shows an empty state', async () => {
    serveMarketing([]);
    renderApp('/mesClients/CampagnesSms', user('admin'));
    expect(await screen.findByText('Aucune campagne', undefined, slow)).toBeTruthy();
  });
});

describe('Nouvel envoi', () => {
  it('counts the SMS with its STOP line, estimates the cost and sends after confirming', async () => {
    const sent = serveMarketing([]);
    renderApp('/mesClients/CreateEnvoi', user('admin'));
    await userEvent.type(await screen.findByLabelText(/Nom de la campagne/, undefined, slow), 'Relance 30 jours');
    await userEvent.type(screen.getByLabelText(/Texte/), 'On vous attend !');
    expect(screen.getByLabelText('Aperçu du SMS').textContent).toBe('On vous attend !\nSTOP au 36111');
    expect(plain(screen.getByTestId('sms-counter').textContent)).toContain('30 caractères · 1 SMS · GSM');
    await userEvent.type(screen.getByLabelText(/Texte/), ' 🍔');
    expect(plain(screen.getByTestId('sms-counter').textContent)).toContain('Unicode');
    const estimate = screen.getByLabelText('Estimation');
    await waitFor(() => expect(plain(estimate.textContent)).toContain('12 destinataires'));
    await waitFor(() => expect(plain(estimate.textContent)).toContain('0,60 €'));

    await userEvent.click(screen.getByRole('button', { name: 'Envoyer maintenant' }));
    const dialog = await screen.findByRole('dialog');
    expect(plain(dialog.textContent)).toContain('Envoyer « Relance 30 jours » à 12 destinataires maintenant ?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/mesClients/CampagnesSms'));
    expect(sent.map((s) => s.url)).toEqual(['/api/v1/marketing/campaigns', '/api/v1/marketing/campaigns/42/send']);
    expect(sent[0].body).toMatchObject({ name: 'Relance 30 jours', channel: 'sms', body: 'On vous attend ! 🍔' });
  });

  it('asks for a date before scheduling', async () => {
    const sent = serveMarketing([]);
    renderApp('/mesClients/CreateEnvoi', user('admin'));
    await userEvent.type(await screen.findByLabelText(/Nom de la campagne/, undefined, slow), 'Noël');
    await userEvent.click(screen.getByRole('button', { name: 'Programmer' }));
    expect(await screen.findByText("Choisissez la date et l'heure de l'envoi.")).toBeTruthy();
    expect(sent).toEqual([]);
  });
});

describe('Listes de diffusion', () => {
  it('saves a segment and shows the saved lists with their counts', async () => {
    const sent = serveMarketing([], [{ id: 3, name: 'Habitués', segment: { restaurantIds: [1], minVisits: 3 }, recipients: { sms: 40, email: 25 }, version: 1 }]);
    renderApp('/mesClients/CreateListeDiffusion', user('admin'));
    const table = await screen.findByRole('table', { name: 'Listes de diffusion' }, slow);
    const row = within(table).getByText('Habitués').closest('tr')!;
    expect(plain(row.textContent)).toContain('Burger Bastille · 3 visites au moins');
    expect(plain(row.textContent)).toContain('40');
    await waitFor(() => expect(plain(screen.getByLabelText('Destinataires de la liste').textContent)).toBe('12 clients joignables par SMS · 8 par e-mail'));
    await userEvent.type(screen.getByLabelText(/Nom de la liste/), 'Pas revenus');
    await userEvent.type(screen.getByLabelText('Pas revenus depuis (jours)'), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la liste' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/mesClients/EditDiffusionList/5'));
    expect(sent[0].body).toMatchObject({ name: 'Pas revenus', segment: { restaurantIds: [], notSeenDays: 30 } });
  });
});

describe('Envoi SMS and Paiement confirmé', () => {
  it('shows the messages of a sent campaign', async () => {
    serveMarketing([campaign(1, { name: 'Relance', status: 'sent', sentAt: '2026-11-02T09:00:00Z', recipients: 2, delivered: 1, failed: 1 })]);
    renderApp('/mesClients/EnvoiSMS', user('admin'));
    const table = await screen.findByRole('table', { name: 'Messages' }, slow);
    expect(plain(table.textContent)).toContain('Alice Martin');
    expect(plain(table.textContent)).toContain('numéro invalide');
    expect(plain(screen.getByLabelText('Compteurs').textContent)).toContain('1 échecs');
  });

  it('says honestly that Brigade sells no SMS credit, with the provider status', async () => {
    serveMarketing([]);
    renderApp('/mesClients/successPaiment/12', user('admin'));
    expect(await screen.findByText(/Brigade ne vend pas de crédit SMS/, undefined, slow)).toBeTruthy();
    expect(plain(screen.getByLabelText('Fournisseur SMS').textContent)).toContain('Expéditeur : BRIGADE');
    expect(screen.getByRole('link', { name: 'Voir les campagnes' }).getAttribute('href')).toBe('/mesClients/CampagnesSms');
  });
});
