import { describe, expect, it } from 'vitest';
import {
  basisPointsText,
  centsText,
  codeState,
  conditionsText,
  daysText,
  effectText,
  formatRate,
  frenchClock,
  generateCode,
  parseBasisPoints,
  parseCents,
  quotaText,
  usageText,
  CODE_PATTERN,
} from './amounts';
import { discountBody, discountFormValues, discountSchema, newPromoCodeBody, promoCodeChange, promoCodeFormValues, promoCodeSchema, RESTAURANTS_REQUIRED_TEXT } from './schemas';
import type { Discount } from './types';

const NBSP = '\u00a0';
/** Intl's French layout, spaces made plain, to compare with readable strings. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

function discount(patch: Partial<Discount> = {}): Discount {
  return {
    id: 1,
    name: 'Bienvenue',
    kind: 'pourcentage',
    value: 1000,
    currency: '',
    automatic: false,
    stackable: false,
    active: true,
    startDate: '',
    endDate: '',
    rules: { target: 'order', targetIds: [], minBasketCents: 0, orderTypes: [], channels: [], restaurants: [], days: [], startTime: '', endTime: '' },
    ownerRestaurantId: 0,
    version: 3,
    codes: 1,
    createdAt: '2026-11-01T10:00:00Z',
    updatedAt: '2026-11-01T10:00:00Z',
    ...patch,
  };
}

describe('typing amounts and percentages the French way', () => {
  it.each([
    ['12,50', 1250],
    ['12,5', 1250],
    ['12.5', 1250],
    ['12', 1200],
    [' 1 234,50 ', 123450],
    ['1\u202f234,5', 123450],
    [',5', 50],
    ['2,00 €', 200],
    ['0', 0],
  ])('« %s » is %i cents', (text, cents) => expect(parseCents(text)).toBe(cents));

  it.each(['', 'abc', '12,505', '-3', '1,2,3', '12 euros'])('« %s » is not an amount', (text) => expect(parseCents(text)).toBeNull());

  it.each([
    ['10', 1000],
    ['12,5', 1250],
    ['12,5 %', 1250],
    ['0,01', 1],
    ['100', 10000],
  ])('« %s » % is %i basis points', (text, bp) => expect(parseBasisPoints(text)).toBe(bp));

  it('rejects a third decimal rather than rounding it away', () => expect(parseBasisPoints('12,345')).toBeNull());

  it('writes them back for editing', () => {
    expect(centsText(1250)).toBe('12,50');
    expect(centsText(200)).toBe('2,00');
    expect(basisPointsText(1250)).toBe('12,5');
    expect(basisPointsText(1000)).toBe('10');
    expect(formatRate(1500)).toBe(`15${NBSP}%`);
  });
});

describe('summaries', () => {
  it('says what a discount takes off, in clear French', () => {
    expect(plain(effectText(discount()))).toBe('10 % sur la commande');
    expect(plain(effectText(discount({ kind: 'montant', value: 200, currency: 'EUR', rules: { target: 'categories', targetIds: ['a', 'b'] } })))).toBe('2,00 € sur 2 catégories');
    expect(plain(effectText(discount({ kind: 'montant', value: 350, currency: 'CHF', rules: { target: 'products', targetIds: ['p'] } })))).toBe('3,50 CHF sur 1 produit');
  });

  it('writes days, hours and dates as a French cashier reads them', () => {
    expect(daysText([1, 2, 3, 4, 5])).toBe('du lundi au vendredi');
    expect(daysText([6, 7])).toBe('samedi et dimanche');
    expect(daysText([1, 3, 5])).toBe('lundi, mercredi et vendredi');
    expect(daysText([])).toBe('tous les jours');
    expect(frenchClock('15:00')).toBe(`15${NBSP}h`);
    expect(frenchClock('09:30')).toBe(`9${NBSP}h${NBSP}30`);
  });

  it('lists the conditions, none for an unconditional discount', () => {
    expect(conditionsText(discount())).toEqual([]);
    const lunch = discount({
      kind: 'montant',
      value: 200,
      currency: 'EUR',
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      rules: { target: 'order', minBasketCents: 1500, orderTypes: [2], channels: ['borne', 'clickncollect'], days: [1, 2, 3, 4, 5], startTime: '22:00', endTime: '02:00', restaurants: [7] },
    });
    expect(conditionsText(lunch, (id) => (id === 7 ? 'Bastille' : '?')).map(plain)).toEqual([
      'Panier minimum de 15,00 €',
      'À emporter',
      'Borne et Click & Collect',
      'Du lundi au vendredi',
      'De 22 h à 2 h',
      'Du 01/12/2026 au 31/12/2026',
      'Bastille',
    ]);
  });

  it('counts a code’s uses against its quota', () => {
    expect(plain(usageText({ used: 12, maxUses: 1000 }))).toBe('12 / 1 000');
    expect(usageText({ used: 3, maxUses: 0 })).toBe('3 / illimité');
    expect(quotaText(1)).toBe('Usage unique');
    expect(quotaText(0)).toBe('Illimité');
    const open = { active: true, used: 0, maxUses: 1, validFrom: '', validUntil: '' };
    expect(codeState(open, '2026-12-01')).toBe('open');
    expect(codeState({ ...open, used: 1 }, '2026-12-01')).toBe('exhausted');
    expect(codeState({ ...open, validUntil: '2026-11-30' }, '2026-12-01')).toBe('expired');
    expect(codeState({ ...open, validFrom: '2026-12-02' }, '2026-12-01')).toBe('upcoming');
    expect(codeState({ ...open, active: false }, '2026-12-01')).toBe('inactive');
  });

  it('generates codes the server accepts, prefixed by the discount’s name', () => {
    const zeros = (n: number) => new Uint8Array(n);
    expect(generateCode('Été à 20 %', zeros)).toBe('ETEA20-AAAAA');
    expect(generateCode('', zeros)).toBe('PROMO-AAAAA');
    for (let i = 0; i < 50; i++) expect(generateCode('Happy hour borne à volonté')).toMatch(CODE_PATTERN);
  });
});

describe('the discount form', () => {
  const schema = discountSchema({ restaurantsRequired: false });
  const errorsOf = (values: ReturnType<typeof discountFormValues>, s = schema) => {
    const r = s.safeParse(values);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), plain(i.message)]));
  };

  it('sends cents and basis points, sorted lists and the version’s read-only fields', () => {
    const form = { ...discountFormValues(undefined, 'EUR'), name: ' Midi ', kind: 'montant' as const, valueText: '2,5' };
    form.rules = { ...form.rules, minBasketText: '15', orderTypes: [3, 2], days: [5, 1], startTime: '11:30', endTime: '14:30' };
    expect(errorsOf(form)).toEqual({});
    const body = discountBody(form, discount({ version: 7 }));
    expect(body).toMatchObject({ id: 1, name: 'Midi', kind: 'montant', value: 250, currency: 'EUR', version: 7 });
    expect(body.rules).toMatchObject({ target: 'order', targetIds: [], minBasketCents: 1500, orderTypes: [2, 3], days: [1, 5], startTime: '11:30', endTime: '14:30' });
    const percent = discountBody({ ...form, kind: 'pourcentage', valueText: '12,5' });
    expect([percent.value, percent.currency]).toEqual([1250, '']);
  });

  it('reads a stored discount back as the user typed it', () => {
    const v = discountFormValues(discount({ kind: 'montant', value: 1250, currency: 'CHF', rules: { target: 'products', targetIds: ['p1'], minBasketCents: 990 } }), 'EUR');
    expect([v.valueText, v.currency, v.rules.minBasketText, v.rules.target]).toEqual(['12,50', 'CHF', '9,90', 'products']);
  });

  it('says in French what the server would refuse', () => {
    const base = discountFormValues(undefined, 'EUR');
    expect(errorsOf({ ...base, valueText: '10' })).toEqual({ name: 'Le nom de la réduction est obligatoire.' });
    expect(errorsOf({ ...base, name: 'X', valueText: '150' })).toEqual({ valueText: 'Le pourcentage doit être compris entre 0,01 % et 100 %.' });
    expect(errorsOf({ ...base, name: 'X', valueText: 'dix' })).toEqual({ valueText: 'Saisissez un pourcentage, par exemple 12,5.' });
    expect(errorsOf({ ...base, name: 'X', kind: 'montant', valueText: '0' })).toEqual({ valueText: 'Le montant de la réduction doit être positif.' });
    expect(errorsOf({ ...base, name: 'X', valueText: '10', rules: { ...base.rules, target: 'categories' } })).toEqual({ 'rules.targetIds': 'Choisissez au moins une catégorie.' });
    expect(errorsOf({ ...base, name: 'X', valueText: '10', rules: { ...base.rules, startTime: '11:00' } })).toEqual({ 'rules.endTime': "Donnez l'heure de début et l'heure de fin, ou aucune des deux." });
    expect(errorsOf({ ...base, name: 'X', valueText: '10', startDate: '2026-12-10', endDate: '2026-12-01' })).toEqual({ endDate: 'La date de fin doit suivre la date de début.' });
    expect(errorsOf({ ...base, name: 'X', valueText: '10' }, discountSchema({ restaurantsRequired: true }))).toEqual({ 'rules.restaurants': plain(RESTAURANTS_REQUIRED_TEXT) });
  });
});

describe('the promo code form', () => {
  const errorsOf = (values: ReturnType<typeof promoCodeFormValues>, used = 0) => {
    const r = promoCodeSchema(used).safeParse(values);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), plain(i.message)]));
  };

  it('normalises the code and counts the quota as the API does', () => {
    const form = { ...promoCodeFormValues(undefined, 4), code: 'noel 2026' };
    expect(errorsOf(form)).toEqual({});
    expect(newPromoCodeBody(form)).toMatchObject({ code: 'NOEL2026', discountId: 4, maxUses: 100, perCustomer: 0, active: true });
    expect(promoCodeChange({ ...form, quota: 'single' }).maxUses).toBe(1);
    expect(promoCodeChange({ ...form, quota: 'unlimited', perCustomerText: '2' })).toMatchObject({ maxUses: 0, perCustomer: 2 });
  });

  it('refuses a bad code, a missing discount and a quota under the uses made', () => {
    const form = promoCodeFormValues(undefined, 0);
    expect(errorsOf({ ...form, code: 'é!' })).toMatchObject({
      code: 'Le code doit compter de 3 à 32 caractères : lettres sans accent, chiffres, « - » ou « _ ».',
      discountId: 'Choisissez la réduction que le code accorde.',
    });
    expect(errorsOf({ ...form, code: 'MIDI2', discountId: 2, maxUsesText: '5' }, 12)).toEqual({ maxUsesText: 'Le quota ne peut pas être inférieur aux 12 utilisations déjà faites.' });
  });
});
