import { describe, expect, it } from 'vitest';
import type { MenuDocument, MenuProduct } from './documentTypes';
import type { Promotion } from './familyTypes';
import {
  assignPromotion,
  newPromotion,
  productsWithPromotion,
  promotionFormValues,
  promotionSchema,
  removePromotion,
  savePromotion,
  type PromotionForm,
} from './promotionEdits';

const product = (id: number, promotions: unknown[] | undefined, extra: Partial<MenuProduct> = {}): MenuProduct => ({
  idGlobal: `p-${id}`,
  id,
  idCat: 1,
  name: `Produit ${id}`,
  position: id,
  // Older cartes may hold ids as text ('4'): the edits read them as numbers.
  ...(promotions ? { promotions: promotions as number[] } : {}),
  ...extra,
});

const promo: Promotion = { idGlobal: 'promo-a', id: 4, name: 'Midi', discount: '1.00', translation: [{ langue: 'en', name: 'Lunch' }], custom: 'kept' };

function doc(items: MenuProduct[], promotions: Promotion[] = [promo]): MenuDocument {
  return { categories: [], items, options: [], promotions, zones: [{ id: 1 }] };
}

const values = (over: Partial<PromotionForm> = {}): PromotionForm => ({
  name: 'Midi',
  name_promotion: '',
  discount: '',
  label_discount: '',
  quantity: '',
  size_product: '0',
  label_size_product: '',
  type_order: '0',
  description: '',
  text_promo: '',
  products: [],
  ...over,
});

describe('assignPromotion', () => {
  it('adds the id to chosen products, takes it out of the others and keeps their other fields', () => {
    const items = [product(1, [2], { best_sale: true }), product(2, [4, 7], { daily_stock: 3 }), product(3, undefined)];
    const next = assignPromotion(items, 4, new Set([1, 3]));
    expect(next[0]).toEqual({ ...items[0], promotions: [2, 4] });
    expect(next[1]).toEqual({ ...items[1], promotions: [7] });
    expect(next[2]!.promotions).toEqual([4]);
    expect(items[0]!.promotions).toEqual([2]);
  });

  it('leaves products already right as the same objects, and removed products as they are', () => {
    const items = [product(1, [4]), product(2, [4], { removed: true, removed_by_admin: true }), product(3, [])];
    const next = assignPromotion(items, 4, new Set([1]));
    expect(next[0]).toBe(items[0]);
    expect(next[1]).toBe(items[1]);
    expect(next[2]).toBe(items[2]);
  });

  it('reads ids stored as text', () => {
    const items = [product(1, ['4', 5])];
    expect(assignPromotion(items, 4, new Set())[0]!.promotions).toEqual([5]);
    expect(productsWithPromotion(doc(items), 4)).toEqual([1]);
  });
});

describe('savePromotion', () => {
  it('creates a promotion with the next id, a fresh idGlobal, not removed, and applies it to the chosen products', () => {
    const d = doc([product(1, []), product(2, [4])]);
    const { document, index, idGlobal } = savePromotion(d, null, values({ name: '  Étudiant ', discount: '2,5', quantity: '3', type_order: '2', size_product: '1', products: [1] }));
    const created = (document.promotions as Promotion[])[index]!;
    expect(index).toBe(1);
    expect(created).toMatchObject({ idGlobal, id: 5, name: 'Étudiant', discount: 2.5, quantity: 3, type_order: 2, size_product: 1, removed: false, removed_by_admin: false });
    expect(idGlobal).toMatch(/^promo-/);
    expect(idGlobal).not.toBe(promo.idGlobal);
    expect(document.items[0]!.promotions).toEqual([5]);
    expect(document.items[1]!.promotions).toEqual([4]);
    expect(document.zones).toEqual([{ id: 1 }]);
  });

  it('edits a promotion in place, keeping its unknown fields, and an empty discount is 0', () => {
    const d = doc([product(1, [4]), product(2, [])]);
    const { document, index } = savePromotion(d, 'promo-a', values({ name: 'Midi bis', discount: '', products: [2] }));
    const saved = (document.promotions as Promotion[])[index]!;
    expect(index).toBe(0);
    expect(saved).toMatchObject({ idGlobal: 'promo-a', id: 4, name: 'Midi bis', discount: 0, custom: 'kept', translation: promo.translation });
    expect(document.items.map((p) => p.promotions)).toEqual([[], [4]]);
  });

  it('first promotion of a carte without promotions gets id 1', () => {
    expect(newPromotion({ categories: [], items: [], options: [] }).id).toBe(1);
  });
});

describe('promotion form', () => {
  it('reads a stored promotion as text fields, with its products', () => {
    const v = promotionFormValues(doc([product(1, [4]), product(2, [])]), promo);
    expect(v).toMatchObject({ name: 'Midi', discount: '1,00', type_order: '0', size_product: '0', products: [1] });
  });

  it('refuses a negative or non-numeric discount and accepts a comma', () => {
    expect(promotionSchema.safeParse(values({ discount: '-1' })).success).toBe(false);
    expect(promotionSchema.safeParse(values({ discount: 'abc' })).success).toBe(false);
    expect(promotionSchema.safeParse(values({ discount: '1,5' })).success).toBe(true);
    expect(promotionSchema.safeParse(values({ quantity: '1.5' })).success).toBe(false);
  });
});

describe('removePromotion', () => {
  it('sets removed and removed_by_admin and leaves the products holding its id', () => {
    const d = doc([product(1, [4])]);
    const next = removePromotion(d, 'promo-a');
    expect((next.promotions as Promotion[])[0]).toEqual({ ...promo, removed: true, removed_by_admin: true });
    expect(next.items[0]!.promotions).toEqual([4]);
  });
});
