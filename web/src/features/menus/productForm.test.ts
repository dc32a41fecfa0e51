import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { asDocument, type MenuProduct } from './documentTypes';
import { productFormValues, saveProduct, type ProductValues } from './documentEdits';
import { productSchema, type ProductForm } from './schemas';
import { placeErrors, tabOf } from './components/ProductEditor';
import { newProductKitchen, retainNutrition, sizeRowsOf, writeNutrition, writeSizes, writeTranslations } from './components/product/productModel';
import { imageFileError } from './productImages';

const burger: MenuProduct = {
  idGlobal: 'p-1',
  id: 1,
  idCat: 1,
  name: 'Burger',
  description: 'Le classique',
  position: 1,
  price: 9.9,
  prices: [{ tariff: 1, type_order: 1, price: 9.9, id_product: 1 }],
  removed: false,
  removed_by_admin: false,
  best_sale: true,
  daily_stock: 40,
  ingredients: [3, 4],
  translation: [{ langue: 'it', name: 'Panino' }],
  allSizes: [
    { id_size: 1, name_size: 'junior', label_size: 'Taille 1', size_enabled: true, tariff: 2, price: 4, price_sp: 4 },
    { id_size: 1, name_size: 'junior', label_size: 'Taille 1', size_enabled: true, price: 5, price_sp: 5, price_uber: 6 },
  ],
  nutritional_info: { energy_kcal: { value: 500, daily_percentage: 25, image: 'kcal.png' }, custom_key: 1 },
};

const doc = asDocument({ categories: [{ idGlobal: 'c-1', idCat: 1, name: 'Burgers', parent_id: -1, position: 1 }], items: [burger], options: [], zones: [] });

function valuesOf(product: MenuProduct | null, patch: (v: ProductForm) => void = () => {}): ProductValues {
  const form = productFormValues(product, 1);
  patch(form);
  return { ...form, idCat: Number(form.idCat) };
}

describe('saveProduct', () => {
  it("writes every tab's fields under the spec's names and keeps the fields the form does not show", () => {
    const values = valuesOf(burger, (v) => {
      v.description_ubereat = 'Pour Uber';
      v.alias_product = ' BRG ';
      v.purchase_price = '3,20';
      v.has_bar_code = true;
      v.bar_code = '3017620422003';
      v.weight = '0,25';
      v.unit = 'kg';
      v.many_size = true;
      v.sizes[0]!.price = '5,50';
      v.sizes[1]!.size_enabled = true;
      v.sizes[1]!.price = '7';
      v.flags.sold_out = true;
      v.flags.best_sale = false;
      v.first_period = '2026-12-01';
      v.end_period = '2026-12-31';
      v.has_timetable = true;
      v.daysOn = [0, 1, 5];
      v.shiftsOn = [{ start: '11:00', end: '14:30' }];
      v.path = 'burger-abc.png';
      v.path_product_moment = 'burger-abc_Moment.png';
      v.type_image_product_moment = 'image/png';
      v.translations.en = { name: 'Burger EN', description: 'The classic', description_ubereat: '' };
      v.nutrition.fat_g = { value: '12', daily_percentage: '' };
      v.nutrition.saturated_fat_g = { value: '4,5', daily_percentage: '' };
      v.printer = '3';
      v.printerLabel = '11';
      v.cook = true;
      v.display_kitchen = true;
      v.screens = [2, 1];
      v.label = 'Sans oignon';
    });
    const { document, index, sizeRowOf } = saveProduct(doc, 'p-1', values);
    const saved = document.items[index]!;

    expect(saved).toMatchObject({
      description_ubereat: 'Pour Uber',
      alias_product: 'BRG',
      purchase_price: 3.2,
      has_bar_code: true,
      bar_code: '3017620422003',
      weight: 0.25,
      unit: 'kg',
      price_type: 'per_piece',
      many_size: true,
      many_type: true,
      sold_out: true,
      best_sale: false,
      first_period: '2026-12-01',
      end_period: '2026-12-31',
      has_timetable: true,
      daysOn: [0, 1, 5],
      shiftsOn: [{ start: '11:00', end: '14:30' }],
      path: 'burger-abc.png',
      path_product_moment: 'burger-abc_Moment.png',
      type_image_product_moment: 'image/png',
      printer: 3,
      printerLabel: 11,
      cook: true,
      display_kitchen: true,
      screens: [1, 2],
      label: 'Sans oignon',
    });
    // Fields the form does not show survive, as do the other languages and tariffs.
    expect(saved.daily_stock).toBe(40);
    expect(saved.ingredients).toEqual([3, 4]);
    expect(saved.translation).toEqual([
      { langue: 'it', name: 'Panino' },
      { langue: 'en', name: 'Burger EN', description: 'The classic', description_ubereat: '' },
    ]);
    expect(saved.allSizes).toEqual([
      { id_size: 1, name_size: 'junior', label_size: 'Taille 1', size_enabled: true, tariff: 2, price: 4, price_sp: 4 },
      { id_size: 1, name_size: 'junior', label_size: 'Taille 1', size_enabled: true, price: 5.5, price_sp: 5, price_uber: 6 },
      { id_size: 2, name_size: 'senior', label_size: 'Taille 2', size_enabled: true, price: 7, price_sp: 0, tariff: 1 },
    ]);
    expect(sizeRowOf).toEqual([null, 0, 1]);
    // Nutrition: fat with its saturated sub-value; other keys and the energy's image kept.
    expect(saved.nutritional_info).toEqual({
      energy_kcal: { value: 500, daily_percentage: 25, image: 'kcal.png' },
      custom_key: 1,
      fat_g: { value: 12, daily_percentage: 0, saturated_fat_g: { value: 4.5, daily_percentage: 0 } },
    });
    // Nothing else moved in the document.
    expect(document.zones).toEqual([]);
    expect(document.categories).toBe(doc.categories);
  });

  it('adds no empty keys to a product that lacks them', () => {
    const bare: MenuProduct = { idGlobal: 'p-2', id: 2, idCat: 1, name: 'Eau', position: 2 };
    const { document } = saveProduct(asDocument({ categories: [], items: [bare], options: [] }), 'p-2', valuesOf(bare));
    const saved = document.items[0]!;
    for (const key of ['purchase_price', 'bar_code', 'weight', 'allSizes', 'sold_out', 'hidden', 'daysOn', 'shiftsOn', 'path', 'translation', 'nutritional_info', 'printer', 'screens', 'label'])
      expect(saved, key).not.toHaveProperty(key);
    expect(saved.unit).toBe('piece');
    expect(saved.price_type).toBe('per_piece');
  });

  it('clears the image when removed and keeps the form readable for a moderator-edited legacy date', () => {
    const withImage: MenuProduct = { ...burger, path: 'old.png', first_period: '2026-01-31T00:00:00Z' };
    const values = valuesOf(withImage, (v) => {
      v.path = '';
    });
    expect(values.first_period).toBe('2026-01-31');
    const saved = saveProduct(asDocument({ categories: [], items: [withImage], options: [] }), 'p-1', values).document.items[0]!;
    expect(saved.path).toBe('');
  });
});

describe('nutrition retention (spec §5)', () => {
  it('keeps more than one key, or a single non-zero energy_kcal', () => {
    expect(retainNutrition({ fat_g: { value: 3 }, salt_g: { value: 1 } })).toEqual({ fat_g: { value: 3 }, salt_g: { value: 1 } });
    expect(retainNutrition({ energy_kcal: { value: 140 } })).toEqual({ energy_kcal: { value: 140 } });
    expect(retainNutrition({ energy_kcal: 140 })).toEqual({ energy_kcal: 140 });
  });

  it('drops a single zero energy, a single other key, and an empty object', () => {
    expect(retainNutrition({ energy_kcal: { value: 0 } })).toBeUndefined();
    expect(retainNutrition({ energy_kcal: { value: '' } })).toBeUndefined();
    expect(retainNutrition({ fat_g: { value: 3 } })).toBeUndefined();
    expect(retainNutrition({})).toBeUndefined();
    expect(retainNutrition(undefined)).toBeUndefined();
  });

  it('writes only filled fields, nests the sub-values, and applies the rule', () => {
    const empty = productFormValues(null, 1).nutrition;
    expect(writeNutrition(undefined, empty)).toBeUndefined();
    expect(writeNutrition(undefined, { ...empty, energy_kcal: { value: '0', daily_percentage: '' } })).toBeUndefined();
    expect(writeNutrition(undefined, { ...empty, energy_kcal: { value: '250', daily_percentage: '12,5' } })).toEqual({
      energy_kcal: { value: 250, daily_percentage: 12.5 },
    });
    expect(writeNutrition(undefined, { ...empty, sugar_g: { value: '9', daily_percentage: '' }, salt_g: { value: '1', daily_percentage: '' } })).toEqual({
      carbs_g: { value: 0, daily_percentage: 0, sugar_g: { value: 9, daily_percentage: 0 } },
      salt_g: { value: 1, daily_percentage: 0 },
    });
    // Clearing the energy leaves one key that is not energy_kcal: the whole field leaves the product.
    const saved = saveProduct(doc, 'p-1', valuesOf(burger, (v) => (v.nutrition.energy_kcal = { value: '', daily_percentage: '' }))).document.items[0]!;
    expect(saved).not.toHaveProperty('nutritional_info');
  });

  it('reads nested sub-values back into the form', () => {
    const rows = productFormValues({ ...burger, nutritional_info: { fat_g: { value: 12, saturated_fat_g: { value: 4.5 } } } }, 1).nutrition;
    expect(rows.fat_g).toEqual({ value: '12', daily_percentage: '' });
    expect(rows.saturated_fat_g).toEqual({ value: '4,5', daily_percentage: '' });
  });
});

describe('product dates and shifts', () => {
  const parse = (patch: (v: ProductForm) => void) => productSchema.safeParse({ ...valuesOf(burger, patch), idCat: '1' });

  it('refuses a start after the end, naming the product; equal dates are allowed', () => {
    const refused = parse((v) => {
      v.first_period = '2026-12-31';
      v.end_period = '2026-12-01';
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({ path: ['first_period'], message: 'La date de début est supérieure à la date de fin du produit Burger' }),
    ]);
    expect(parse((v) => ((v.first_period = '2026-12-01'), (v.end_period = '2026-12-01'))).success).toBe(true);
    expect(parse((v) => (v.first_period = '2026-12-01')).success).toBe(true);
  });

  it('refuses a slot ending before it starts', () => {
    const refused = parse((v) => (v.shiftsOn = [{ start: '14:00', end: '11:00' }]));
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['shiftsOn.0.end', "L'heure de fin doit être après l'heure de début."]]);
  });

  it('refuses a negative purchase price with its own message', () => {
    const refused = parse((v) => (v.purchase_price = '-2'));
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['purchase_price', "Le prix d'achat ne peut pas être négatif."]]);
  });
});

describe('new product defaults', () => {
  it("takes the franchise's default printer and cook", () => {
    expect(newProductKitchen({ newProductDefaultPrinter: 2, newProductCook: true })).toEqual({ printer: 2, cook: true });
    expect(newProductKitchen({ newProductDefaultPrinter: 0 })).toEqual({ printer: 0, cook: false });
    expect(newProductKitchen(undefined)).toEqual({ printer: 0, cook: false });
  });

  it('saves a new product with them, the platform price and the unit defaults', () => {
    const form = productFormValues(null, 1, { newProductDefaultPrinter: 2, newProductCook: true });
    form.name = 'Wrap';
    const { document, index } = saveProduct(doc, null, { ...form, idCat: 1 });
    const created = document.items[index]!;
    expect(created).toMatchObject({ name: 'Wrap', printer: 2, cook: true, price_platform: 9.9, unit: 'piece', price_type: 'per_piece', many_type: true, many_size: false });
    expect(created).not.toHaveProperty('allSizes');
  });

  it('without franchise settings, no printer and not cooked', () => {
    const form = productFormValues(null, 1, null);
    form.name = 'Wrap';
    const created = saveProduct(doc, null, { ...form, idCat: 1 }).document.items[1]!;
    expect(created).not.toHaveProperty('printer');
    expect(created.cook).toBeUndefined();
  });
});

describe('sizes and translations', () => {
  it('shows the ten default sizes when the product has none', () => {
    const rows = sizeRowsOf(null);
    expect(rows).toHaveLength(10);
    expect(rows[0]).toEqual({ id_size: 1, name_size: 'junior', label_size: 'Taille 1', size_enabled: false, price: '', price_sp: '' });
    expect(rows.map((r) => r.name_size)).toEqual(['junior', 'senior', 'mega', 'size1', 'size2', 'size3', 'size4', 'size5', 'size6', 'size7']);
  });

  it('appends only enabled or priced sizes', () => {
    const rows = sizeRowsOf(null);
    rows[2]!.size_enabled = true;
    const { allSizes, rowOf } = writeSizes(undefined, rows);
    expect(allSizes).toEqual([{ id_size: 3, name_size: 'mega', label_size: 'Taille 3', size_enabled: true, price: 0, price_sp: 0, tariff: 1 }]);
    expect(rowOf).toEqual([2]);
  });

  it("labels a new size with the franchise's label, and keeps a stored one's label", () => {
    const stored = [
      { id_size: 1, name_size: 'junior', label_size: 'Taille 1', size_enabled: true, tariff: 1, price: 9, price_sp: 9 },
      { id_size: 2, name_size: 'senior', size_enabled: true, tariff: 1, price: 12, price_sp: 12 },
    ];
    const rows = sizeRowsOf({ ...burger, allSizes: stored });
    rows[0]!.price = '9,50';
    rows[1]!.price = '13';
    rows[2]!.size_enabled = true;
    const { allSizes, rowOf } = writeSizes(stored, rows, { 1: 'Petit', 2: 'Moyen', 3: 'Grand' });
    expect(allSizes).toEqual([
      { id_size: 1, name_size: 'junior', label_size: 'Taille 1', size_enabled: true, tariff: 1, price: 9.5, price_sp: 9 },
      // A stored entry without a label takes the franchise's once changed.
      { id_size: 2, name_size: 'senior', label_size: 'Moyen', size_enabled: true, tariff: 1, price: 13, price_sp: 12 },
      { id_size: 3, name_size: 'mega', label_size: 'Grand', size_enabled: true, price: 0, price_sp: 0, tariff: 1 },
    ]);
    expect(rowOf).toEqual([0, 1, 2]);
  });

  it('leaves a stored size the user did not change exactly as stored', () => {
    const stored = [{ id_size: 1, name_size: 'junior', size_enabled: true, tariff: 1, price: '9.9', price_sp: 9 }];
    const rows = sizeRowsOf({ ...burger, allSizes: stored });
    const { allSizes, rowOf } = writeSizes(stored, rows, { 1: 'Petit' });
    expect(allSizes).toEqual(stored);
    expect(allSizes[0]).toBe(stored[0]);
    expect(rowOf).toEqual([0]);
  });

  it("passes the franchise's labels from the form values to the saved product", () => {
    const values = valuesOf(burger, (v) => {
      v.many_size = true;
      v.sizes[1]!.size_enabled = true;
    });
    const saved = saveProduct(doc, 'p-1', { ...values, sizeLabels: { 1: 'Petit', 2: 'Moyen' } }).document.items[0]!;
    expect(saved.allSizes).toEqual([...burger.allSizes!, { id_size: 2, name_size: 'senior', label_size: 'Moyen', size_enabled: true, price: 0, price_sp: 0, tariff: 1 }]);
  });

  it('leaves an empty translation out, and keeps an existing one', () => {
    expect(writeTranslations([], { en: { name: '', description: '', description_ubereat: '' } })).toEqual([]);
    expect(writeTranslations([{ langue: 'en', name: 'Old', extra: 1 }], { en: { name: '', description: '', description_ubereat: '' } })).toEqual([
      { langue: 'en', name: '', description: '', description_ubereat: '', extra: 1 },
    ]);
  });
});

describe('server errors on the form', () => {
  const failure = (errors: { location: string; message: string }[], sizeRowOf?: (number | null)[]) => ({
    error: new ApiError(422, { status: 422, title: 'Unprocessable Entity', detail: errors[0]!.message, errors }),
    index: 0,
    cellOf: ['t1o1'],
    sizeRowOf,
  });

  it('puts allSizes[k] and purchase_price errors on their fields', () => {
    const placed: [string, string][] = [];
    const rest = placeErrors(
      failure(
        [
          { location: 'body.items[0].allSizes[1].price', message: "La valeur du prix x1 d'article Burger n'est pas valide" },
          { location: 'body.items[0].allSizes[2].price_sp', message: 'sp' },
          { location: 'body.items[0].purchase_price', message: "la valeur du prix d'achat -2 n'est pas valide" },
          { location: 'body.items[0].prices[0].price', message: 'grille' },
          { location: 'body.items[0].allSizes[0].price', message: 'autre tarif' },
          { location: 'body.items[3].name', message: 'ailleurs' },
        ],
        [null, 0, 4],
      ),
      (field, message) => placed.push([field, message]),
    );
    expect(placed).toEqual([
      ['sizes.0.price', "La valeur du prix x1 d'article Burger n'est pas valide"],
      ['sizes.4.price_sp', 'sp'],
      ['purchase_price', "la valeur du prix d'achat -2 n'est pas valide"],
      ['prices.t1o1', 'grille'],
    ]);
    expect(rest).toEqual(['autre tarif', 'ailleurs']);
    expect(placed.map(([field]) => tabOf(field))).toEqual(['prices', 'prices', 'general', 'prices']);
  });
});

describe('image files', () => {
  it('refuses other types and files above 2 Mo before uploading', () => {
    expect(imageFileError({ type: 'image/gif', size: 10 })).toBe('Format non accepté : choisissez une image PNG, JPEG ou WebP.');
    expect(imageFileError({ type: 'image/png', size: 3 * 1024 * 1024 })).toBe('Image trop lourde (3,0 Mo) : 2 Mo au plus.');
    expect(imageFileError({ type: 'image/webp', size: 2 * 1024 * 1024 })).toBeNull();
  });
});
