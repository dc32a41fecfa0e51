import type { EarnRule, LoyaltyMoney, Reward } from './types';

const integer = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

export const formatPoints = (n: number | null | undefined) => `${integer.format(n ?? 0)}\u00a0pt${Math.abs(n ?? 0) > 1 ? 's' : ''}`;

export const formatMoney = (m: LoyaltyMoney) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: m.currency }).format(m.cents / 100);

/** Basis points as a percentage: 4250 → « 42,5 % ». */
export const formatBasisPoints = (bp: number) => `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(bp / 100)}\u00a0%`;

export const RULE_KINDS: Record<EarnRule['kind'], string> = {
  visit: 'Par passage',
  amount: 'Par montant dépensé',
  product: 'Par produit acheté',
};

export const REWARD_KINDS: Record<Reward['kind'], string> = {
  product: 'Produit offert',
  discount: 'Remise',
};

export const ENTRY_KINDS: Record<string, string> = {
  earn: 'Gain',
  reverse: 'Reprise (remboursement)',
  redeem: 'Récompense',
  restore: 'Récompense rendue',
  adjust: 'Correction',
};

/** What a rule gives, in a sentence. */
export function ruleText(r: EarnRule): string {
  const pts = formatPoints(r.points);
  if (r.kind === 'visit') return `${pts} par commande payée`;
  if (r.kind === 'amount') return `${pts} par tranche de ${formatMoney({ cents: r.perCents ?? 0, currency: r.currency || 'EUR' })} dépensés`;
  return `${pts} par « ${r.productId ?? ''} » acheté`.replace('« ', '«\u00a0').replace(' »', '\u00a0»');
}
