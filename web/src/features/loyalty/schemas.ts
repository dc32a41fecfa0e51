// zod/mini, as the rest of the app: the loyalty forms' checks, the same as the server's
// (internal/loyalty: normalize), so most mistakes are told before asking. The server stays the
// authority: its field errors land on the same fields.
import * as z from 'zod/mini';
import type { FieldPath } from 'react-hook-form';
import type { EarnRule, Reward, Tier } from './types';

export const MAX_NAME = 80;

/** Reads a whole number typed in a field ('' or not a whole number: null). */
export function parseWhole(text: string): number | null {
  const t = text.replace(/[\s\u00a0\u202f]/g, '');
  if (!/^-?\d+$/.test(t)) return null;
  return Number(t);
}

/** Reads an amount typed in euros ('2,50', '2.5', '10') as cents; null when it is not one. */
export function parseCents(text: string): number | null {
  const t = text.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

/** Cents as the form shows them: 250 → '2,50', 1000 → '10'. */
export function centsText(cents: number | undefined | null): string {
  if (!cents) return '';
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2).replace('.', ',');
}

const CURRENCY = /^[A-Za-z]{3}$/;

function checkName(name: string, what: string, issue: (path: string[], message: string) => void) {
  const n = name.trim();
  if (!n) issue(['name'], `Le nom ${what} est obligatoire.`);
  else if ([...n].length > MAX_NAME) issue(['name'], `Le nom ${what} ne doit pas dépasser ${MAX_NAME} caractères.`);
}

const positive = (text: string) => {
  const n = parseWhole(text);
  return n !== null && n > 0;
};

// ---- rules ----

export const ruleSchema = z
  .object({
    name: z.string(),
    kind: z.enum(['visit', 'amount', 'product']),
    points: z.string(),
    perEuros: z.string(),
    currency: z.string(),
    productId: z.string(),
    active: z.boolean(),
  })
  .check(
    z.superRefine((v, ctx) => {
      const issue = (path: string[], message: string) => ctx.addIssue({ code: 'custom', path, message, input: v });
      checkName(v.name, 'de la règle', issue);
      if (!positive(v.points)) issue(['points'], 'Le nombre de points doit être positif.');
      if (v.kind === 'amount') {
        const c = parseCents(v.perEuros);
        if (c === null || c <= 0) issue(['perEuros'], 'Le montant par tranche doit être positif.');
        if (!CURRENCY.test(v.currency.trim())) issue(['currency'], 'La devise est obligatoire (code ISO à trois lettres, par exemple EUR).');
      }
      if (v.kind === 'product' && !v.productId.trim()) issue(['productId'], 'Choisissez le produit qui rapporte des points.');
    }),
  );

export type RuleForm = z.infer<typeof ruleSchema>;
// The server's perCents is the form's perEuros.
export const ruleFieldNames: readonly FieldPath<RuleForm>[] = ['name', 'kind', 'points', 'perEuros', 'currency', 'productId', 'active'];

export function ruleFormValues(r?: EarnRule | null): RuleForm {
  if (!r) return { name: '', kind: 'visit', points: '10', perEuros: '1', currency: 'EUR', productId: '', active: true };
  return { name: r.name, kind: r.kind, points: String(r.points), perEuros: centsText(r.perCents) || '1', currency: r.currency || 'EUR', productId: r.productId ?? '', active: r.active };
}

export function ruleBody(v: RuleForm): EarnRule {
  return {
    id: 0,
    version: 0,
    name: v.name.trim(),
    kind: v.kind,
    points: parseWhole(v.points) ?? 0,
    perCents: v.kind === 'amount' ? (parseCents(v.perEuros) ?? 0) : 0,
    currency: v.kind === 'amount' ? v.currency.trim().toUpperCase() : '',
    productId: v.kind === 'product' ? v.productId.trim() : '',
    active: v.active,
  };
}

// ---- tiers ----

export const tierSchema = z
  .object({ name: z.string(), minPoints: z.string(), perks: z.string() })
  .check(
    z.superRefine((v, ctx) => {
      const issue = (path: string[], message: string) => ctx.addIssue({ code: 'custom', path, message, input: v });
      checkName(v.name, 'du niveau', issue);
      const n = parseWhole(v.minPoints);
      if (n === null || n < 0) issue(['minPoints'], 'Le seuil de points ne peut pas être négatif.');
      if ([...v.perks.trim()].length > 500) issue(['perks'], 'Les avantages ne doivent pas dépasser 500 caractères.');
    }),
  );

export type TierForm = z.infer<typeof tierSchema>;
export const tierFieldNames: readonly FieldPath<TierForm>[] = ['name', 'minPoints', 'perks'];

export function tierFormValues(t?: Tier | null): TierForm {
  return t ? { name: t.name, minPoints: String(t.minPoints), perks: t.perks ?? '' } : { name: '', minPoints: '0', perks: '' };
}

export function tierBody(v: TierForm): Tier {
  return { id: 0, version: 0, name: v.name.trim(), minPoints: parseWhole(v.minPoints) ?? 0, perks: v.perks.trim() };
}

// ---- rewards ----

export const rewardSchema = z
  .object({
    name: z.string(),
    kind: z.enum(['product', 'discount']),
    costPoints: z.string(),
    productId: z.string(),
    discountId: z.string(),
    value: z.string(),
    currency: z.string(),
    active: z.boolean(),
  })
  .check(
    z.superRefine((v, ctx) => {
      const issue = (path: string[], message: string) => ctx.addIssue({ code: 'custom', path, message, input: v });
      checkName(v.name, 'de la récompense', issue);
      if (!positive(v.costPoints)) issue(['costPoints'], 'Le nombre de points doit être positif.');
      if (v.kind === 'product' && !v.productId.trim()) issue(['productId'], 'Choisissez le produit offert.');
      const cents = v.value.trim() ? parseCents(v.value) : 0;
      if (cents === null) issue(['value'], 'La valeur doit être un montant, par exemple 2,50.');
      if (cents && !CURRENCY.test(v.currency.trim())) issue(['currency'], 'La devise de la valeur est obligatoire (code ISO à trois lettres, par exemple EUR).');
      const discount = v.discountId.trim() ? parseWhole(v.discountId) : 0;
      if (discount === null || discount < 0) issue(['discountId'], 'Réduction inconnue.');
      if (v.kind === 'discount' && !cents && !discount) issue(['value'], "Une remise a besoin d'une valeur ou d'une réduction de la franchise.");
    }),
  );

export type RewardForm = z.infer<typeof rewardSchema>;
export const rewardFieldNames: readonly FieldPath<RewardForm>[] = ['name', 'kind', 'costPoints', 'productId', 'discountId', 'value', 'currency', 'active'];

export function rewardFormValues(w?: Reward | null): RewardForm {
  if (!w) return { name: '', kind: 'product', costPoints: '100', productId: '', discountId: '', value: '', currency: 'EUR', active: true };
  return {
    name: w.name,
    kind: w.kind,
    costPoints: String(w.costPoints),
    productId: w.productId ?? '',
    discountId: w.discountId ? String(w.discountId) : '',
    value: centsText(w.value?.cents),
    currency: w.value?.currency || 'EUR',
    active: w.active,
  };
}

export function rewardBody(v: RewardForm): Reward {
  const cents = v.value.trim() ? (parseCents(v.value) ?? 0) : 0;
  return {
    id: 0,
    version: 0,
    name: v.name.trim(),
    kind: v.kind,
    costPoints: parseWhole(v.costPoints) ?? 0,
    productId: v.kind === 'product' ? v.productId.trim() : '',
    discountId: v.kind === 'discount' ? (parseWhole(v.discountId) ?? 0) : 0,
    ...(cents > 0 ? { value: { cents, currency: v.currency.trim().toUpperCase() } } : {}),
    active: v.active,
  };
}
