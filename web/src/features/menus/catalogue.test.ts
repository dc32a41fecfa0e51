import { describe, expect, it } from 'vitest';
import {
  applyPrice,
  dispositionFileName,
  exportedName,
  filterProducts,
  groupTargets,
  negativePriceError,
  parseAmount,
  previewPrices,
  priceBody,
  priceChangeError,
  singlePriceBody,
} from './catalogue';
import type { Campaign, CatalogueProduct } from './types';

function carte(id: number, version: number, nom = `Carte ${id}`): Campaign {
  return {
    id,
    franchiseId: 1,
    nom,
    url: `${nom}.json`,
    isPrincipal: id === 1,
    dateDebut: '',
    dateFin: '',
    isPeriodic: false,
    campagneDates: [],
    removed: false,
    version,
    createdAt: '2026-11-01T10:00:00Z',
    updatedAt: '2026-11-20T10:00:00Z',
    updatedBy: 'Brigade',
  };
}

function product(campaignId: number, idGlobal: string, name: string, price = 9.9, category = 'Burgers'): CatalogueProduct {
  return {
    campaignId,
    idGlobal,
    id: 1,
    name,
    idCat: 1,
    categoryIdGlobal: 'cat-1',
    category,
    path: '',
    prices: [
      { tariff: 1, typeOrder: 1, price },
      { tariff: 1, typeOrder: 2, price: price + 1 },
    ],
    flags: { hidden: false, sold_out: false },
  };
}

const cartes = [carte(1, 7), carte(2, 3)];

describe('bulk price preview (cents-exact)', () => {
  it('rounds a percentage half away from zero to the cent', () => {
    expect(applyPrice(9.9, 'percent', 10)).toBe(10.89);
    expect(applyPrice(11.4, 'percent', 10)).toBe(12.54);
    // 0,05 € × 1,5 = 0,075 → 0,08 (not 0,07 as float rounding would give).
    expect(applyPrice(0.05, 'percent', 50)).toBe(0.08);
    expect(applyPrice(0.05, 'percent', -150)).toBe(-0.03);
    expect(applyPrice(10, 'percent', -12.5)).toBe(8.75);
  });

  it('adds and sets amounts to the cent, a missing price counting as 0', () => {
    expect(applyPrice(9.9, 'add', 0.5)).toBe(10.4);
    expect(applyPrice(0.1, 'add', 0.2)).toBe(0.3);
    expect(applyPrice(9.9, 'add', -10)).toBe(-0.1);
    expect(applyPrice(null, 'add', 2)).toBe(2);
    expect(applyPrice(9.9, 'set', 12)).toBe(12);
    expect(applyPrice(null, 'set', 1.005)).toBe(1.01);
  });

  it('reads French amounts', () => {
    expect(parseAmount('0,50')).toBe(0.5);
    expect(parseAmount('-5')).toBe(-5);
    expect(parseAmount(' 10 ')).toBe(10);
    expect(parseAmount('dix')).toBeNaN();
    expect(parseAmount('')).toBeNaN();
  });

  it('previews every chosen cell and names the first price that would become negative', () => {
    const rows = previewPrices([product(1, 'p-1', 'Le Classique', 9.11)], { mode: 'add', value: '-18,22', tariffs: [1], orderTypes: [1, 2] });
    expect(rows[0]?.cells).toEqual([
      { tariff: 1, typeOrder: 1, before: 9.11, after: -9.11 },
      { tariff: 1, typeOrder: 2, before: 10.11, after: -8.11 },
    ]);
    expect(negativePriceError(rows)).toBe("La valeur du prix -9.11 dans le tarif 1 pour Sur Place du produit Le Classique n'est pas valide");
    expect(negativePriceError(previewPrices([product(1, 'p-1', 'A')], { mode: 'percent', value: '10', tariffs: [1], orderTypes: [1] }))).toBeNull();
  });

  it('refuses a value that is not a number, a negative fixed price and an empty choice', () => {
    const ok = { mode: 'set' as const, value: '9,90', tariffs: [1], orderTypes: [1] };
    expect(priceChangeError(ok)).toBeNull();
    expect(priceChangeError({ ...ok, value: 'abc' })).toBe("Cette valeur n'est pas un nombre.");
    expect(priceChangeError({ ...ok, value: '-1' })).toBe('Un prix ne peut pas être négatif.');
    expect(priceChangeError({ ...ok, mode: 'add', value: '-1' })).toBeNull();
    expect(priceChangeError({ ...ok, tariffs: [] })).toBe('Choisissez au moins un tarif.');
    expect(priceChangeError({ ...ok, orderTypes: [] })).toBe('Choisissez au moins un type de commande.');
  });
});

describe('bulk targets', () => {
  it('groups the selection into one target per carte with the version read', () => {
    const selection = [product(2, 'p-9', 'Tacos'), product(1, 'p-1', 'Burger'), product(2, 'p-8', 'Wrap'), product(1, 'p-2', 'Frites')];
    expect(groupTargets(selection, cartes)).toEqual([
      { campaignId: 1, version: 7, idGlobals: ['p-1', 'p-2'] },
      { campaignId: 2, version: 3, idGlobals: ['p-9', 'p-8'] },
    ]);
  });

  it('keeps the same idGlobal apart in two cartes', () => {
    expect(groupTargets([product(1, 'p-1', 'Burger'), product(2, 'p-1', 'Burger')], cartes)).toEqual([
      { campaignId: 1, version: 7, idGlobals: ['p-1'] },
      { campaignId: 2, version: 3, idGlobals: ['p-1'] },
    ]);
  });

  it('builds the inline edit and dialog bodies', () => {
    expect(singlePriceBody(product(2, 'p-9', 'Tacos'), cartes, 3, 5, ' 12,50 ')).toEqual({
      targets: [{ campaignId: 2, version: 3, idGlobals: ['p-9'] }],
      price: { mode: 'set', value: '12,50', tariffs: [3], orderTypes: [5] },
    });
    expect(priceBody([product(1, 'p-1', 'Burger')], cartes, { mode: 'percent', value: '10', tariffs: [3, 1], orderTypes: [5, 1, 2] }).price).toEqual({
      mode: 'percent',
      value: '10',
      tariffs: [1, 3],
      orderTypes: [1, 2, 5],
    });
  });
});

describe('filters and files', () => {
  it('filters by name without accents, carte and category', () => {
    const items = [product(1, 'p-1', 'Crème brûlée', 5, 'Desserts'), product(2, 'p-2', 'Burger'), product(1, 'p-3', 'Cheese burger')];
    expect(filterProducts(items, { query: 'creme', campaignId: 0, category: '' }).map((p) => p.idGlobal)).toEqual(['p-1']);
    expect(filterProducts(items, { query: 'BURGER', campaignId: 1, category: '' }).map((p) => p.idGlobal)).toEqual(['p-3']);
    expect(filterProducts(items, { query: '', campaignId: 0, category: 'Burgers' }).map((p) => p.idGlobal)).toEqual(['p-2', 'p-3']);
  });

  it('reads the file name of an export and the carte name it carries', () => {
    expect(dispositionFileName('attachment; filename="Carte été.json"')).toBe('Carte été.json');
    expect(dispositionFileName("attachment; filename*=UTF-8''Carte%20%C3%A9t%C3%A9.json")).toBe('Carte été.json');
    expect(dispositionFileName(null)).toBeNull();
    expect(exportedName({ nom: ' Carte été ', orderJson: {} })).toBe('Carte été');
    expect(exportedName({ categories: [] })).toBe('');
    expect(exportedName([1])).toBe('');
  });
});
