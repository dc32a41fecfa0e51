import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, signIn } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import { CarteEditor } from './pages/EditorPage';
import { parsePriceText } from './format';
import { writePrices } from './documentEdits';
import type { Campaign } from './types';

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
      price_platform: 11.9,
      prices: [{ tariff: 1, type_order: 1, price: 9.9, id_product: 1 }],
      removed: false,
      removed_by_admin: false,
      best_sale: true,
    },
  ],
  options: [],
  zones: [],
  hide_name_products: false,
  product_size_1: 'taille 1',
};

const slow = { timeout: 5000 };

function serve(onSave: (body: typeof document, ifMatch: string | null) => Response) {
  server.use(
    http.get('*/api/v1/campaigns', () => HttpResponse.json({ items: [campaign], total: 1 })),
    http.get('*/api/v1/campaigns/1/document', () => HttpResponse.json(document, { headers: { ETag: '"7"' } })),
    http.put('*/api/v1/campaigns/1/document', async ({ request }) => onSave((await request.json()) as typeof document, request.headers.get('If-Match'))),
  );
}

async function openPrices() {
  signIn(user('admin'));
  renderWithProviders(<CarteEditor campaignId={1} />);
  await userEvent.click(await screen.findByText('Burger', {}, slow));
  const form = await screen.findByRole('form', { name: 'Fiche produit' });
  await userEvent.click(within(form).getByRole('tab', { name: 'Prix' }));
  return form;
}

describe('price text', () => {
  it('reads a comma as the decimal separator, empty as 0, and refuses text', () => {
    expect(parsePriceText('9,90')).toBe(9.9);
    expect(parsePriceText(' 12.5 ')).toBe(12.5);
    expect(parsePriceText('')).toBe(0);
    expect(parsePriceText('abc')).toBeNaN();
  });

  it('keeps existing entries in place with their extra fields', () => {
    const { prices, cellOf } = writePrices([{ tariff: 1, type_order: 1, price: 9.9, id_product: 1 }], { t1o1: '10,5', t2o3: '7' });
    expect(prices).toEqual([
      { tariff: 1, type_order: 1, price: 10.5, id_product: 1 },
      { tariff: 2, type_order: 3, price: 7 },
    ]);
    expect(cellOf).toEqual(['t1o1', 't2o3']);
  });
});

describe('price grid', () => {
  it("writes prices in the franchise's currency, not always in euros", async () => {
    serve(() => HttpResponse.json(campaign));
    server.use(http.get('*/api/v1/franchise', () => HttpResponse.json({ currency: 'CHF' })));
    const form = await openPrices();
    const cell = within(form).getByLabelText('Prix Sur Place tarif 1');
    await waitFor(() => expect(cell.parentElement?.textContent).toContain('CHF'));
    expect(within(form).queryAllByText('€')).toHaveLength(0);
  });

  it("accepts '9,90' and sends the whole document with If-Match", async () => {
    let sent: typeof document | null = null;
    let ifMatch: string | null = null;
    serve((body, header) => {
      sent = body;
      ifMatch = header;
      return HttpResponse.json({ ...campaign, version: 8 }, { headers: { ETag: '"8"' } });
    });
    const form = await openPrices();
    const cell = within(form).getByLabelText('Prix A Emporter tarif 1');
    await userEvent.type(cell, '9,90');
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Ajout de la catégorie effectué avec succès !', {}, slow)).toBeTruthy();
    expect(ifMatch).toBe('"7"');
    const saved = sent as unknown as typeof document;
    expect(saved.items[0]?.prices).toEqual([
      { tariff: 1, type_order: 1, price: 9.9, id_product: 1 },
      { tariff: 1, type_order: 2, price: 9.9 },
    ]);
    // Unknown fields travel back untouched.
    expect(saved.zones).toEqual([]);
    expect(saved.product_size_1).toBe('taille 1');
    expect(saved.items[0]?.best_sale).toBe(true);
  });

  it("shows the server's 422 message on the refused cell and keeps what was typed", async () => {
    const message = "La valeur du prix -5 dans le tarif 1 pour Sur Place du produit Burger n'est pas valide";
    serve(() =>
      HttpResponse.json(
        { status: 422, title: 'Unprocessable Entity', detail: message, errors: [{ location: 'body.items[0].prices[0].price', message }] },
        { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
      ),
    );
    const form = await openPrices();
    const cell = within(form).getByLabelText('Prix Sur Place tarif 1');
    await userEvent.clear(cell);
    await userEvent.type(cell, '12,50');
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Erreur d ajout de la catégorie !', {}, slow)).toBeTruthy();
    await waitFor(() => expect(within(form).getByText(message)).toBeTruthy());
    expect(cell.getAttribute('aria-invalid')).toBe('true');
    expect((cell as HTMLInputElement).value).toBe('12,50');
  });

  it('refuses a negative price before asking the server', async () => {
    let calls = 0;
    serve(() => {
      calls += 1;
      return HttpResponse.json(campaign);
    });
    const form = await openPrices();
    await userEvent.type(within(form).getByLabelText('Prix Drive tarif 2'), '-3');
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText('Un prix ne peut pas être négatif.')).toBeTruthy();
    expect(calls).toBe(0);
  });
});

describe('size prices', () => {
  it("shows the server's message on the refused size row, and the purchase price one on its field", async () => {
    const sizePrice = "La valeur du prix -4 d'article Pizza n'est pas valide";
    const purchase = "la valeur du prix d'achat -1 n'est pas valide";
    const pizza = {
      ...document,
      items: [
        {
          ...document.items[0]!,
          name: 'Pizza',
          many_size: true,
          purchase_price: 2,
          allSizes: [
            { id_size: 2, name_size: 'senior', label_size: 'Moyenne', size_enabled: true, tariff: 1, price: 12, price_sp: 12 },
            { id_size: 1, name_size: 'junior', label_size: 'Petite', size_enabled: true, tariff: 1, price: 9, price_sp: 9 },
          ],
        },
      ],
    };
    server.use(
      http.get('*/api/v1/campaigns', () => HttpResponse.json({ items: [campaign], total: 1 })),
      http.get('*/api/v1/campaigns/1/document', () => HttpResponse.json(pizza, { headers: { ETag: '"7"' } })),
      http.put('*/api/v1/campaigns/1/document', () =>
        HttpResponse.json(
          {
            status: 422,
            title: 'Unprocessable Entity',
            detail: sizePrice,
            errors: [
              { location: 'body.items[0].allSizes[1].price', message: sizePrice },
              { location: 'body.items[0].purchase_price', message: purchase },
            ],
          },
          { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );
    signIn(user('admin'));
    renderWithProviders(<CarteEditor campaignId={1} />);
    await userEvent.click(await screen.findByText('Pizza', {}, slow));
    const form = await screen.findByRole('form', { name: 'Fiche produit' });
    await userEvent.click(within(form).getByRole('tab', { name: 'Prix' }));
    // The product's own sizes first, in their order, then the remaining default sizes.
    const small = within(form).getByLabelText('Prix Petite');
    await userEvent.clear(small);
    await userEvent.type(small, '9,50');
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(within(form).getByText(sizePrice)).toBeTruthy());
    expect(small.getAttribute('aria-invalid')).toBe('true');
    expect((small as HTMLInputElement).value).toBe('9,50');
    expect(within(form).getByLabelText('Prix Moyenne').getAttribute('aria-invalid')).toBe('false');
    // The purchase price error waits on the Général tab, marked with a dot.
    await userEvent.click(within(form).getByRole('tab', { name: 'Général (erreur)' }));
    expect(await within(form).findByText(purchase)).toBeTruthy();
  });
});

describe('franchise sizes', () => {
  const sizes = {
    version: 3,
    value: {
      sizes: [
        { id_size: 1, name_size: 'junior', label_size: 'Petit', description: 'Pour les petites faims', size_displayed: true },
        { id_size: 2, name_size: 'senior', label_size: 'Moyen', description: '', size_displayed: true },
        { id_size: 3, name_size: 'mega', label_size: 'Grand', description: '', size_displayed: true },
        ...['size1', 'size2', 'size3', 'size4', 'size5', 'size6', 'size7'].map((code, i) => ({
          id_size: i + 4,
          name_size: code,
          label_size: `Taille ${i + 4}`,
          description: '',
          // Sizes 9 and 10 are not shown; the product uses 10.
          size_displayed: i + 4 < 9,
        })),
      ],
      productSizeLabels: Array.from({ length: 10 }, (_, i) => `taille ${i + 1}`),
    },
  };
  const pizza = {
    ...document,
    items: [
      {
        ...document.items[0]!,
        name: 'Pizza',
        many_size: true,
        allSizes: [
          { id_size: 1, name_size: 'junior', label_size: 'Taille 1', size_enabled: true, tariff: 1, price: '9.9', price_sp: 9.9 },
          { id_size: 10, name_size: 'size7', label_size: 'Taille 10', size_enabled: true, tariff: 1, price: 20, price_sp: 20 },
        ],
      },
    ],
  };

  async function openPizza(withSizes: boolean, onSave: (body: typeof pizza) => void = () => {}) {
    server.use(
      http.get('*/api/v1/campaigns', () => HttpResponse.json({ items: [campaign], total: 1 })),
      http.get('*/api/v1/campaigns/1/document', () => HttpResponse.json(pizza, { headers: { ETag: '"7"' } })),
      http.put('*/api/v1/campaigns/1/document', async ({ request }) => {
        onSave((await request.json()) as typeof pizza);
        return HttpResponse.json({ ...campaign, version: 8 }, { headers: { ETag: '"8"' } });
      }),
      ...(withSizes ? [http.get('*/api/v1/settings/sizes', () => HttpResponse.json(sizes))] : []),
    );
    signIn(user('admin'));
    renderWithProviders(<CarteEditor campaignId={1} />);
    await userEvent.click(await screen.findByText('Pizza', {}, slow));
    const form = await screen.findByRole('form', { name: 'Fiche produit' });
    await userEvent.click(within(form).getByRole('tab', { name: 'Prix' }));
    return form;
  }

  it("names the rows as Mes Tailles, hides an unused hidden size, and labels a new size with the franchise's label", async () => {
    let sent: typeof pizza | null = null;
    const form = await openPizza(true, (body) => (sent = body));
    const table = within(form).getByRole('group', { name: 'Tailles' });
    const small = await within(table).findByRole('checkbox', { name: 'Proposer la taille Petit' }, slow);
    expect((small as HTMLInputElement).checked).toBe(true);
    expect(within(table).getByText('junior')).toBeTruthy();
    expect(within(table).getByText('Pour les petites faims')).toBeTruthy();
    expect(small.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(table).getByLabelText('Prix Petit')).toBeTruthy();
    // Size 9 is hidden in Mes Tailles and unused: left out; size 10 is hidden too but the product uses it.
    expect(within(table).queryByRole('checkbox', { name: 'Proposer la taille Taille 9' })).toBeNull();
    expect(within(table).getByRole('checkbox', { name: 'Proposer la taille Taille 10' })).toBeTruthy();
    expect(within(table).getByText('Masquée dans Mes Tailles')).toBeTruthy();
    expect(within(table).getAllByRole('checkbox')).toHaveLength(9);

    await userEvent.click(within(table).getByRole('checkbox', { name: 'Proposer la taille Moyen' }));
    await userEvent.type(within(table).getByLabelText('Prix Moyen'), '12,50');
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Ajout de la catégorie effectué avec succès !', {}, slow)).toBeTruthy();
    const saved = sent as unknown as typeof pizza;
    expect(saved.items[0]?.allSizes).toEqual([
      // Untouched: exactly as stored, its label included.
      ...pizza.items[0]!.allSizes,
      { id_size: 2, name_size: 'senior', label_size: 'Moyen', size_enabled: true, price: 12.5, price_sp: 0, tariff: 1 },
    ]);
  });

  it('falls back to the product labels and the default sizes when Mes Tailles does not answer', async () => {
    const form = await openPizza(false);
    const table = within(form).getByRole('group', { name: 'Tailles' });
    expect(within(table).getByRole('checkbox', { name: 'Proposer la taille Taille 1' })).toBeTruthy();
    expect(within(table).getByLabelText('Prix Taille 1')).toBeTruthy();
    expect(within(table).getByRole('checkbox', { name: 'Proposer la taille Taille 9' })).toBeTruthy();
    expect(within(table).getAllByRole('checkbox')).toHaveLength(10);
    expect(within(table).queryByText('Masquée dans Mes Tailles')).toBeNull();
  });
});
