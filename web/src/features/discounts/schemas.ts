// zod/mini, as the rest of the app: the discount form's checks, the same as the server's
// (internal/discounts: normalize), so most mistakes are told before asking. The server stays the
// authority (restaurants of the user's scope, unknown ids): its field errors land on the same fields.
import * as z from 'zod/mini';
import type { FieldPath } from 'react-hook-form';
import { CODE_PATTERN, CODE_RULE_TEXT, basisPointsText, centsText, normaliseCode, parseBasisPoints, parseCents } from './amounts';
import type { Discount, PromoCode, PromoCodeChange } from './types';

export const MAX_NAME = 120;

const rules = z.object({
  target: z.enum(['order', 'categories', 'products']),
  targetIds: z.array(z.string()),
  minBasketText: z.string(),
  orderTypes: z.array(z.number()),
  channels: z.array(z.string()),
  restaurants: z.array(z.number()),
  days: z.array(z.number()),
  startTime: z.string(),
  endTime: z.string(),
});

const fields = {
  name: z.string(),
  kind: z.enum(['pourcentage', 'montant']),
  valueText: z.string(),
  currency: z.string(),
  automatic: z.boolean(),
  stackable: z.boolean(),
  active: z.boolean(),
  startDate: z.string(),
  endDate: z.string(),
  rules,
};

export interface DiscountSchemaOptions {
  /** A moderator or restaurant login: only an admin defines discounts for the whole franchise. */
  restaurantsRequired: boolean;
}

export const RESTAURANTS_REQUIRED_TEXT =
  "Choisissez le ou les restaurants où s'applique la réduction : seul un administrateur définit celles de toute la franchise.";
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

export function discountSchema({ restaurantsRequired }: DiscountSchemaOptions) {
  return z.object(fields).check(
    z.superRefine((v, ctx) => {
      const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message, input: v });
      const name = v.name.trim();
      if (!name) issue(['name'], 'Le nom de la réduction est obligatoire.');
      else if ([...name].length > MAX_NAME) issue(['name'], `Le nom de la réduction ne doit pas dépasser ${MAX_NAME} caractères.`);

      if (v.kind === 'pourcentage') {
        const bp = parseBasisPoints(v.valueText);
        if (bp === null) issue(['valueText'], 'Saisissez un pourcentage, par exemple 12,5.');
        else if (bp <= 0 || bp > 10000) issue(['valueText'], 'Le pourcentage doit être compris entre 0,01 % et 100 %.');
      } else {
        const cents = parseCents(v.valueText);
        if (cents === null) issue(['valueText'], 'Saisissez un montant, par exemple 12,50.');
        else if (cents <= 0) issue(['valueText'], 'Le montant de la réduction doit être positif.');
        if (!/^[A-Za-z]{3}$/.test(v.currency.trim())) issue(['currency'], 'La devise doit être un code ISO à trois lettres (EUR, CHF…).');
      }

      if (v.startDate && v.endDate && v.endDate < v.startDate) issue(['endDate'], 'La date de fin doit suivre la date de début.');

      const r = v.rules;
      if (r.target === 'categories' && r.targetIds.length === 0) issue(['rules', 'targetIds'], 'Choisissez au moins une catégorie.');
      if (r.target === 'products' && r.targetIds.length === 0) issue(['rules', 'targetIds'], 'Choisissez au moins un produit.');
      if (r.minBasketText.trim() && parseCents(r.minBasketText) === null) {
        issue(['rules', 'minBasketText'], 'Saisissez un montant, par exemple 15,00.');
      }
      if (Boolean(r.startTime) !== Boolean(r.endTime)) {
        issue(['rules', r.startTime ? 'endTime' : 'startTime'], "Donnez l'heure de début et l'heure de fin, ou aucune des deux.");
      } else if (r.startTime) {
        if (!CLOCK.test(r.startTime)) issue(['rules', 'startTime'], "L'heure de début doit être au format HH:MM.");
        else if (!CLOCK.test(r.endTime)) issue(['rules', 'endTime'], "L'heure de fin doit être au format HH:MM.");
        else if (r.startTime === r.endTime) issue(['rules', 'endTime'], "L'heure de fin doit différer de l'heure de début.");
      }
      if (restaurantsRequired && r.restaurants.length === 0) issue(['rules', 'restaurants'], RESTAURANTS_REQUIRED_TEXT);
    }),
  );
}

export type DiscountForm = z.infer<ReturnType<typeof discountSchema>>;

/** The form fields a server problem may point at (`body.<name>`), and the body fields typed under another name. */
export const discountFieldNames: readonly FieldPath<DiscountForm>[] = [
  'name', 'kind', 'valueText', 'currency', 'startDate', 'endDate',
  'rules.target', 'rules.targetIds', 'rules.minBasketText', 'rules.orderTypes', 'rules.channels',
  'rules.restaurants', 'rules.days', 'rules.startTime', 'rules.endTime',
];
export const discountRenamedFields: Readonly<Record<string, FieldPath<DiscountForm>>> = {
  value: 'valueText',
  'rules.minBasketCents': 'rules.minBasketText',
};

/** The starting values: a new discount (in the franchise's currency), or the one being edited. */
export function discountFormValues(d: Discount | undefined, currency: string): DiscountForm {
  const r = d?.rules ?? {};
  const kind = d?.kind ?? 'pourcentage';
  return {
    name: d?.name ?? '',
    kind,
    valueText: d ? (kind === 'pourcentage' ? basisPointsText(d.value) : centsText(d.value)) : '',
    currency: d?.currency || currency,
    automatic: d?.automatic ?? false,
    stackable: d?.stackable ?? false,
    active: d?.active ?? true,
    startDate: d?.startDate ?? '',
    endDate: d?.endDate ?? '',
    rules: {
      target: r.target || 'order',
      targetIds: [...(r.targetIds ?? [])],
      minBasketText: r.minBasketCents ? centsText(r.minBasketCents) : '',
      orderTypes: [...(r.orderTypes ?? [])],
      channels: [...(r.channels ?? [])],
      restaurants: [...(r.restaurants ?? [])],
      days: [...(r.days ?? [])],
      startTime: r.startTime ?? '',
      endTime: r.endTime ?? '',
    },
  };
}

const sorted = <T extends number | string>(list: readonly T[]) => [...new Set(list)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * The body of a POST or PUT from checked form values: cents and basis points, sorted lists, no
 * currency on a percentage. The read-only fields travel back as they were read (the server ignores them).
 */
export function discountBody(form: DiscountForm, loaded?: Discount): Discount {
  const percent = form.kind === 'pourcentage';
  const value = (percent ? parseBasisPoints(form.valueText) : parseCents(form.valueText)) ?? 0;
  const r = form.rules;
  return {
    ...(loaded ? { id: loaded.id } : {}),
    name: form.name.trim(),
    kind: form.kind,
    value,
    currency: percent ? '' : form.currency.trim().toUpperCase(),
    automatic: form.automatic,
    stackable: form.stackable,
    active: form.active,
    startDate: form.startDate,
    endDate: form.endDate,
    rules: {
      target: r.target,
      targetIds: r.target === 'order' ? [] : [...new Set(r.targetIds)],
      minBasketCents: r.minBasketText.trim() ? (parseCents(r.minBasketText) ?? 0) : 0,
      orderTypes: sorted(r.orderTypes),
      channels: sorted(r.channels),
      restaurants: sorted(r.restaurants),
      days: sorted(r.days),
      startTime: r.startTime,
      endTime: r.startTime ? r.endTime : '',
    },
    codes: loaded?.codes ?? 0,
    createdAt: loaded?.createdAt ?? new Date(0).toISOString(),
    updatedAt: loaded?.updatedAt ?? new Date(0).toISOString(),
    ownerRestaurantId: loaded?.ownerRestaurantId ?? 0,
    version: loaded?.version ?? 0,
  };
}

// ---- promo codes ----

export const QUOTA_MODES = ['unlimited', 'single', 'limited'] as const;

const codeFields = {
  code: z.string(),
  discountId: z.number(),
  quota: z.enum(QUOTA_MODES),
  maxUsesText: z.string(),
  perCustomerText: z.string(),
  validFrom: z.string(),
  validUntil: z.string(),
  active: z.boolean(),
};

const COUNT = /^\d{1,9}$/;

/** The code dialog's checks (the server's: discounts.PromoCode.normalize), `used` the uses so far when editing. */
export function promoCodeSchema(used = 0) {
  return z.object(codeFields).check(
    z.superRefine((v, ctx) => {
      const issue = (path: keyof typeof codeFields, message: string) => ctx.addIssue({ code: 'custom', path: [path], message, input: v[path] });
      if (!CODE_PATTERN.test(normaliseCode(v.code))) issue('code', `Le code doit compter ${CODE_RULE_TEXT.charAt(0).toLowerCase()}${CODE_RULE_TEXT.slice(1)}`);
      if (!v.discountId) issue('discountId', 'Choisissez la réduction que le code accorde.');
      if (v.quota === 'limited') {
        const text = v.maxUsesText.replace(SPACE, '');
        if (!COUNT.test(text) || Number(text) < 1) issue('maxUsesText', "Saisissez un nombre d'utilisations, par exemple 100.");
        else if (Number(text) < used) issue('maxUsesText', `Le quota ne peut pas être inférieur aux ${used} utilisations déjà faites.`);
      }
      const per = v.perCustomerText.replace(SPACE, '');
      if (per && !COUNT.test(per)) issue('perCustomerText', 'Saisissez un nombre entier, ou laissez vide pour illimité.');
      if (v.validFrom && v.validUntil && v.validUntil < v.validFrom) issue('validUntil', 'La date de fin doit suivre la date de début.');
    }),
  );
}

const SPACE = /[\s\u00a0\u202f]/g;

export type PromoCodeForm = z.infer<ReturnType<typeof promoCodeSchema>>;

export const promoCodeFieldNames: readonly FieldPath<PromoCodeForm>[] = ['code', 'discountId', 'maxUsesText', 'perCustomerText', 'validFrom', 'validUntil'];
export const promoCodeRenamedFields: Readonly<Record<string, FieldPath<PromoCodeForm>>> = { maxUses: 'maxUsesText', perCustomer: 'perCustomerText' };

export function promoCodeFormValues(c?: PromoCode, discountId = 0): PromoCodeForm {
  const max = c?.maxUses ?? 0;
  return {
    code: c?.code ?? '',
    discountId: c?.discountId ?? discountId,
    quota: max === 0 ? (c ? 'unlimited' : 'limited') : max === 1 ? 'single' : 'limited',
    maxUsesText: max > 1 ? String(max) : c ? '' : '100',
    perCustomerText: c?.perCustomer ? String(c.perCustomer) : '',
    validFrom: c?.validFrom ?? '',
    validUntil: c?.validUntil ?? '',
    active: c?.active ?? true,
  };
}

/** The quota and limits of a checked form, as the API counts them (0: unlimited). */
export function promoCodeChange(form: PromoCodeForm): PromoCodeChange {
  const maxUses = form.quota === 'unlimited' ? 0 : form.quota === 'single' ? 1 : Number(form.maxUsesText.replace(SPACE, ''));
  const per = form.perCustomerText.replace(SPACE, '');
  return { maxUses, perCustomer: per ? Number(per) : 0, validFrom: form.validFrom, validUntil: form.validUntil, active: form.active };
}

/** The body of a new code. The read-only fields are the server's; they travel empty. */
export function newPromoCodeBody(form: PromoCodeForm): PromoCode {
  return {
    ...promoCodeChange(form),
    code: normaliseCode(form.code),
    discountId: form.discountId,
    id: 0,
    discountName: '',
    used: 0,
    createdAt: new Date(0).toISOString(),
  };
}
