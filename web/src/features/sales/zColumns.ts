import type { components } from '../../api/schema';
import { formatTaxRate } from '../reports/format';

export type ZRow = components['schemas']['ZRow'];

export type ZGroup = 'totals' | 'vat' | 'payments' | 'orders';

export const zGroups: readonly { id: ZGroup; label: string }[] = [
  { id: 'totals', label: 'Totaux' },
  { id: 'vat', label: 'TVA par taux' },
  { id: 'payments', label: 'Paiements' },
  { id: 'orders', label: 'Commandes' },
];

export interface ZColumn {
  id: string;
  label: string;
  /** What the column adds up, shown in the header's tooltip. */
  help: string;
  group: ZGroup;
  kind: 'money' | 'count';
  value: (row: ZRow) => number;
}

/** The VAT rates of the spec (§9), in basis points as the API keys them. */
export const VAT_RATES = [220, 250, 550, 770, 850, 1000, 2000] as const;

const payment = (row: ZRow, key: string) => row.payments[key] ?? 0;

/**
 * The Z columns, in order. Every amount is in cents and the identities hold to the cent:
 * Total plateforme comprise = Total TTC + Plateforme = CA HT + TVA = the sum of the payments;
 * TVA = the sum of the TVA by rate.
 */
export const zColumns: readonly ZColumn[] = [
  {
    id: 'totalWithPlatform',
    label: 'Total plateforme comprise',
    help: 'Total TTC des commandes payées, commandes plateforme comprises. = Total TTC + Plateforme = CA HT + TVA = somme des paiements.',
    group: 'totals',
    kind: 'money',
    value: (r) => r.totalp_platfrome,
  },
  {
    id: 'totalTtc',
    label: 'Total TTC',
    help: 'Total TTC des commandes payées hors commandes plateforme. = Total plateforme comprise − Plateforme.',
    group: 'totals',
    kind: 'money',
    value: (r) => r.totalTtc,
  },
  {
    id: 'ht',
    label: 'CA HT',
    help: "Chiffre d'affaires hors taxes des commandes payées, plateforme comprise. CA HT + TVA = Total plateforme comprise.",
    group: 'totals',
    kind: 'money',
    value: (r) => r.ca_ht,
  },
  {
    id: 'vat',
    label: 'TVA',
    help: 'TVA collectée sur les commandes payées, plateforme comprise. = somme des colonnes TVA par taux.',
    group: 'totals',
    kind: 'money',
    value: (r) => r.tva,
  },
  ...VAT_RATES.map(
    (bp): ZColumn => ({
      id: `vat${bp}`,
      label: `TVA ${formatTaxRate(bp)}`,
      help: `TVA collectée au taux de ${formatTaxRate(bp)}.`,
      group: 'vat',
      kind: 'money',
      value: (r) => r.tvaByRate[String(bp)] ?? 0,
    }),
  ),
  {
    id: 'platform',
    label: 'Plateforme',
    help: 'Total TTC des commandes plateforme (type Platform), réglées par la plateforme de livraison.',
    group: 'payments',
    kind: 'money',
    value: (r) => r.total_platform,
  },
  { id: 'cash', label: 'Espèces', help: 'Paiements en espèces encaissés au comptoir.', group: 'payments', kind: 'money', value: (r) => payment(r, 'especes') },
  { id: 'mealVoucher', label: 'Titres-restaurant', help: 'Paiements en titres-restaurant.', group: 'payments', kind: 'money', value: (r) => payment(r, 'titre_restaurant') },
  { id: 'card', label: 'Carte bancaire', help: 'Paiements par carte bancaire.', group: 'payments', kind: 'money', value: (r) => payment(r, 'cb') },
  { id: 'cashMachine', label: 'Monnayeur', help: 'Espèces encaissées par le monnayeur automatique.', group: 'payments', kind: 'money', value: (r) => payment(r, 'cash_machine') },
  { id: 'holidayVoucher', label: 'Chèques-vacances', help: 'Paiements en chèques-vacances.', group: 'payments', kind: 'money', value: (r) => payment(r, 'cheque_vacances') },
  { id: 'creditNote', label: 'Avoir', help: 'Paiements par avoir.', group: 'payments', kind: 'money', value: (r) => payment(r, 'avoir') },
  { id: 'promotions', label: 'Promotion', help: 'Nombre de commandes payées avec une réduction.', group: 'orders', kind: 'count', value: (r) => r.Promotion },
  { id: 'orders', label: 'Nb commandes', help: 'Nombre de commandes payées, plateforme comprise.', group: 'orders', kind: 'count', value: (r) => r.nbcommandes_ttc_platform },
  { id: 'platformOrders', label: 'Nb commandes plateforme', help: 'Nombre de commandes plateforme.', group: 'orders', kind: 'count', value: (r) => r.nbcommande_platforme },
];

/** The total row: every column added up over all rows (not only the page shown). */
export function zTotals(rows: readonly ZRow[]): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const c of zColumns) totals[c.id] = rows.reduce((sum, r) => sum + c.value(r), 0);
  return totals;
}

const sum = (values: Iterable<number>) => {
  let s = 0;
  for (const v of values) s += v;
  return s;
};

/**
 * The identities a row must satisfy (DECISIONS: Z-report identities), as French sentences for
 * each one that does not hold. Empty when the row is consistent.
 */
export function zIdentityIssues(row: ZRow): string[] {
  const issues: string[] = [];
  const total = row.totalp_platfrome;
  if (row.totalTtc + row.total_platform !== total) issues.push('Total TTC + Plateforme ≠ Total plateforme comprise');
  if (row.ca_ht + row.tva !== total) issues.push('CA HT + TVA ≠ Total plateforme comprise');
  if (sum(Object.values(row.tvaByRate)) !== row.tva) issues.push('Somme de la TVA par taux ≠ TVA');
  if (sum(Object.values(row.payments)) !== total) issues.push('Somme des paiements ≠ Total plateforme comprise');
  return issues;
}

/** The equipment's name, or its number when it has none (e.g. removed since). */
export function equipmentLabel(row: ZRow): string {
  return row.name_equipement || `Équipement n° ${row.equipmentId}`;
}
