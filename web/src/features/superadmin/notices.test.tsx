import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, signIn } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import { NoticesPage, NO_NOTICES_TEXT } from './pages/NoticesPage';
import { NOTICE_PUBLISHED, NOTICE_SAVED, PUBLISH_NOTICE_LABEL } from './components/NoticeDialog';
import type { NoticeBody, NoticeOut } from './types';

const slow = { timeout: 5000 };

const problem = (status: number, detail: string, errors: { location: string; message: string }[] = []) =>
  HttpResponse.json({ status, title: 'Unprocessable Entity', detail, errors }, { status, headers: { 'Content-Type': 'application/problem+json' } });

const notice = (patch: Partial<NoticeOut> & { id: number }): NoticeOut => ({
  title: 'Nouveauté',
  date: '2026-11-20',
  type: 'new_feature',
  shortDescription: '',
  content: '',
  contentUrl: '',
  roles: ['admin', 'guest'],
  domaineName: '',
  read: false,
  ...patch,
});

let notices: NoticeOut[] = [];

async function openPage(initial: NoticeOut[]) {
  notices = initial;
  const reads = { list: 0 };
  signIn(user('superadmin'));
  server.use(
    http.get('*/api/v1/admin/notices', () => {
      reads.list++;
      return HttpResponse.json(notices);
    }),
  );
  renderWithProviders(<NoticesPage />);
  return reads;
}

function helper(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

async function type(dialog: HTMLElement, label: RegExp, value: string) {
  const input = within(dialog).getByLabelText(label, { selector: 'input, textarea' });
  await userEvent.clear(input);
  input.focus();
  await userEvent.paste(value);
}

describe('Nouveautés (super-admin)', () => {
  it('lists each notice with its French date, its audience as chips and its domain', async () => {
    await openPage([
      notice({ id: 2, title: 'Les réductions arrivent', date: '2026-12-01', shortDescription: 'Définissez vos remises.', roles: ['admin', 'moderator'], domaineName: 'bo.exemple.fr' }),
      notice({ id: 1, title: 'Mes Produits', date: '2026-11-20' }),
    ]);
    const row = await screen.findByTestId('notice-row-2', undefined, slow);
    expect(within(row).getByText('Les réductions arrivent')).toBeTruthy();
    expect(within(row).getByText('Définissez vos remises.')).toBeTruthy();
    expect(within(row).getByText('1 décembre 2026')).toBeTruthy();
    expect(within(row).getByText('Administrateurs')).toBeTruthy();
    expect(within(row).getByText('Modérateurs')).toBeTruthy();
    expect(within(row).getByText('bo.exemple.fr')).toBeTruthy();
    const other = screen.getByTestId('notice-row-1');
    expect(within(other).getByText('20 novembre 2026')).toBeTruthy();
    expect(within(other).getByText('Invités')).toBeTruthy();
    expect(within(other).getByText('Tous les domaines')).toBeTruthy();
    expect(screen.getByText('2 nouveautés, la plus récente d’abord')).toBeTruthy();
  });

  it('says when there is none', async () => {
    await openPage([]);
    expect(await screen.findByText(NO_NOTICES_TEXT, undefined, slow)).toBeTruthy();
  });

  it('offers to retry when the list fails', async () => {
    signIn(user('superadmin'));
    let calls = 0;
    // A 4xx is not retried on its own: the error shows at once.
    server.use(http.get('*/api/v1/admin/notices', () => (++calls === 1 ? problem(403, 'Refusé') : HttpResponse.json([notice({ id: 4, title: 'Revenue' })]))));
    renderWithProviders(<NoticesPage />);
    const retry = await screen.findByRole('button', { name: /Réessayer/ }, slow);
    await userEvent.click(retry);
    expect(await screen.findByTestId('notice-row-4')).toBeTruthy();
  });

  it('publishes a notice, previewing it as it is typed, for the chosen audience', async () => {
    const reads = await openPage([]);
    await screen.findByText(NO_NOTICES_TEXT, undefined, slow);
    const sent: NoticeBody[] = [];
    server.use(
      http.post('*/api/v1/admin/notices', async ({ request }) => {
        const body = (await request.json()) as NoticeBody;
        sent.push(body);
        const created = notice({ id: 9, ...body, roles: body.roles ?? [] });
        notices = [created];
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    await userEvent.click(screen.getAllByRole('button', { name: PUBLISH_NOTICE_LABEL })[0]);
    const dialog = await screen.findByRole('dialog', { name: PUBLISH_NOTICE_LABEL });
    const preview = within(dialog).getByTestId('notice-preview');
    expect(preview.textContent).toContain('Titre de la nouveauté');

    // Nothing to send without a title or an audience.
    for (const label of ['Administrateurs', 'Invités']) await userEvent.click(within(dialog).getByRole('checkbox', { name: label }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publier' }));
    await waitFor(() => expect(helper(within(dialog).getByLabelText(/^Titre/, { selector: 'input' }))).toBe('Le titre est obligatoire.'));
    expect(within(dialog).getByText('Choisissez au moins un destinataire.')).toBeTruthy();
    expect(sent).toEqual([]);

    await type(dialog, /^Titre/, 'Les codes promo');
    await type(dialog, /^Résumé/, 'Créez des codes pour vos clients.');
    await type(dialog, /^Texte/, 'Premier paragraphe.\n\nSecond paragraphe.');
    await type(dialog, /^Lien/, 'javascript:alert(1)');
    // The date picker's hidden input, labelled « Date de publication * » (a required field).
    const date = within(dialog).getAllByLabelText(/^Date de publication/).find((el) => el instanceof HTMLInputElement)!;
    fireEvent.change(date, { target: { value: '03/12/2026' } });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Restaurants' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Administrateurs' }));

    expect(within(preview).getByText('Les codes promo')).toBeTruthy();
    expect(within(preview).getByText('Publiée le 3 décembre 2026')).toBeTruthy();
    expect(within(preview).getByText('Premier paragraphe.')).toBeTruthy();
    expect(within(preview).getByText('Second paragraphe.')).toBeTruthy();
    // Only web links: the preview shows none for this one, and the form refuses it.
    expect(within(preview).queryByRole('link')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publier' }));
    await waitFor(() => expect(helper(within(dialog).getByLabelText(/^Lien/, { selector: 'input' }))).toBe('Le lien doit commencer par https:// (ou http://).'));
    expect(sent).toEqual([]);

    await type(dialog, /^Lien/, 'https://aide.brigade.fr/codes');
    expect(within(preview).getByRole('link', { name: /En savoir plus/ }).getAttribute('href')).toBe('https://aide.brigade.fr/codes');
    const listReads = reads.list;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publier' }));
    expect(await screen.findByText(NOTICE_PUBLISHED)).toBeTruthy();
    expect(sent).toEqual([
      {
        title: 'Les codes promo',
        date: '2026-12-03',
        type: 'new_feature',
        shortDescription: 'Créez des codes pour vos clients.',
        content: 'Premier paragraphe.\n\nSecond paragraphe.',
        contentUrl: 'https://aide.brigade.fr/codes',
        roles: ['admin', 'restaurant'],
        domaineName: '',
      },
    ]);
    await waitFor(() => expect(reads.list).toBeGreaterThan(listReads));
    expect(await screen.findByTestId('notice-row-9')).toBeTruthy();
  });

  it('edits a notice with its values, and puts a refusal under its field', async () => {
    await openPage([notice({ id: 5, title: 'Mes Produits', content: 'Un.\n\nDeux.', roles: ['guest'], domaineName: 'bo.exemple.fr' })]);
    let put: { id: string; body: NoticeBody } | null = null;
    let refuse = true;
    server.use(
      http.put('*/api/v1/admin/notices/:id', async ({ request, params }) => {
        const body = (await request.json()) as NoticeBody;
        if (refuse) {
          refuse = false;
          return problem(422, "La date n'existe pas.", [{ location: 'body.date', message: "La date n'existe pas." }]);
        }
        put = { id: String(params.id), body };
        return HttpResponse.json(notice({ id: 5, ...body, roles: body.roles ?? [] }));
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier la nouveauté Mes Produits' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier la nouveauté' });
    expect((within(dialog).getByLabelText(/^Titre/, { selector: 'input' }) as HTMLInputElement).value).toBe('Mes Produits');
    expect((within(dialog).getByRole('checkbox', { name: 'Invités' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: 'Administrateurs' }) as HTMLInputElement).checked).toBe(false);
    await type(dialog, /^Titre/, 'Mes Produits, en mieux');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText("La date n'existe pas.")).toBeTruthy();
    expect((within(dialog).getByLabelText(/^Titre/, { selector: 'input' }) as HTMLInputElement).value).toBe('Mes Produits, en mieux');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(NOTICE_SAVED)).toBeTruthy();
    expect(put).toEqual({
      id: '5',
      body: expect.objectContaining({ title: 'Mes Produits, en mieux', content: 'Un.\n\nDeux.', roles: ['guest'], domaineName: 'bo.exemple.fr', date: '2026-11-20' }),
    });
  });

  it('deletes a notice only once confirmed', async () => {
    await openPage([notice({ id: 7, title: 'Ancienne nouveauté' })]);
    const deleted: string[] = [];
    server.use(
      http.delete('*/api/v1/admin/notices/:id', ({ params }) => {
        deleted.push(String(params.id));
        notices = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const remove = await screen.findByRole('button', { name: 'Supprimer la nouveauté Ancienne nouveauté' }, slow);
    await userEvent.click(remove);
    let dialog = await screen.findByRole('dialog', { name: 'Confirmer la suppression' });
    expect(dialog.textContent).toContain('Êtes-vous sûr de vouloir supprimer la nouveauté «\u00a0Ancienne nouveauté\u00a0»\u00a0?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleted).toEqual([]);

    await userEvent.click(remove);
    dialog = await screen.findByRole('dialog', { name: 'Confirmer la suppression' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('La nouveauté « Ancienne nouveauté » est supprimée.')).toBeTruthy();
    expect(deleted).toEqual(['7']);
    expect(await screen.findByText(NO_NOTICES_TEXT)).toBeTruthy();
  });
});
