import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import { flash } from './fixtures';
import type { Subscription, SubscriptionInput } from './summaries';

beforeAll(() => configure({ asyncUtilTimeout: 15_000 }));
afterAll(() => configure({ asyncUtilTimeout: 5000 }));
beforeEach(() => window.sessionStorage.clear());

const sub = (over: Partial<Subscription> = {}): Subscription => ({
  id: 1,
  frequency: 'daily',
  restaurantId: 0,
  restaurantName: '',
  email: 'demo@brigade.fr',
  lastPeriod: '2026-11-24',
  nextSendAt: '2026-11-26T06:00:00Z',
  createdAt: '2026-11-25T10:00:00Z',
  ...over,
});

const problem = (status: number, detail: string, errors: { message: string; location: string }[] = []) =>
  HttpResponse.json({ status, title: 'Erreur', detail, errors }, { status, headers: { 'Content-Type': 'application/problem+json' } });

/** The flash and a server-side list of subscriptions the handlers change. */
function serve(initial: Subscription[] = [], listFails = false) {
  let list = [...initial];
  const posted: SubscriptionInput[] = [];
  const previews: SubscriptionInput[] = [];
  const deleted: string[] = [];
  let previewAnswer: (() => Response) | null = null;
  server.use(
    http.get('*/api/v1/reports/flash', () => HttpResponse.json(flash())),
    http.get('*/api/v1/reports/subscriptions', () =>
      listFails ? problem(500, 'Les abonnements sont indisponibles pour le moment.') : HttpResponse.json(list),
    ),
    http.post('*/api/v1/reports/subscriptions', async ({ request }) => {
      const body = (await request.json()) as SubscriptionInput;
      posted.push(body);
      const created = sub({ id: 10 + posted.length, ...body, restaurantName: body.restaurantId ? 'Brigade Lyon' : '' });
      list = [...list, created];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.post('*/api/v1/reports/subscriptions/preview', async ({ request }) => {
      const body = (await request.json()) as SubscriptionInput;
      previews.push(body);
      if (previewAnswer) return previewAnswer();
      return HttpResponse.json({ sentTo: body.email, subject: '[Aperçu] Brigade — résumé du mardi 24 novembre 2026', period: '2026-11-24' });
    }),
    http.delete('*/api/v1/reports/subscriptions/:id', ({ params }) => {
      deleted.push(String(params.id));
      list = list.filter((s) => String(s.id) !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return {
    posted,
    previews,
    deleted,
    failPreview: (answer: () => Response) => {
      previewAnswer = answer;
    },
  };
}

async function openDialog() {
  const ue = userEvent.setup();
  renderApp('/stats/SuiviQuotidien', user('admin'));
  await ue.click(await screen.findByRole('button', { name: 'Recevoir par e-mail' }));
  const dialog = await screen.findByRole('dialog', { name: 'Recevoir le résumé par e-mail' });
  return { ue, dialog };
}

// The whole app renders: the first test of a worker loads the lazy chunks, slow on a busy machine.
describe('Recevoir par e-mail', { timeout: 60_000 }, () => {
  it("prefills the user's address, says when there is no subscription and subscribes", async () => {
    const api = serve();
    const { ue, dialog } = await openDialog();
    expect(await within(dialog).findByText("Aucun abonnement pour l'instant.")).toBeTruthy();
    const email = within(dialog).getByRole('textbox', { name: /Adresse e-mail/ }) as HTMLInputElement;
    expect(email.value).toBe('demo@brigade.fr');
    await ue.click(within(dialog).getByRole('button', { name: /Hebdomadaire/ }));
    await ue.click(within(dialog).getByRole('button', { name: "S'abonner" }));
    await waitFor(() => expect(api.posted).toEqual([{ frequency: 'weekly', restaurantId: 0, email: 'demo@brigade.fr' }]));
    const list = await within(dialog).findByRole('list', { name: 'Mes abonnements' });
    expect(await within(list).findByText('Hebdomadaire · Tous mes restaurants')).toBeTruthy();
    expect(within(list).getByText(/Chaque lundi vers 7 h/)).toBeTruthy();
    expect(await screen.findByText(/Abonnement enregistré : demo@brigade.fr recevra le résumé hebdomadaire/)).toBeTruthy();
  });

  it('checks the address in French before asking the server', async () => {
    const api = serve();
    const { ue, dialog } = await openDialog();
    const email = within(dialog).getByRole('textbox', { name: /Adresse e-mail/ });
    await ue.clear(email);
    await ue.click(within(dialog).getByRole('button', { name: "S'abonner" }));
    expect(await within(dialog).findByText("L'adresse e-mail est obligatoire.")).toBeTruthy();
    await ue.type(email, 'patron@exemple');
    await ue.click(within(dialog).getByRole('button', { name: 'Envoyer un aperçu maintenant' }));
    expect(await within(dialog).findByText(/L'adresse e-mail n'est pas valide/)).toBeTruthy();
    expect(api.posted).toEqual([]);
    expect(api.previews).toEqual([]);
  });

  it("puts the server's field error under its field", async () => {
    serve();
    server.use(
      http.post('*/api/v1/reports/subscriptions', () =>
        problem(422, 'Ce restaurant n’existe pas ou ne fait pas partie de vos restaurants.', [
          { message: 'Cette adresse reçoit déjà ce résumé.', location: 'body.email' },
        ]),
      ),
    );
    const { ue, dialog } = await openDialog();
    await ue.click(within(dialog).getByRole('button', { name: "S'abonner" }));
    expect(await within(dialog).findByText('Cette adresse reçoit déjà ce résumé.')).toBeTruthy();
  });

  it('sends a preview and says where it went, or why it could not', async () => {
    const api = serve();
    const { ue, dialog } = await openDialog();
    await ue.click(within(dialog).getByRole('button', { name: 'Envoyer un aperçu maintenant' }));
    expect(await within(dialog).findByText('Aperçu envoyé à demo@brigade.fr : « [Aperçu] Brigade — résumé du mardi 24 novembre 2026 ».')).toBeTruthy();
    expect(api.previews).toEqual([{ frequency: 'daily', restaurantId: 0, email: 'demo@brigade.fr' }]);
    api.failPreview(() => problem(503, 'Le message n’a pas pu être envoyé : le serveur de mail ne répond pas. Réessayez plus tard.'));
    await ue.click(within(dialog).getByRole('button', { name: 'Envoyer un aperçu maintenant' }));
    expect(await within(dialog).findByText(/le serveur de mail ne répond pas/)).toBeTruthy();
    expect(within(dialog).queryByText(/Aperçu envoyé/)).toBeNull();
  });

  it('lists and deletes my subscriptions', async () => {
    const api = serve([sub(), sub({ id: 2, frequency: 'weekly', restaurantId: 7, restaurantName: 'Brigade Lyon', email: 'compta@exemple.fr' })]);
    const { ue, dialog } = await openDialog();
    const list = await within(dialog).findByRole('list', { name: 'Mes abonnements' });
    expect(within(list).getByText('Quotidien · Tous mes restaurants')).toBeTruthy();
    expect(within(list).getByText('Hebdomadaire · Brigade Lyon')).toBeTruthy();
    await ue.click(within(list).getByRole('button', { name: 'Supprimer le résumé hebdomadaire envoyé à compta@exemple.fr (Brigade Lyon)' }));
    await waitFor(() => expect(api.deleted).toEqual(['2']));
    await waitFor(() => expect(within(list).queryByText('Hebdomadaire · Brigade Lyon')).toBeNull());
    expect(await screen.findByText('compta@exemple.fr ne recevra plus le résumé hebdomadaire.')).toBeTruthy();
  });

  it('says when the list cannot be read, with a retry', async () => {
    serve([], true);
    const { dialog } = await openDialog();
    expect(await within(dialog).findByText('Les abonnements sont indisponibles pour le moment.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /Réessayer/ })).toBeTruthy();
  });
});
