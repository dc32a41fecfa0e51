import type { SalesKind } from './queries';

export const PLATFORM_NOTE = "Les montants des commandes plateforme ne sont pas inclus dans ce chiffre d'affaires.";

export interface SalesTexts {
  title: string;
  subtitle: string;
  categories: string;
  /** One item, many items. */
  item: [string, string];
  column: string;
  pickCategory: string;
}

export const salesTexts: Record<SalesKind, SalesTexts> = {
  products: {
    title: 'Mes Produits',
    subtitle: 'Ventes par catégorie et par produit sur la période choisie.',
    categories: 'Catégories',
    item: ['produit', 'produits'],
    column: 'Produit',
    pickCategory: 'Choisissez une catégorie pour voir ses produits.',
  },
  options: {
    title: 'Mes Options',
    subtitle: "Ventes par catégorie d'options et par option sur la période choisie.",
    categories: "Catégories d'options",
    item: ['option', 'options'],
    column: 'Option',
    pickCategory: "Choisissez une catégorie d'options pour voir ses options.",
  },
};

export function countOf(n: number, [one, many]: [string, string]): string {
  return `${new Intl.NumberFormat('fr-FR').format(n)} ${n > 1 ? many : one}`;
}
