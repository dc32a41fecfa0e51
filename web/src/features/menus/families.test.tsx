import { useState, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { MenuFamiliesView } from './components/MenuFamiliesView';
import { OptionFamiliesView } from './components/OptionFamiliesView';
import { PromotionsView } from './components/PromotionsView';
import type { MenuDocument } from './documentTypes';
import type { EditorViewProps } from './editorView';
import type { MenuFamily, OptionFamily, Promotion } from './familyTypes';

const slow = { timeout: 5000 };
// No pause between keystrokes: these forms are typed into a lot.
const user = userEvent.setup({ delay: null });

const base: MenuDocument = {
  categories: [
    { idGlobal: 'cat-1', idCat: 1, name: 'Burgers', parent_id: -1, position: 1 },
    { idGlobal: 'cat-2', idCat: 2, name: 'Accompagnements', parent_id: -1, position: 2 },
  ],
  items: [
    { idGlobal: 'p-1', id: 1, idCat: 1, name: 'Burger', position: 1, promotions: [1], best_sale: true },
    { idGlobal: 'p-2', id: 2, idCat: 2, name: 'Frites', position: 1, daily_stock: 40 },
    { idGlobal: 'p-3', id: 3, idCat: 2, name: 'Ancien', position: 2, removed: true, removed_by_admin: true },
  ],
  options: [
    { idGlobal: 'grp-1', id: 1, name: 'Sauces', position: 1, items: [] },
    { idGlobal: 'grp-2', id: 2, name: 'Boissons', position: 2, items: [] },
  ],
  promotions: [{ idGlobal: 'promo-1', id: 1, name: 'Midi', discount: 1, custom: 'kept' }],
  zones: [{ id: 1, kept: 'oui' }],
};

/** Renders a tab over a document that follows what was sent, as the page does after a save. */
function renderTab(View: ComponentType<EditorViewProps>, document: MenuDocument, reply?: (next: MenuDocument) => unknown, canEdit = true) {
  const sent: MenuDocument[] = [];
  function Harness() {
    const [doc, setDoc] = useState(document);
    const send = vi.fn(async (next: MenuDocument) => {
      sent.push(next);
      const error = reply?.(next) ?? null;
      if (!error) setDoc(next);
      return error;
    });
    return <View campaignId={1} document={doc} canEdit={canEdit} saving={false} send={send} />;
  }
  renderWithProviders(<Harness />);
  return sent;
}

describe("'Promotions'", () => {
  it('creates a promotion and applies it to the products picked, leaving the others as they were', async () => {
    const sent = renderTab(PromotionsView, base);
    const list = await screen.findByRole('list', { name: 'Promotions' }, slow);
    expect(within(list).getByText('1 produit')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Nouvelle promotion' }));
    const form = screen.getByRole('form', { name: 'Fiche promotion' });
    await user.type(within(form).getByLabelText(/^Nom\s*\*?$/), 'Étudiant');
    await user.type(within(form).getByLabelText('Valeur de la remise'), '2,5');
    await user.click(within(form).getByRole('button', { name: 'Choisir les produits' }));
    const picker = await screen.findByRole('dialog');
    // Removed products are not offered; typing filters.
    expect(within(picker).queryByText('Ancien')).toBeNull();
    await user.type(within(picker).getByRole('searchbox'), 'fri');
    await waitFor(() => expect(within(picker).queryByText('Burger')).toBeNull());
    await user.click(within(picker).getByRole('checkbox', { name: 'Frites' }));
    await user.click(within(picker).getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(form).getByText('Frites')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Ajout de la catégorie effectué avec succès !', {}, slow)).toBeTruthy();
    expect(sent).toHaveLength(1);
    const doc = sent[0]!;
    const promotions = doc.promotions as Promotion[];
    expect(promotions[0]).toBe(base.promotions![0]);
    expect(promotions[1]).toMatchObject({ id: 2, name: 'Étudiant', discount: 2.5, type_order: 0, removed: false, removed_by_admin: false });
    expect(doc.items[0]).toBe(base.items[0]);
    expect(doc.items[1]).toEqual({ ...base.items[1], promotions: [2] });
    expect(doc.zones).toEqual([{ id: 1, kept: 'oui' }]);
    // The new promotion is now the selected one, in the list with its count.
    expect(await screen.findByRole('heading', { name: 'Étudiant' })).toBeTruthy();
    expect(within(list).getAllByText('1 produit')).toHaveLength(2);
  });

  it('puts the server message on the discount field and keeps what was typed', async () => {
    const message = "La valeur de la remise -1 de la promotion Midi n'est pas valide";
    renderTab(PromotionsView, base, () => new ApiError(422, { detail: message, errors: [{ location: 'body.promotions[0].discount', message }] }));
    const form = await screen.findByRole('form', { name: 'Fiche promotion' }, slow);
    const name = within(form).getByLabelText(/^Nom\s*\*?$/);
    await user.type(name, ' 2');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText(message, {}, slow)).toBeTruthy();
    expect((name as HTMLInputElement).value).toBe('Midi 2');
  });
});

describe('leaving a form', () => {
  it('asks before dropping unsaved changes, and keeps them when the user goes back to typing', async () => {
    const sent = renderTab(PromotionsView, base);
    const form = await screen.findByRole('form', { name: 'Fiche promotion' }, slow);
    await user.type(within(form).getByLabelText('Libellé de la remise'), 'Midi');
    await user.click(screen.getByRole('button', { name: 'Nouvelle promotion' }));
    let dialog = await screen.findByRole('dialog', { name: 'Modifications non enregistrées' });
    await user.click(within(dialog).getByRole('button', { name: 'Continuer la saisie' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((within(form).getByLabelText('Libellé de la remise') as HTMLInputElement).value).toBe('Midi');

    await user.click(screen.getByRole('button', { name: 'Nouvelle promotion' }));
    dialog = await screen.findByRole('dialog', { name: 'Modifications non enregistrées' });
    await user.click(within(dialog).getByRole('button', { name: 'Abandonner' }));
    expect(await screen.findByRole('heading', { name: 'Nouvelle promotion' }, slow)).toBeTruthy();
    expect(sent).toHaveLength(0);
  });
});

describe("'Familles options'", () => {
  it('creates an option family holding the groups chosen, then deletes it with only removed set and opens a blank form', async () => {
    const sent = renderTab(OptionFamiliesView, base);
    expect(await screen.findByText("Aucune famille d'options", {}, slow)).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Nouvelle famille' })[0]!);
    const form = screen.getByRole('form', { name: "Fiche famille d'options" });
    await user.type(within(form).getByLabelText(/^Nom\s*\*?$/), 'Accompagnements');
    const max = within(form).getByLabelText('Maximum');
    await user.clear(max);
    await user.type(max, '3');
    await user.click(within(form).getByLabelText("Catégories d'options de la famille"));
    await user.click(await screen.findByRole('option', { name: 'Boissons' }));
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(sent).toHaveLength(1), slow);
    const created = (sent[0]!.groups_sub_options as OptionFamily[])[0]!;
    expect(created).toMatchObject({ name_group: 'Accompagnements', min_option: 0, max_option: 3, number_click: 1, sub_supplements: [2], removed: false });
    expect(sent[0]!.promotions).toBe(base.promotions);

    const saved = await screen.findByRole('form', { name: "Fiche famille d'options" });
    await waitFor(() => expect(within(saved).getByRole('heading', { name: 'Accompagnements' })).toBeTruthy());
    await user.click(within(saved).getByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("Êtes-vous sûr de vouloir supprimer la famille d'options « Accompagnements » ?")).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));

    await waitFor(() => expect(sent).toHaveLength(2), slow);
    const removed = (sent[1]!.groups_sub_options as OptionFamily[])[0]!;
    expect(removed.removed).toBe(true);
    expect(removed.removed_by_admin).toBeUndefined();
    expect(await screen.findByRole('heading', { name: "Nouvelle famille d'options" }, slow)).toBeTruthy();
  });
});

describe("'Familles'", () => {
  it('creates a menu family with products in the chosen order at their prices', async () => {
    const sent = renderTab(MenuFamiliesView, base);
    await user.click((await screen.findAllByRole('button', { name: 'Nouvelle famille' }, slow))[0]!);
    const form = screen.getByRole('form', { name: 'Fiche famille' });
    await user.type(within(form).getByLabelText(/^Nom\s*\*?$/), 'Menus midi');
    await user.click(within(form).getByRole('button', { name: 'Ajouter des produits' }));
    const picker = await screen.findByRole('dialog');
    await user.click(within(picker).getByRole('checkbox', { name: 'Burger' }));
    await user.click(within(picker).getByRole('checkbox', { name: 'Frites' }));
    await user.click(within(picker).getByRole('button', { name: 'Ajouter' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.type(within(form).getByLabelText('Prix de Frites'), '1,5');
    await user.click(within(form).getByRole('button', { name: 'Monter Frites' }));
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(sent).toHaveLength(1), slow);
    const family = (sent[0]!.cartes as MenuFamily[])[0]!;
    expect(family).toMatchObject({ name: 'Menus midi', removed: false, removed_by_admin: false });
    expect(family.items).toEqual([
      { id_item: 2, order_item: 1, price: 1.5 },
      { id_item: 1, order_item: 2, price: 0 },
    ]);
    expect(sent[0]!.items).toBe(base.items);
    expect(await within(screen.getByRole('list', { name: 'Familles' })).findByText('2 produits', {}, slow)).toBeTruthy();
  });

  it("shows the server's price message on the row it names", async () => {
    const doc: MenuDocument = {
      ...base,
      cartes: [
        {
          idGlobal: 'fam-1',
          name: 'Menus',
          items: [
            { id_item: 1, order_item: 1, price: 1 },
            { id_item: 2, order_item: 2, price: 0 },
          ],
        },
      ],
    };
    const message = "La valeur du prix 1e999 d'article Frites n'est pas valide";
    renderTab(MenuFamiliesView, doc, () => new ApiError(422, { detail: message, errors: [{ location: 'body.cartes[0].items[1].price', message }] }));
    const form = await screen.findByRole('form', { name: 'Fiche famille' }, slow);
    await user.type(within(form).getByLabelText('Prix de Frites'), '5');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    const row = within(form).getByRole('listitem', { name: 'Frites' });
    expect(await within(row).findByText(message, {}, slow)).toBeTruthy();
    expect(within(form).getByRole('listitem', { name: 'Burger' }).textContent).not.toContain(message);
  });

  it('is read-only for a moderator', async () => {
    const doc: MenuDocument = { ...base, cartes: [{ idGlobal: 'fam-1', name: 'Menus', items: [{ id_item: 2, order_item: 1, price: 1 }] }] };
    renderTab(MenuFamiliesView, doc, undefined, false);
    const form = await screen.findByRole('form', { name: 'Fiche famille' }, slow);
    expect((within(form).getByLabelText('Prix de Frites') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Nouvelle famille' })).toBeNull();
    expect(within(form).queryByRole('button', { name: 'Enregistrer' })).toBeNull();
    expect(within(form).queryByRole('button', { name: 'Supprimer' })).toBeNull();
    expect(within(form).queryByRole('button', { name: 'Monter Frites' })).toBeNull();
  });

  it('refuses a negative price before sending', async () => {
    const doc: MenuDocument = { ...base, cartes: [{ idGlobal: 'fam-1', name: 'Menus', items: [{ id_item: 2, order_item: 1, price: 1 }] }] };
    const sent = renderTab(MenuFamiliesView, doc);
    const form = await screen.findByRole('form', { name: 'Fiche famille' }, slow);
    const price = within(form).getByLabelText('Prix de Frites');
    await user.clear(price);
    await user.type(price, '-2');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText('Un prix ne peut pas être négatif.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });
});
