import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, signIn } from '../../../test/render';
import { user } from '../../../test/fixtures';
import { server } from '../../../test/server';
import { asDocument, type MenuDocument } from '../../menus/documentTypes';
import type { Campaign } from '../../menus/types';
import { KIOSK_SAVED } from '../pages/KioskConfigPage';
import type { KioskConfig } from '../types';
import { ConfigCaissePage } from './ConfigCaissePage';
import {
  NULL_CHOICE,
  applyCategoryValues,
  categoryFieldOf,
  categoryFormValues,
  defaultCarte,
  parentChoices,
  productCategoryChoices,
  productsOfChoice,
} from './caisseModel';
import { CARTES_READ_ONLY, CATEGORY_SAVED, NO_CARTE, PRODUCT_SAVED } from './texts';

const slow = { timeout: 5000 };

const problem = (status: number, detail: string, errors: { location: string; message: string }[] = []) =>
  HttpResponse.json({ status, title: 'Erreur', detail, errors }, { status, headers: { 'Content-Type': 'application/problem+json' } });

function carte(id: number, nom: string, isPrincipal: boolean, version = 7): Campaign {
  return {
    id,
    franchiseId: 1,
    nom,
    url: `${nom}.json`,
    isPrincipal,
    dateDebut: '',
    dateFin: '',
    isPeriodic: false,
    campagneDates: [],
    removed: false,
    version,
    createdAt: '2026-11-01T10:00:00Z',
    updatedAt: '2026-11-20T10:00:00Z',
    updatedBy: 'Brigade Burger',
  };
}

const cat = (idCat: number, name: string, parent_id: number, position: number, extra: object = {}) => ({
  idGlobal: `cat-${idCat}`,
  idCat,
  name,
  parent_id,
  position,
  removed: false,
  removed_by_admin: false,
  ...extra,
});

const prod = (id: number, name: string, idCat: number, position: number, extra: object = {}) => ({
  idGlobal: `prod-${id}`,
  id,
  idCat,
  name,
  position,
  price: '9.90',
  prices: [{ tariff: 1, type_order: 1, price: '9.90' }],
  many_size: false,
  many_type: true,
  removed: false,
  removed_by_admin: false,
  ...extra,
});

/** Burgers (1) with sub-categories Végé (4) and Poulet (5); Boissons (2); a removed Desserts (3) with a removed sub-category (6). */
const served = {
  categories: [
    cat(1, 'Burgers', -1, 1, { path: 'burgers.png', kiosk_color: '#FF0000', tags: [3] }),
    cat(2, 'Boissons', -1, 2),
    cat(3, 'Desserts', -1, 3, { removed: true, removed_by_admin: true }),
    cat(4, 'Végé', 1, 2),
    cat(5, 'Poulet', 1, 1),
    cat(6, 'Glaces', 3, 1, { removed: true, removed_by_admin: true }),
  ],
  items: [
    prod(1, 'Le Classique', 1, 1, { best_sale: true }),
    prod(2, 'Coca-Cola', 2, 1),
    prod(3, 'Le Végétarien', 4, 1),
    prod(4, 'Le Poulet', 5, 1),
    prod(5, 'Orphelin', 99, 1),
    prod(6, 'Ancien', 1, 2, { removed: true, removed_by_admin: true }),
  ],
  options: [],
  tags: [
    { idGlobal: 'tag-3', idTag: 3, name_tag: 'Midi' },
    { idGlobal: 'tag-4', idTag: 4, name_tag: 'Soir' },
  ],
  zones: [{ id: 1 }],
};

interface Sent {
  ifMatch: string | null;
  body: MenuDocument;
}

/** Two cartes, the principal one (id 1) served at version 7; PUT answers with `onSave` or version + 1. */
function serveCartes(document: object = served, onSave?: (body: MenuDocument) => Response | undefined) {
  const sent: Sent[] = [];
  let version = 7;
  let current: object = document;
  const gets: number[] = [];
  server.use(
    http.get('*/api/v1/campaigns', () => HttpResponse.json({ items: [carte(2, 'Carte hiver', false), carte(1, 'Carte principale', true)], total: 2 })),
    http.get('*/api/v1/campaigns/1/document', () => {
      gets.push(version);
      return HttpResponse.json(current, { headers: { ETag: `"${version}"` } });
    }),
    http.put('*/api/v1/campaigns/1/document', async ({ request }) => {
      const body = (await request.json()) as MenuDocument;
      sent.push({ ifMatch: request.headers.get('If-Match'), body });
      const answer = onSave?.(body);
      if (answer) return answer;
      version += 1;
      current = body;
      return HttpResponse.json(carte(1, 'Carte principale', true, version), { headers: { ETag: `"${version}"` } });
    }),
  );
  return {
    sent,
    gets,
    /** Someone else saves meanwhile. */
    replace: (next: object, nextVersion: number) => {
      current = next;
      version = nextVersion;
    },
  };
}

async function openTab(name: 'Configuration des catégories' | 'Configuration des produits', roles: 'admin' | 'moderator' = 'admin') {
  // The page opens on 'Configuration générale', which reads the kiosk parameters.
  server.use(http.get('*/api/v1/settings/kiosk', () => HttpResponse.json({ version: 0, value: {} })));
  signIn(user(roles));
  renderWithProviders(<ConfigCaissePage />);
  await userEvent.click(screen.getByRole('tab', { name }));
  return screen.getByRole('tabpanel', { name });
}

/** The options of a select (MUI: a listbox opened by the combobox), then closes it. */
async function optionsOf(combobox: HTMLElement): Promise<string[]> {
  await userEvent.click(combobox);
  const listbox = await screen.findByRole('listbox');
  const names = within(listbox)
    .getAllByRole('option')
    .map((o) => o.textContent ?? '');
  await userEvent.keyboard('{Escape}');
  return names;
}

describe('Configuration Caisse, Configuration générale', () => {
  const none: KioskConfig = { hide_name_categories: false, hide_name_sub_categories: false, hide_name_products: false, hide_name_options: false };

  it("edits the kiosk parameters: 'Sauvegarder' with none yet, 'Appliquer' once created", async () => {
    const sent: { ifMatch: string | null; body: unknown }[] = [];
    let current = { version: 0, value: none } as { version: number; value: KioskConfig; updatedAt?: string; updatedBy?: string };
    server.use(
      http.get('*/api/v1/settings/kiosk', () => HttpResponse.json(current)),
      http.put('*/api/v1/settings/kiosk', async ({ request }) => {
        const value = (await request.json()) as KioskConfig;
        sent.push({ ifMatch: request.headers.get('If-Match'), body: value });
        current = { version: 1, value, updatedAt: '2026-11-20T09:30:00Z', updatedBy: 'Brigade Burgers' };
        return HttpResponse.json(current);
      }),
    );
    signIn(user('admin'));
    renderWithProviders(<ConfigCaissePage />);
    expect(screen.getByRole('tab', { name: 'Configuration générale' }).getAttribute('aria-selected')).toBe('true');
    const save = (await screen.findByRole('button', { name: 'Sauvegarder' }, slow)) as HTMLButtonElement;
    expect(screen.queryByRole('button', { name: 'Appliquer' })).toBeNull();

    await userEvent.click(screen.getByRole('checkbox', { name: /Masquer le nom des catégories/ }));
    await userEvent.click(save);

    expect(await screen.findByText(KIOSK_SAVED, {}, slow)).toBeTruthy();
    expect(sent).toEqual([{ ifMatch: '"0"', body: { ...none, hide_name_categories: true } }]);
    expect(await screen.findByRole('button', { name: 'Appliquer' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sauvegarder' })).toBeNull();
  });

  it('shows the spec failure toast when the kiosk parameters cannot be saved', async () => {
    server.use(
      http.get('*/api/v1/settings/kiosk', () => HttpResponse.json({ version: 3, value: none })),
      http.put('*/api/v1/settings/kiosk', () => problem(500, 'boom')),
    );
    signIn(user('admin'));
    renderWithProviders(<ConfigCaissePage />);
    await userEvent.click(await screen.findByRole('checkbox', { name: /Masquer le nom des options/ }, slow));
    await userEvent.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(await screen.findByText('Erreur de mise à jour des Parametres Borne !', {}, slow)).toBeTruthy();
  });
});

describe('Configuration Caisse, Configuration des catégories', () => {
  it('opens on the principal carte and saves the changed position and name with If-Match, keeping every other field', async () => {
    const api = serveCartes();
    const panel = await openTab('Configuration des catégories');
    const name = (await within(panel).findByRole('textbox', { name: /^Nom/ }, slow)) as HTMLInputElement;
    expect(within(panel).getByRole('combobox', { name: 'Carte' }).textContent).toContain('Carte principale');
    expect(name.value).toBe('Burgers');
    expect((within(panel).getByRole('textbox', { name: 'Category ID' }) as HTMLInputElement).value).toBe('1');
    expect((within(panel).getByRole('textbox', { name: 'Category ID' }) as HTMLInputElement).readOnly).toBe(true);
    expect((within(panel).getByRole('textbox', { name: 'Path' }) as HTMLInputElement).value).toBe('burgers.png');
    expect(within(panel).getByText('Midi')).toBeTruthy();

    const position = within(panel).getByRole('textbox', { name: 'Position' });
    await userEvent.clear(position);
    await userEvent.type(position, '5');
    await userEvent.clear(name);
    await userEvent.type(name, 'Nos Burgers');
    await userEvent.click(within(panel).getByRole('checkbox', { name: /En rupture/ }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Sauvegarder' }));

    expect(await screen.findByText(CATEGORY_SAVED, {}, slow)).toBeTruthy();
    expect(api.sent).toHaveLength(1);
    expect(api.sent[0]!.ifMatch).toBe('"7"');
    const body = api.sent[0]!.body;
    expect(body.categories[0]).toEqual({
      ...served.categories[0],
      name: 'Nos Burgers',
      position: 5,
      sold_out: true,
    });
    // The rest of the document goes back as it was loaded.
    expect(body.categories.slice(1)).toEqual(served.categories.slice(1));
    expect(body.items).toEqual(served.items);
    expect(body.zones).toEqual(served.zones);
    // Saved: nothing left to save, and the next save sends the new version.
    await waitFor(() => expect((within(panel).getByRole('button', { name: 'Sauvegarder' }) as HTMLButtonElement).disabled).toBe(true));
    const again = within(panel).getByRole('textbox', { name: 'Position' });
    await userEvent.tripleClick(again);
    await userEvent.keyboard('6');
    await userEvent.click(within(panel).getByRole('button', { name: 'Sauvegarder' }));
    await waitFor(() => expect(api.sent).toHaveLength(2));
    expect(api.sent[1]!.ifMatch).toBe('"8"');
  });

  it("puts a 422 on body.categories[i].name under 'Nom', keeping what was typed", async () => {
    const message = 'Le nom « Boissons » est déjà utilisé par la catégorie « Boissons ».';
    serveCartes(served, () => problem(422, 'La carte contient des erreurs.', [{ location: 'body.categories[0].name', message }]));
    const panel = await openTab('Configuration des catégories');
    const name = await within(panel).findByRole('textbox', { name: /^Nom/ }, slow);
    await userEvent.clear(name);
    await userEvent.type(name, 'Boissons');
    await userEvent.click(within(panel).getByRole('button', { name: 'Sauvegarder' }));
    expect(await within(panel).findByText(message, {}, slow)).toBeTruthy();
    expect((name as HTMLInputElement).value).toBe('Boissons');
    expect(name.getAttribute('aria-invalid')).toBe('true');
  });

  it("shows a 409 as a French banner whose 'Recharger' reads the carte again, keeping the edit", async () => {
    const api = serveCartes(served, (body) =>
      body.categories[0]?.position === 9 && api.sent.length === 1 ? problem(409, "Cette carte a été modifiée entre-temps par quelqu'un d'autre.") : undefined,
    );
    const panel = await openTab('Configuration des catégories');
    const position = await within(panel).findByRole('textbox', { name: 'Position' }, slow);
    await userEvent.clear(position);
    await userEvent.type(position, '9');
    api.replace({ ...served, categories: served.categories.map((c) => (c.idCat === 2 ? { ...c, name: 'Softs' } : c)) }, 12);
    await userEvent.click(within(panel).getByRole('button', { name: 'Sauvegarder' }));

    const banner = await within(panel).findByText(/Cette carte a été modifiée entre-temps/, {}, slow);
    expect(banner.textContent).toContain('rechargez la carte');
    await userEvent.click(within(panel).getByRole('button', { name: 'Recharger' }));
    await waitFor(() => expect(within(panel).queryByText(/Cette carte a été modifiée entre-temps/)).toBeNull());
    expect((position as HTMLInputElement).value).toBe('9');

    await userEvent.click(within(panel).getByRole('button', { name: 'Sauvegarder' }));
    expect(await screen.findByText(CATEGORY_SAVED, {}, slow)).toBeTruthy();
    expect(api.sent[1]!.ifMatch).toBe('"12"');
    expect(api.sent[1]!.body.categories[0]!.position).toBe(9);
    // The other change is kept: the edit is applied to the newer carte.
    expect(api.sent[1]!.body.categories[1]!.name).toBe('Softs');
  });

  it('is read-only for a moderator: disabled fields and no Sauvegarder', async () => {
    serveCartes();
    const panel = await openTab('Configuration des catégories', 'moderator');
    const name = (await within(panel).findByRole('textbox', { name: /^Nom/ }, slow)) as HTMLInputElement;
    expect(name.disabled).toBe(true);
    expect(within(panel).getByText(CARTES_READ_ONLY)).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Sauvegarder' })).toBeNull();
  });

  it("says 'Aucune carte' when the franchise has none", async () => {
    server.use(http.get('*/api/v1/campaigns', () => HttpResponse.json({ items: [], total: 0 })));
    const panel = await openTab('Configuration des catégories');
    expect(await within(panel).findByText(NO_CARTE, {}, slow)).toBeTruthy();
  });

  it("says 'Aucune catégorie' for a carte without categories", async () => {
    serveCartes({ categories: [], items: [], options: [] });
    const panel = await openTab('Configuration des catégories');
    expect(await within(panel).findByText('Aucune catégorie', {}, slow)).toBeTruthy();
  });
});

describe('Configuration Caisse, Configuration des produits', () => {
  it("lists 'Null' first, then only the active sub-categories", async () => {
    serveCartes();
    const panel = await openTab('Configuration des produits');
    await within(panel).findByRole('textbox', { name: /^Nom du produit/ }, slow);
    expect(await optionsOf(within(panel).getByRole('combobox', { name: 'Sous-catégorie' }))).toEqual(['Null', 'Burgers › Poulet', 'Burgers › Végé']);
  });

  it("'Null' offers the products in no sub-category; a sub-category, its own", async () => {
    serveCartes();
    const panel = await openTab('Configuration des produits');
    const name = (await within(panel).findByRole('textbox', { name: /^Nom du produit/ }, slow)) as HTMLInputElement;
    expect(name.value).toBe('Le Classique');
    const product = within(panel).getByRole('combobox', { name: 'Produit' });
    await userEvent.click(product);
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(['Le Classique', 'Coca-Cola', 'Orphelin']);
    await userEvent.keyboard('{Escape}');

    await userEvent.click(within(panel).getByRole('combobox', { name: 'Sous-catégorie' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Burgers › Végé' }));
    await waitFor(() => expect((within(panel).getByRole('textbox', { name: /^Nom du produit/ }) as HTMLInputElement).value).toBe('Le Végétarien'));
  });

  it('saves a flag and the position of the product with If-Match', async () => {
    const api = serveCartes();
    const panel = await openTab('Configuration des produits');
    await within(panel).findByRole('textbox', { name: /^Nom du produit/ }, slow);
    await userEvent.click(within(panel).getByRole('switch', { name: 'Masqué sur la borne' }));
    const position = within(panel).getByRole('textbox', { name: 'Position' });
    await userEvent.clear(position);
    await userEvent.type(position, '3');
    await userEvent.click(within(panel).getByRole('button', { name: 'Sauvegarder' }));

    expect(await screen.findByText(PRODUCT_SAVED, {}, slow)).toBeTruthy();
    expect(api.sent[0]!.ifMatch).toBe('"7"');
    const saved = api.sent[0]!.body.items[0]!;
    expect(saved).toMatchObject({ idGlobal: 'prod-1', name: 'Le Classique', hidden_borne: true, best_sale: true, position: 3 });
    expect(saved.prices).toEqual([{ tariff: 1, type_order: 1, price: 9.9 }]);
    expect(api.sent[0]!.body.items.slice(1)).toEqual(served.items.slice(1));
  });
});

describe('Configuration Caisse (model)', () => {
  const doc = asDocument(served);

  it("shares the active products out between 'Null' and the sub-categories, each once", () => {
    const all = productCategoryChoices(doc).flatMap((c) => productsOfChoice(doc, c.value).map((p) => p.idGlobal));
    expect(all.sort()).toEqual(['prod-1', 'prod-2', 'prod-3', 'prod-4', 'prod-5']);
    expect(productsOfChoice(doc, NULL_CHOICE).map((p) => p.name)).toEqual(['Le Classique', 'Coca-Cola', 'Orphelin']);
    expect(productsOfChoice(doc, '5').map((p) => p.name)).toEqual(['Le Poulet']);
  });

  it('writes only what the form carries: no empty keys added, unknown fields kept, idCat untouched', () => {
    const boissons = doc.categories[1]!;
    const { document, index } = applyCategoryValues(doc, 'cat-2', { ...categoryFormValues(boissons), position: '4' });
    expect(index).toBe(1);
    expect(document.categories[1]).toEqual({ ...boissons, position: 4 });
    const burgers = doc.categories[0]!;
    const next = applyCategoryValues(doc, 'cat-1', { ...categoryFormValues(burgers), path: '', tags: [], first_period: '2026-12-01', end_period: '2026-12-31' });
    expect(next.document.categories[0]).toEqual({ ...burgers, path: '', tags: [], first_period: '2026-12-01', end_period: '2026-12-31' });
  });

  it('keeps a category with sub-categories at the top level, and a missing parent as a choice', () => {
    expect(parentChoices(doc, doc.categories[0]!).filter((c) => !c.disabled).map((c) => c.value)).toEqual(['-1']);
    expect(parentChoices(doc, doc.categories[3]!).map((c) => c.value)).toEqual(['-1', '1', '2']);
    expect(parentChoices(doc, { ...doc.categories[3]!, parent_id: 42 }).map((c) => c.value)).toEqual(['-1', '1', '2', '42']);
  });

  it('maps server locations to form fields', () => {
    expect(categoryFieldOf('body.categories[3].name', 3)).toBe('name');
    expect(categoryFieldOf('body.categories[3].tags[0]', 3)).toBe('tags');
    expect(categoryFieldOf('body.categories[3].sold_out', 3)).toBe('flags.sold_out');
    expect(categoryFieldOf('body.categories[2].name', 3)).toBeNull();
    expect(categoryFieldOf('body.items[3].name', 3)).toBeNull();
  });

  it('opens on the principal carte, else the first active one', () => {
    expect(defaultCarte([carte(2, 'B', false), carte(1, 'A', true)])?.id).toBe(1);
    expect(defaultCarte([{ ...carte(2, 'B', false), removed: true }, carte(3, 'C', false)])?.id).toBe(3);
    expect(defaultCarte([])).toBeUndefined();
  });
});
