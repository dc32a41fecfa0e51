import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, signIn } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import { CarteEditor } from './pages/EditorPage';
import { asDocument, type MenuDocument, type MenuProduct, type OptionGroup } from './documentTypes';
import { productFormValues, saveProduct, type ProductValues } from './documentEdits';
import {
  groupChoices,
  linkRows,
  linksOf,
  missingGroupLabel,
  missingPromotionLabel,
  moveId,
  promotionChoices,
  toggleId,
} from './components/product/productLinks';
import type { Campaign } from './types';

const group = (id: number, name: string, extra: Partial<OptionGroup> = {}): OptionGroup => ({
  idGlobal: `g-${id}`,
  id,
  name,
  min_items: 0,
  max_items: 2,
  position: id,
  items: [
    { idGlobal: `o-${id}-1`, name: 'A' },
    { idGlobal: `o-${id}-2`, name: 'B' },
    { idGlobal: `o-${id}-3`, name: 'C', removed: true, removed_by_admin: true },
  ],
  removed: false,
  removed_by_admin: false,
  ...extra,
});

const groups: OptionGroup[] = [
  group(1, 'Sauces'),
  group(2, 'Cuissons', { min_items: 1, max_items: 1, position: 0 }),
  group(3, 'Crudités', { is_ingredient: true }),
  group(4, 'Anciennes sauces', { removed: true, removed_by_admin: true }),
  group(5, 'Fromages', { is_ingredient: true }),
];

const burger: MenuProduct = {
  idGlobal: 'p-1',
  id: 1,
  idCat: 1,
  name: 'Burger',
  position: 1,
  price: 9.9,
  prices: [{ tariff: 1, type_order: 1, price: 9.9 }],
  options: [4, 1],
  // Older cartes may hold ids as text: the editor reads them as numbers.
  ingredients: ['5', 3] as unknown as number[],
  removed: false,
  removed_by_admin: false,
  daily_stock: 40,
};

const doc = asDocument({ categories: [{ idGlobal: 'c-1', idCat: 1, name: 'Burgers', parent_id: -1, position: 1 }], items: [burger], options: groups });

function valuesOf(product: MenuProduct | null, links: Partial<Pick<ProductValues, 'options' | 'ingredients' | 'promotions'>> = {}): ProductValues {
  const form = productFormValues(product, 1);
  return { ...form, idCat: Number(form.idCat), ...links };
}

describe('product links (model)', () => {
  it('reads the ids in their stored order, numeric texts and duplicates included once', () => {
    expect(linksOf({ ...burger, options: [4, 1, 4], promotions: ['7', 'x', 2] as unknown as number[] })).toEqual({ options: [4, 1], ingredients: [5, 3], promotions: [7, 2] });
    expect(linksOf(null)).toEqual({ options: [], ingredients: [], promotions: [] });
  });

  it('offers the active groups of each kind by position, with their choice and active option count', () => {
    expect(groupChoices(groups, false)).toEqual([
      { id: 2, name: 'Cuissons', caption: 'Choix : 1 à 1 · 2 options' },
      { id: 1, name: 'Sauces', caption: 'Choix : 0 à 2 · 2 options' },
    ]);
    expect(groupChoices(groups, true).map((c) => c.id)).toEqual([3, 5]);
    expect(promotionChoices([{ id: 9, name: 'Happy', name_promotion: '2 pour 1' }, { id: 8, name: 'Vieille', removed: true }])).toEqual([
      { id: 9, name: 'Happy', caption: '2 pour 1' },
    ]);
  });

  it('lists the chosen ones first in the order chosen, a removed or unknown id labelled, then the others', () => {
    const rows = linkRows(groupChoices(groups, false), [4, 1, 99], missingGroupLabel(groups, false));
    expect(rows.chosen.map((r) => [r.name, r.missing])).toEqual([
      ['Catégorie supprimée (id 4)', true],
      ['Sauces', false],
      ['Catégorie supprimée (id 99)', true],
    ]);
    expect(rows.chosen[0]!.caption).toBe('Anciennes sauces · dans la corbeille');
    expect(rows.others.map((r) => r.id)).toEqual([2]);
    // An ingredient group held in options keeps its name.
    expect(linkRows([], [3], missingGroupLabel(groups, false)).chosen[0]!.name).toBe('Crudités');
    expect(missingPromotionLabel([])(7).name).toBe('Promotion supprimée (id 7)');
  });

  it('ticks at the end, unticks, and moves within the ends', () => {
    expect(toggleId([4, 1], 2, true)).toEqual([4, 1, 2]);
    expect(toggleId([4, 1], 1, true)).toEqual([4, 1]);
    expect(toggleId([4, 1, 2], 1, false)).toEqual([4, 2]);
    expect(moveId([4, 1, 2], 2, -1)).toEqual([4, 2, 1]);
    expect(moveId([4, 1, 2], 4, -1)).toEqual([4, 1, 2]);
    expect(moveId([4, 1, 2], 2, 1)).toEqual([4, 1, 2]);
  });

  it('saves the links in the order chosen, removed ids kept, every other field kept', () => {
    const { document } = saveProduct(doc, 'p-1', valuesOf(burger, { options: [2, 4, 1], ingredients: [5, 3], promotions: [] }));
    const saved = document.items[0]!;
    expect(saved.options).toEqual([2, 4, 1]);
    // Unchanged: left exactly as stored.
    expect(saved.ingredients).toEqual(['5', 3]);
    // Empty and absent before: not added.
    expect('promotions' in saved).toBe(false);
    expect(saved.daily_stock).toBe(40);
  });

  it('writes an emptied list the product had, and leaves the links alone when the values carry none', () => {
    const emptied = saveProduct(doc, 'p-1', valuesOf(burger, { options: [], promotions: [7] })).document.items[0]!;
    expect(emptied.options).toEqual([]);
    expect(emptied.promotions).toEqual([7]);
    const untouched = saveProduct(doc, 'p-1', valuesOf(burger)).document.items[0]!;
    expect(untouched.options).toEqual([4, 1]);
    expect(untouched.ingredients).toEqual(['5', 3]);
  });

  it('gives a new product the groups chosen', () => {
    const { document, index } = saveProduct(doc, null, { ...valuesOf(null, { options: [1], ingredients: [], promotions: [] }), name: 'Wrap' });
    const created = document.items[index]!;
    expect(created.options).toEqual([1]);
    expect('ingredients' in created).toBe(false);
  });
});

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

const slow = { timeout: 5000 };

function serve(served: object, onSave: (body: MenuDocument) => void = () => {}) {
  server.use(
    http.get('*/api/v1/campaigns', () => HttpResponse.json({ items: [campaign], total: 1 })),
    http.get('*/api/v1/campaigns/1/document', () => HttpResponse.json(served, { headers: { ETag: '"7"' } })),
    http.put('*/api/v1/campaigns/1/document', async ({ request }) => {
      onSave((await request.json()) as MenuDocument);
      return HttpResponse.json({ ...campaign, version: 8 }, { headers: { ETag: '"8"' } });
    }),
  );
}

const served = {
  categories: [{ idGlobal: 'cat-1', idCat: 1, name: 'Burgers', parent_id: -1, position: 1, removed: false, removed_by_admin: false }],
  items: [burger],
  options: groups,
  promotions: [{ idGlobal: 'promo-1', id: 7, name: 'Happy hour', name_promotion: '2 pour 1' }],
  zones: [],
};

async function openOptionsTab(roles: 'admin' | 'moderator') {
  signIn(user(roles));
  renderWithProviders(<CarteEditor campaignId={1} />);
  await userEvent.click(await screen.findByText('Burger', {}, slow));
  const form = await screen.findByRole('form', { name: 'Fiche produit' });
  await userEvent.click(within(form).getByRole('tab', { name: 'Options' }));
  return form;
}

describe("product form, 'Options' tab", () => {
  it('ticks a group, puts it first, and saves it in the product options with the removed one kept', async () => {
    let sent: MenuDocument | null = null;
    serve(served, (body) => (sent = body));
    const form = await openOptionsTab('admin');
    const options = within(form).getByRole('region', { name: "Catégories d'options" });
    expect(within(options).getByRole('checkbox', { name: 'Catégorie supprimée (id 4)' })).toHaveProperty('checked', true);
    await userEvent.click(within(options).getByRole('checkbox', { name: 'Cuissons' }));
    await userEvent.click(within(options).getByRole('button', { name: 'Monter Cuissons' }));
    await userEvent.click(within(options).getByRole('button', { name: 'Monter Cuissons' }));
    const promotions = within(form).getByRole('region', { name: 'Promotions' });
    await userEvent.click(within(promotions).getByRole('checkbox', { name: 'Happy hour' }));

    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Ajout de la catégorie effectué avec succès !', {}, slow)).toBeTruthy();
    const saved = (sent as unknown as MenuDocument).items[0]!;
    expect(saved).toMatchObject({ options: [2, 4, 1], ingredients: ['5', 3], promotions: [7], daily_stock: 40, name: 'Burger' });
  });

  it('is read-only for a moderator, and says when the carte has no promotion', async () => {
    serve({ ...served, promotions: [] });
    const form = await openOptionsTab('moderator');
    const options = within(form).getByRole('region', { name: "Catégories d'options" });
    expect(within(options).getByRole('checkbox', { name: 'Sauces' })).toHaveProperty('disabled', true);
    expect(within(options).queryByRole('button', { name: /Monter/ })).toBeNull();
    expect(within(form).getByText('Aucune promotion dans cette carte : créez-en dans l\'onglet Promotions.')).toBeTruthy();
  });

  it('filters a long list with the search box', async () => {
    const many = Array.from({ length: 10 }, (_, i) => group(10 + i, i === 7 ? 'Sauces piquantes' : `Groupe ${i}`));
    serve({ ...served, options: many });
    const form = await openOptionsTab('admin');
    const options = within(form).getByRole('region', { name: "Catégories d'options" });
    await userEvent.type(within(options).getByRole('searchbox'), 'piqu');
    expect(await within(options).findByRole('checkbox', { name: 'Sauces piquantes' })).toBeTruthy();
    expect(within(options).queryByRole('checkbox', { name: 'Groupe 1' })).toBeNull();
  });
});
