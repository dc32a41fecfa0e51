import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, signIn } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import { CarteEditor } from './pages/EditorPage';
import type { Campaign } from './types';
import type { MenuDocument } from './documentTypes';
import { setDate } from '../../test/dates';

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
  version: 7,
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
  updatedBy: 'Brigade Burger',
};

const document = {
  categories: [{ idGlobal: 'cat-1', idCat: 1, name: 'Burgers', parent_id: -1, position: 1, removed: false, removed_by_admin: false }],
  items: [
    {
      idGlobal: 'p-1',
      id: 1,
      idCat: 1,
      name: 'Burger',
      description: 'Le classique',
      position: 1,
      price: 9.9,
      prices: [{ tariff: 1, type_order: 1, price: 9.9 }],
      removed: false,
      removed_by_admin: false,
      best_sale: true,
      daily_stock: 40,
    },
  ],
  options: [],
  zones: [],
};

const slow = { timeout: 5000 };

function serve(onSave: (body: MenuDocument) => void) {
  server.use(
    http.get('*/api/v1/campaigns', () => HttpResponse.json({ items: [campaign], total: 1 })),
    http.get('*/api/v1/campaigns/1/document', () => HttpResponse.json(document, { headers: { ETag: '"7"' } })),
    http.put('*/api/v1/campaigns/1/document', async ({ request }) => {
      onSave((await request.json()) as MenuDocument);
      return HttpResponse.json({ ...campaign, version: 8 }, { headers: { ETag: '"8"' } });
    }),
  );
}

async function openEditor() {
  signIn(user('admin'));
  renderWithProviders(<CarteEditor campaignId={1} />);
  await userEvent.click(await screen.findByText('Burger', {}, slow));
  return screen.findByRole('form', { name: 'Fiche produit' });
}

describe('product form', () => {
  it('keeps what was typed across tabs and saves the fields of two tabs with the rest of the product', async () => {
    let sent: MenuDocument | null = null;
    serve((body) => (sent = body));
    const form = await openEditor();
    const save = within(form).getByRole('button', { name: 'Enregistrer' });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    await userEvent.type(within(form).getByLabelText("Prix d'achat"), '3,50');
    await userEvent.type(within(form).getByLabelText('Alias'), 'BRG');
    await userEvent.click(within(form).getByRole('tab', { name: 'Disponibilité' }));
    await userEvent.click(within(form).getByLabelText('En rupture'));
    await userEvent.click(within(form).getByLabelText('Meilleure vente'));
    // Back on Général, the typed values are still there.
    await userEvent.click(within(form).getByRole('tab', { name: 'Général' }));
    expect((within(form).getByLabelText('Alias') as HTMLInputElement).value).toBe('BRG');

    expect((save as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(save);
    expect(await screen.findByText('Ajout de la catégorie effectué avec succès !', {}, slow)).toBeTruthy();
    const saved = (sent as unknown as MenuDocument).items[0]!;
    expect(saved).toMatchObject({ purchase_price: 3.5, alias_product: 'BRG', sold_out: true, best_sale: false, daily_stock: 40, name: 'Burger' });
    expect((sent as unknown as MenuDocument).zones).toEqual([]);
  });

  it('refuses a start date after the end date and marks the Horaires tab', async () => {
    let calls = 0;
    serve(() => (calls += 1));
    const form = await openEditor();
    await userEvent.click(within(form).getByRole('tab', { name: 'Horaires' }));
    setDate('Date de début', '2026-12-31', form);
    setDate('Date de fin', '2026-12-01', form);
    await userEvent.click(within(form).getByRole('tab', { name: 'Général' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    // The form jumps to the tab holding the error.
    expect(await within(form).findByText('La date de début est supérieure à la date de fin du produit Burger')).toBeTruthy();
    expect(within(form).getByRole('tab', { name: 'Horaires (erreur)' }).getAttribute('aria-selected')).toBe('true');
    expect(calls).toBe(0);
  });

  it('uploads the image, refuses a wrong file before sending, and saves the path with the form', async () => {
    let sent: MenuDocument | null = null;
    let uploaded: { kind: FormDataEntryValue | null; name: FormDataEntryValue | null; moment: FormDataEntryValue | null } | null = null;
    serve((body) => (sent = body));
    server.use(
      http.post('*/api/v1/images', async ({ request }) => {
        const data = await request.formData();
        uploaded = { kind: data.get('kind'), name: data.get('name'), moment: data.get('moment') };
        return HttpResponse.json({ path: 'Burger-1a2b.png', url: '/api/v1/images/products/Burger-1a2b.png' }, { status: 201 });
      }),
      http.get('*/api/v1/images/products/:file', () => new HttpResponse(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } })),
    );
    const form = await openEditor();
    await userEvent.click(within(form).getByRole('tab', { name: 'Images' }));
    const input = within(form).getByLabelText('Fichier Image du produit');
    await userEvent.upload(input, new File(['x'.repeat(10)], 'burger.gif', { type: 'image/gif' }), { applyAccept: false });
    expect(await within(form).findByText('Format non accepté : choisissez une image PNG, JPEG ou WebP.')).toBeTruthy();
    expect(uploaded).toBeNull();

    await userEvent.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'burger.png', { type: 'image/png' }));
    expect(await within(form).findByText('Image envoyée : elle sera enregistrée avec le produit.')).toBeTruthy();
    expect(uploaded).toEqual({ kind: 'products', name: 'Burger', moment: null });
    expect(within(form).getByRole('button', { name: 'Remplacer' })).toBeTruthy();

    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sent).not.toBeNull());
    expect((sent as unknown as MenuDocument).items[0]?.path).toBe('Burger-1a2b.png');
  });

  it("gives a new product the franchise's default printer and cook", async () => {
    let sent: MenuDocument | null = null;
    serve((body) => (sent = body));
    server.use(
      http.get('*/api/v1/franchise', () =>
        HttpResponse.json({ id: 1, name: 'Brigade', logo: '', settings: { newProductDefaultPrinter: 2, newProductCook: true, publishAvailableProducts: false, refreshAvailableProductsOnGeneration: false } }),
      ),
    );
    signIn(user('admin'));
    renderWithProviders(<CarteEditor campaignId={1} />);
    await screen.findByText('Burger', {}, slow);
    await userEvent.click(screen.getAllByRole('button', { name: 'Ajouter un produit' })[0]!);
    const form = await screen.findByRole('form', { name: 'Fiche produit' });
    await userEvent.type(within(form).getByLabelText(/Nom du produit/), 'Wrap');
    await userEvent.click(within(form).getByRole('tab', { name: 'Cuisine' }));
    await waitFor(() => expect((within(form).getByLabelText(/À cuisiner/) as HTMLInputElement).checked).toBe(true));
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sent).not.toBeNull());
    const created = (sent as unknown as MenuDocument).items.find((p) => p.name === 'Wrap');
    expect(created).toMatchObject({ printer: 2, cook: true, price_platform: 9.9, unit: 'piece', price_type: 'per_piece' });
  });

  it('is read-only for a moderator: every tab disabled, no save or delete', async () => {
    serve(() => {});
    signIn(user('moderator'));
    renderWithProviders(<CarteEditor campaignId={1} />);
    await userEvent.click(await screen.findByText('Burger', {}, slow));
    const form = await screen.findByRole('form', { name: 'Fiche produit' });
    expect((within(form).getByLabelText("Prix d'achat") as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(within(form).getByRole('tab', { name: 'Disponibilité' }));
    expect((within(form).getByLabelText('En rupture') as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(within(form).getByRole('tab', { name: 'Images' }));
    expect(within(form).queryByRole('button', { name: /Choisir une image|Remplacer/ })).toBeNull();
    expect(within(form).queryByRole('button', { name: 'Enregistrer' })).toBeNull();
    expect(within(form).queryByRole('button', { name: 'Supprimer' })).toBeNull();
  });
});
