import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { http, HttpResponse } from 'msw';
import { AppProviders } from '../../app/App';
import { createQueryClient } from '../../app/queryClient';
import { LocationProbe, signIn } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import type { Campaign } from '../menus/types';
import type { MenuDocument } from '../menus/documentTypes';
import { SAVE_SUCCESS } from '../menus/texts';
import { MesTagsPage, NO_TAG_TEXT, SELECT_CARTE_TEXT } from './pages/MesTagsPage';
import { TagDetailsPage } from './pages/TagDetailsPage';
import { END_AFTER_START } from './schemas';
import { defaultSchedule, tagsOf, type MenuTag } from './tagEdits';

const campaign: Campaign = {
  id: 1,
  franchiseId: 1,
  nom: 'Carte principale',
  url: 'Carte principale.json',
  isPrincipal: true,
  dateDebut: '',
  dateFin: '',
  isPeriodic: false,
  campagneDates: [],
  removed: false,
  version: 4,
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
  updatedBy: 'Brigade Burger',
};

const midi: MenuTag = {
  idGlobal: 'tag-1',
  idTag: 1,
  name_tag: 'Midi',
  number_tag: 1,
  orderTypes: [1, 2],
  disabledOrderTypes: [3, 4, 5],
  schedule: [1, 2, 3, 4, 5].map((d) => ({ day_of_week: d, time_periods: [{ start: '11:30', end: '14:30', id: 1 }] })),
  kiosk_only: true,
};
const ancien: MenuTag = { idGlobal: 'tag-2', idTag: 2, name_tag: 'Ancien', deleted: true };
const nuit: MenuTag = { idGlobal: 'tag-3', idTag: 3, name_tag: 'Nuit', number_tag: 3, orderTypes: [3] };

const documentWith = (tags: MenuTag[]): MenuDocument => ({ categories: [], items: [], options: [], tags, zones: [], kiosk_field: 42 });

const slow = { timeout: 5000 };

function serve(document: MenuDocument, onSave: (body: MenuDocument, ifMatch: string | null) => Response | undefined = () => undefined) {
  server.use(
    http.get('*/api/v1/campaigns', () => HttpResponse.json({ items: [campaign], total: 1 })),
    http.get('*/api/v1/campaigns/1/document', () => HttpResponse.json(document, { headers: { ETag: '"4"' } })),
    http.put('*/api/v1/campaigns/1/document', async ({ request }) => {
      const answer = onSave((await request.json()) as MenuDocument, request.headers.get('If-Match'));
      return answer ?? HttpResponse.json({ ...campaign, version: 5 }, { headers: { ETag: '"5"' } });
    }),
    http.get('*/api/v1/images/tags/*', () => new HttpResponse(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } })),
  );
}

function open(path: string, role: 'admin' | 'moderator' = 'admin') {
  signIn(user(role));
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return render(
    <AppProviders client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/config/mestags" element={<MesTagsPage />} />
          <Route path="/config/tagsDetails/:params" element={<TagDetailsPage />} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
}

async function chooseCarte() {
  await userEvent.click(await screen.findByRole('combobox', { name: 'Mes Cartes' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Carte principale' }));
}

afterEach(() => vi.restoreAllMocks());

describe('Mes Tags', () => {
  it("asks for a carte, then shows its non-deleted tags with their order types and schedule", async () => {
    serve(documentWith([nuit, midi, ancien]));
    open('/config/mestags');
    expect(await screen.findByText(SELECT_CARTE_TEXT)).toBeTruthy();
    await chooseCarte();
    const list = await screen.findByRole('list', { name: 'Tags de la carte' }, slow);
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['Midi', 'Nuit']);
    expect(within(cards[0]!).getByText('Lun–Ven 11:30–14:30')).toBeTruthy();
    expect(within(cards[0]!).getByText('Sur Place')).toBeTruthy();
    expect(within(cards[0]!).getByText('A Emporter')).toBeTruthy();
    expect(within(cards[1]!).getByText('Tous les jours, 00:00–23:59')).toBeTruthy();
    expect(within(cards[1]!).getByText('En Livraison')).toBeTruthy();
    expect(screen.queryByText('Ancien')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/config/mestags?carte=1');
  });

  it('says when the carte has no tag', async () => {
    serve(documentWith([ancien]));
    open('/config/mestags?carte=1');
    expect(await screen.findByText(NO_TAG_TEXT, {}, slow)).toBeTruthy();
  });

  it('deletes softly after confirmation: the whole document is sent with the tag marked deleted', async () => {
    let sent: MenuDocument | null = null;
    let version: string | null = null;
    serve(documentWith([midi, nuit]), (body, ifMatch) => {
      sent = body;
      version = ifMatch;
      return undefined;
    });
    open('/config/mestags?carte=1');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions du tag Midi' }, slow));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Êtes-vous sûr de vouloir supprimer le tag « Midi » ?')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Le tag « Midi » est supprimé.', {}, slow)).toBeTruthy();
    expect(version).toBe('"4"');
    expect(sent!.tags).toEqual([{ ...midi, deleted: true }, nuit]);
    expect(sent!.kiosk_field).toBe(42);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Midi' })).toBeNull());
  });

  it("downloads the tags' images as tags_images.zip", async () => {
    serve(documentWith([midi]));
    let asked = false;
    server.use(
      http.get('*/api/v1/campaigns/1/tags/images.zip', () => {
        asked = true;
        return new HttpResponse(new Uint8Array([80, 75, 5, 6]), { headers: { 'Content-Type': 'application/zip' } });
      }),
    );
    const created = vi.fn(() => 'blob:zip');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    open('/config/mestags?carte=1');
    await screen.findByRole('list', { name: 'Tags de la carte' }, slow);
    await userEvent.click(screen.getByRole('button', { name: 'Télécharger les images' }));
    await waitFor(() => expect(names).toEqual(['tags_images.zip']));
    expect(asked).toBe(true);
    // revokeObjectURL stays: saveFile calls it a second later.
    Object.assign(URL, { createObjectURL: undefined });
  });
});

describe('Détails du tag', () => {
  it('creates a tag with the default schedule and the order types chosen', async () => {
    let sent: MenuDocument | null = null;
    serve(documentWith([midi]), (body) => {
      sent = body;
      return undefined;
    });
    open('/config/tagsDetails/1&new');
    const form = await screen.findByRole('form', { name: 'Fiche du tag' }, slow);
    expect(screen.getByRole('heading', { name: 'Nouveau tag' })).toBeTruthy();
    await userEvent.type(within(form).getByRole('textbox', { name: 'Nom' }), 'Soirée');
    expect(within(form).getByRole('button', { name: 'A Emporter' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(within(form).getByRole('button', { name: 'A Emporter' }));
    await userEvent.click(within(form).getByRole('button', { name: 'En Livraison' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText(SAVE_SUCCESS, {}, slow)).toBeTruthy();
    expect(sent!.tags).toHaveLength(2);
    expect(tagsOf(sent!)[0]).toEqual(midi);
    expect(tagsOf(sent!)[1]).toMatchObject({ idTag: 2, name_tag: 'Soirée', number_tag: 2, orderTypes: [1, 3], disabledOrderTypes: [2, 4, 5] });
    expect(tagsOf(sent!)[1]!.schedule).toEqual(defaultSchedule());
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/config/mestags?carte=1'));
  });

  it('shows a 422 on body.tags[0].name_tag under Nom, keeping what was typed', async () => {
    serve(documentWith([]), () =>
      HttpResponse.json(
        {
          status: 422,
          title: 'Données invalides',
          detail: 'La carte contient des erreurs.',
          errors: [{ location: 'body.tags[0].name_tag', message: 'Le nom « Midi » est déjà utilisé par le tag « midi ».' }],
        },
        { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
      ),
    );
    open('/config/tagsDetails/1&new');
    const form = await screen.findByRole('form', { name: 'Fiche du tag' }, slow);
    const nom = within(form).getByRole('textbox', { name: 'Nom' });
    await userEvent.type(nom, 'Midi');
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    const message = await screen.findByText('Le nom « Midi » est déjà utilisé par le tag « midi ».', {}, slow);
    expect(nom.getAttribute('aria-describedby')).toContain(message.id);
    expect((nom as HTMLInputElement).value).toBe('Midi');
  });

  it('edits an existing tag: end before start is refused, Toute la journée and Copier sur tous les jours fill the week', async () => {
    let sent: MenuDocument | null = null;
    serve(documentWith([midi]), (body) => {
      sent = body;
      return undefined;
    });
    open('/config/tagsDetails/1&1');
    const form = await screen.findByRole('form', { name: 'Fiche du tag' }, slow);
    expect(screen.getByRole('heading', { name: 'Détails du tag' })).toBeTruthy();
    expect((within(form).getByRole('textbox', { name: 'Nom' }) as HTMLInputElement).value).toBe('Midi');
    const lundi = within(form).getByRole('listitem', { name: 'Lundi' });
    fireEvent.change(within(lundi).getByLabelText('Lundi : fin de la plage 1'), { target: { value: '10:00' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(lundi).findByText(END_AFTER_START)).toBeTruthy();
    expect(sent).toBeNull();

    await userEvent.click(within(lundi).getByRole('button', { name: 'Lundi : toute la journée' }));
    await userEvent.click(within(lundi).getByRole('button', { name: 'Copier Lundi sur tous les jours' }));
    expect(within(within(form).getByRole('listitem', { name: 'Dimanche' })).getByLabelText('Dimanche : fin de la plage 1')).toBeTruthy();
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(SAVE_SUCCESS, {}, slow)).toBeTruthy();
    const tag = tagsOf(sent!)[0]!;
    expect(tag.kiosk_only).toBe(true);
    expect(tag.schedule!.map((d) => d.time_periods.map((p) => `${p.start}-${p.end}`))).toEqual(Array(7).fill(['00:00-23:59']));
  });

  it('refuses a heavy image in French, uploads a PNG as kind tags and saves its path as logo_tag', async () => {
    let sent: MenuDocument | null = null;
    let kind: FormDataEntryValue | null = null;
    serve(documentWith([midi]), (body) => {
      sent = body;
      return undefined;
    });
    server.use(
      http.post('*/api/v1/images', async ({ request }) => {
        kind = (await request.formData()).get('kind');
        return HttpResponse.json({ path: 'Midi_logo.png', url: '/api/v1/images/tags/Midi_logo.png' }, { status: 201 });
      }),
    );
    open('/config/tagsDetails/1&1');
    const form = await screen.findByRole('form', { name: 'Fiche du tag' }, slow);
    const input = within(form).getByLabelText('Fichier Logo');
    const heavy = new File([new Uint8Array(3 * 1024 * 1024)], 'gros.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [heavy] } });
    expect(await within(form).findByText(/Image trop lourde .* 2 Mo au plus\./)).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' })] } });
    expect(await within(form).findByRole('button', { name: 'Remplacer' }, slow)).toBeTruthy();
    expect(kind).toBe('tags');
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(SAVE_SUCCESS, {}, slow)).toBeTruthy();
    expect(tagsOf(sent!)[0]).toMatchObject({ logo_tag: 'Midi_logo.png', kiosk_only: true });
  });

  it('is read-only for a non-admin: no Enregistrer, no Nouveau tag, no Supprimer', async () => {
    serve(documentWith([midi]));
    open('/config/tagsDetails/1&1', 'moderator');
    const form = await screen.findByRole('form', { name: 'Fiche du tag' }, slow);
    expect((within(form).getByRole('textbox', { name: 'Nom' }) as HTMLInputElement).disabled).toBe(true);
    expect(within(form).queryByRole('button', { name: 'Enregistrer' })).toBeNull();
    expect(within(form).queryByRole('button', { name: /Copier/ })).toBeNull();
  });
});

describe('Mes Tags, read-only', () => {
  it('offers neither Nouveau tag nor Supprimer to a non-admin', async () => {
    serve(documentWith([midi]));
    open('/config/mestags?carte=1', 'moderator');
    const actions = await screen.findByRole('button', { name: 'Actions du tag Midi' }, slow);
    expect(screen.queryByRole('button', { name: 'Nouveau tag' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Télécharger les images' }) as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(actions);
    expect(await screen.findByRole('menuitem', { name: 'Consulter' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Supprimer' })).toBeNull();
  });
});
