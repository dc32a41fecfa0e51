import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { OptionGroupsView } from './components/OptionGroupsView';
import { CategoryTree } from './components/CategoryTree';
import type { MenuDocument } from './documentTypes';
import type { OptionGroupView } from './optionTypes';

const slow = { timeout: 5000 };

const document: MenuDocument = {
  categories: [],
  items: [],
  options: [
    {
      idGlobal: 'grp-1',
      id: 1,
      name: 'Sauces',
      position: 1,
      min_items: 0,
      max_items: 2,
      number_click: 1,
      print_black_background: true,
      translation: [{ langue: 'en', name: 'Sauces' }],
      items: [
        { idGlobal: 'opt-1', id_product: 1, name: 'Ketchup', price: 0, order_item: 1, tariffData: { T1: { price: 0, price_sp: 0, legacy: 'x' } }, cookable: true },
        { idGlobal: 'opt-2', id_product: 2, name: 'Poivre', price: 0.5, order_item: 2, tariffData: { T1: { price: 0.5 } } },
      ],
    },
    { idGlobal: 'grp-2', id: 2, name: 'Ancien', position: 2, items: [], removed: true, removed_by_admin: true },
  ],
  zones: [{ id: 1, kept: 'oui' }],
};

function renderView(send: (next: MenuDocument) => Promise<unknown>, canEdit = true) {
  renderWithProviders(<OptionGroupsView campaignId={1} document={document} canEdit={canEdit} saving={false} send={send} />);
}

describe("'Catégories d'options'", () => {
  it('saves a price typed with a comma, mirrored in the option price, keeping unknown fields', async () => {
    const send = vi.fn(async (_next: MenuDocument) => null);
    renderView(send);
    // Removed groups are not listed.
    expect(screen.queryByText('Ancien')).toBeNull();
    const cell = await screen.findByLabelText('Prix T1 de Ketchup', {}, slow);
    expect((cell as HTMLInputElement).value).toBe('0,00');
    await userEvent.clear(cell);
    await userEvent.type(cell, '1,5');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Ajout de la catégorie effectué avec succès !', {}, slow)).toBeTruthy();
    expect(send).toHaveBeenCalledTimes(1);
    const sent = send.mock.calls[0]![0];
    const group = sent.options[0] as OptionGroupView;
    expect(group.items[0]).toMatchObject({ price: 1.5, tariffData: { T1: { price: 1.5, price_sp: 0, legacy: 'x' } }, cookable: true });
    expect(group.items[1]).toEqual(document.options[0]!.items[1]);
    expect(group.translation).toEqual([{ langue: 'en', name: 'Sauces' }]);
    expect(sent.options[1]).toBe(document.options[1]);
    expect(sent.zones).toEqual([{ id: 1, kept: 'oui' }]);
  });

  it('refuses a price that is not a number before sending', async () => {
    const send = vi.fn(async (_next: MenuDocument) => null);
    renderView(send);
    const cell = await screen.findByLabelText('Prix T2 de Poivre', {}, slow);
    await userEvent.type(cell, 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("Ce prix n'est pas un nombre.")).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it("shows the server's message on the refused cell, opening the row's detail", async () => {
    const message = "La valeur du prix -1 dans le tarif 2 de l'option Poivre n'est pas valide";
    const send = vi.fn(
      async (_next: MenuDocument) =>
        new ApiError(422, { detail: message, errors: [{ location: 'body.options[0].items[1].tariffData.T2.price_emp', message }] }),
    );
    renderView(send);
    await userEvent.click(await screen.findByRole('button', { name: 'Enregistrer' }, slow));
    const cell = await screen.findByLabelText('Prix A Emporter T2 de Poivre', {}, slow);
    await waitFor(() => expect(cell.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.getByText('Erreur d ajout de la catégorie !')).toBeTruthy();
  });

  it('is read-only for a moderator', async () => {
    renderView(async () => null, false);
    const cell = await screen.findByLabelText('Prix T1 de Ketchup', {}, slow);
    expect((cell as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
    expect(screen.queryByRole('button', { name: "Ajouter une catégorie d'options" })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ajouter une option' })).toBeNull();
  });

  it('deletes an option after confirmation and saves it as removed', async () => {
    const send = vi.fn(async (_next: MenuDocument) => null);
    renderView(send);
    await userEvent.click(await screen.findByRole('button', { name: 'Supprimer Poivre' }, slow));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("Êtes-vous sûr de vouloir supprimer l'option « Poivre » ?")).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect((send.mock.calls[0]![0].options[0] as OptionGroupView).items[1]).toMatchObject({ removed: true, removed_by_admin: true });
  });
});

// The category actions of the carte editor's tree (same editor props as the option groups).
describe('category tree actions', () => {
  const cats: MenuDocument = {
    categories: [
      { idGlobal: 'cat-1', idCat: 1, name: 'Burgers', parent_id: -1, position: 1, removed: false, removed_by_admin: false },
      { idGlobal: 'cat-3', idCat: 3, name: 'Veggie', parent_id: 1, position: 1, removed: false, removed_by_admin: false },
      { idGlobal: 'cat-2', idCat: 2, name: 'Boissons', parent_id: -1, position: 2, removed: false, removed_by_admin: false },
    ],
    items: [{ idGlobal: 'p-1', id: 1, idCat: 3, name: 'Burger veggie', position: 1 }],
    options: [],
  };

  function renderTree(send: (next: MenuDocument) => Promise<unknown>, onSelect = vi.fn()) {
    renderWithProviders(
      <CategoryTree
        editor={{ campaignId: 1, document: cats, canEdit: true, saving: false, send }}
        categories={cats.categories}
        products={cats.items}
        selected={1}
        onSelect={onSelect}
      />,
    );
    return onSelect;
  }

  it('shows a duplicate name refused by the server on the name, keeping what was typed', async () => {
    const message = 'Le nom « Boissons » est déjà utilisé par la catégorie « Boissons ».';
    const send = vi.fn(async (_next: MenuDocument) => new ApiError(422, { detail: message, errors: [{ location: 'body.categories[0].name', message }] }));
    renderTree(send);
    await userEvent.click(screen.getByRole('button', { name: 'Actions de la catégorie Burgers' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Renommer' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText(/Nom/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Boissons');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect((name as HTMLInputElement).value).toBe('Boissons');
    expect(send.mock.calls[0]![0].categories[0]).toMatchObject({ name: 'Boissons', idGlobal: 'cat-1' });
  });

  it('deletes a category with its sub-categories and selects the next one', async () => {
    const send = vi.fn(async (_next: MenuDocument) => null);
    const onSelect = renderTree(send);
    await userEvent.click(screen.getByRole('button', { name: 'Actions de la catégorie Burgers' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Êtes-vous sûr de vouloir supprimer la catégorie « Burgers » ?')).toBeTruthy();
    expect(within(dialog).getByText(/1 produit reste rattaché/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(2));
    const sent = send.mock.calls[0]![0];
    expect(sent.categories.map((c) => [c.idCat, c.removed, c.removed_by_admin])).toEqual([
      [1, true, true],
      [3, true, true],
      [2, false, false],
    ]);
  });

  it('moves a category down among its siblings', async () => {
    const send = vi.fn(async (_next: MenuDocument) => null);
    renderTree(send);
    await userEvent.click(screen.getByRole('button', { name: 'Actions de la catégorie Burgers' }));
    expect(screen.getByRole('menuitem', { name: 'Monter' }).getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Descendre' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]![0].categories.map((c) => [c.idCat, c.position])).toEqual([
      [1, 2],
      [3, 1],
      [2, 1],
    ]);
  });
});
