import type { ExportParams, ExportReport } from '../reports/exports';

/** A report table the « Données » screen offers as Excel or CSV. */
export interface DataTable {
  report: ExportReport;
  /** The table of the report (absent: the whole workbook in xlsx, its first table in CSV). */
  table?: string;
  title: string;
  description: string;
  /** The report's own parameters beyond the period and restaurant (grain, kind…). */
  extra?: Partial<ExportParams>;
  /** The report ignores the period (the flash is always today). */
  noPeriod?: boolean;
}

export interface DataGroup {
  id: string;
  title: string;
  /** Shown on the product exports (« Export Excel produits »). */
  products?: boolean;
  tables: DataTable[];
}

/** Every report table, by theme, in the order of the side menu's screens. */
export const DATA_GROUPS: readonly DataGroup[] = [
  {
    id: 'products',
    title: 'Produits et ventes',
    products: true,
    tables: [
      { report: 'products', table: 'ranking', title: 'Ventes par produit', description: 'Chaque produit vendu avec sa catégorie, sa quantité et son chiffre d’affaires TTC, du plus vendu au moins vendu.' },
      { report: 'products', table: 'categories', title: 'Chiffre d’affaires par catégorie', description: 'CA TTC, CA HT et TVA de chaque catégorie de produits, avec ses taux de TVA.' },
      { report: 'sales', table: 'items', extra: { kind: 'products' }, title: 'Ventes par catégorie', description: 'Nombre de ventes et montant de chaque catégorie, hors plateforme, avec l’évolution sur la période précédente.' },
      { report: 'sales', table: 'items', extra: { kind: 'options' }, title: 'Options par catégorie', description: 'Nombre de ventes et montant de chaque catégorie d’options, avec l’évolution sur la période précédente.' },
      { report: 'product-mix', table: 'products', title: 'Mix produits : produits', description: 'Chaque produit avec son rang, sa quantité, son CA TTC et HT, sa part du CA, son évolution sur la période précédente et sa marge quand le prix d’achat est connu.' },
      { report: 'product-mix', table: 'categories', title: 'Mix produits : catégories', description: 'Quantité, CA TTC et HT, part du CA de chaque catégorie, face à la période précédente.' },
      { report: 'product-mix', table: 'options', title: 'Mix produits : options', description: 'Chaque option avec son groupe, sa quantité, son CA TTC, sa part et son évolution sur la période précédente.' },
    ],
  },
  {
    id: 'revenue',
    title: 'Chiffre d’affaires',
    tables: [
      { report: 'revenue', table: 'series', extra: { grain: 'day' }, title: 'Chiffre d’affaires par jour', description: 'CA TTC et HT, commandes et panier moyen de chaque jour, face à la période précédente et à l’an dernier.' },
      { report: 'revenue', table: 'series', extra: { grain: 'month' }, title: 'Chiffre d’affaires par mois', description: 'Les mêmes chiffres mois par mois (mois coupés à la période).' },
      { report: 'revenue', table: 'heatmap', title: 'Commandes par jour et par heure', description: 'Commandes payées et CA TTC par jour de la semaine et heure locale de chaque restaurant.' },
      { report: 'flash', title: 'Flash du jour', noPeriod: true, description: 'Aujourd’hui, hier, la semaine et le mois en cours, par devise, type de commande, source et restaurant (un onglet par tableau en Excel).' },
    ],
  },
  {
    id: 'discounts',
    title: 'Réductions',
    tables: [
      { report: 'discounted-orders', table: 'orders', title: 'Commandes en réduction', description: 'Chaque commande payée avec une réduction : date, restaurant, réduction, totaux, caissier et source.' },
      { report: 'discounts', table: 'by-restaurant', title: 'Réductions par restaurant', description: 'Le montant des réductions accordées dans chaque restaurant.' },
      { report: 'discounts', table: 'series', extra: { grain: 'day' }, title: 'Réductions par jour', description: 'Le montant des réductions accordées chaque jour.' },
      { report: 'discounts', table: 'by-label', title: 'Réductions par libellé', description: 'Commandes et montant par libellé de réduction.' },
      { report: 'discounts', table: 'by-type', title: 'Réductions par type', description: 'Commandes et montant par type de réduction (pourcentage, montant).' },
      { report: 'discounts', table: 'by-source', title: 'Réductions par source', description: 'Commandes et montant selon la caisse, la borne ou le click & collect.' },
      { report: 'discounts', table: 'by-code', title: 'Réductions par code promo', description: 'Commandes et montant de chaque code promo utilisé.' },
    ],
  },
  {
    id: 'tills',
    title: 'Caisses et commandes',
    tables: [
      { report: 'z', table: 'equipments', title: 'Z par équipement', description: 'Totaux, TVA par taux, paiements et commandes de chaque caisse et borne.' },
      { report: 'counts', table: 'counts', title: 'Compteurs de commandes', description: 'Commandes confirmées, annulées et click & collect, face aux mêmes dates un mois plus tôt.' },
      { report: 'equipments', title: 'Historique des caisses et bornes', description: 'Chaque caisse et borne avec son dernier appel, ses commandes payées et son CA TTC, dans la devise de son restaurant (un onglet par devise en Excel).' },
    ],
  },
  {
    id: 'restaurants',
    title: 'Comparaison des restaurants',
    tables: [
      { report: 'restaurants', table: 'ranking', title: 'Classement des restaurants', description: 'Chaque restaurant avec son CA TTC et HT, ses commandes, son panier moyen, son temps de sortie, ses réductions et ses annulations, face à la période précédente.' },
      { report: 'restaurants', table: 'totals', title: 'Total et moyenne des restaurants', description: 'Les mêmes indicateurs pour l’ensemble des restaurants et en moyenne par restaurant actif.' },
    ],
  },
  {
    id: 'click-and-collect',
    title: 'Click & collect',
    tables: [
      { report: 'click-and-collect', table: 'days', title: 'Click & collect par jour', description: 'Commandes, CA TTC, panier moyen, frais et part du CA de chaque jour, face au jour de même rang de la période précédente.' },
      { report: 'click-and-collect', table: 'hours', title: 'Click & collect par heure', description: 'Commandes et CA TTC de chaque heure locale de la journée, sur toute la période.' },
      { report: 'click-and-collect', table: 'types', title: 'Click & collect par type de commande', description: 'Commandes, CA TTC, frais et part de chaque type de commande.' },
      { report: 'click-and-collect', table: 'restaurants', title: 'Click & collect par restaurant', description: 'Les chiffres click & collect de chaque restaurant, face à la période précédente.' },
    ],
  },
  {
    id: 'cancellations',
    title: 'Annulations',
    tables: [
      { report: 'cancellations', table: 'orders', title: 'Commandes annulées', description: 'Chaque commande annulée, remboursée ou refusée : date, restaurant, équipement, source, statut et montant.' },
      { report: 'cancellations', table: 'statuses', title: 'Annulations par statut', description: 'Commandes annulées et montant par statut (annulée, remboursée, remboursée en partie, paiement refusé).' },
      { report: 'cancellations', table: 'sources', title: 'Annulations par source', description: 'Commandes annulées et montant selon la caisse, la borne ou le click & collect.' },
      { report: 'cancellations', table: 'days', title: 'Annulations par jour', description: 'Commandes annulées, montant et part des commandes de chaque jour.' },
      { report: 'cancellations', table: 'restaurants', title: 'Annulations par restaurant', description: 'Les annulations de chaque restaurant, face à la période précédente.' },
      { report: 'cancellations', table: 'equipments', title: 'Annulations par équipement', description: 'Commandes annulées, montant et remboursements de chaque caisse et borne.' },
    ],
  },
  {
    id: 'performance',
    title: 'Performance',
    tables: [
      { report: 'performance', table: 'by-restaurant', title: 'Temps de sortie par restaurant', description: 'Temps de sortie moyen, commandes, articles et part des articles avec options de chaque restaurant.' },
      { report: 'performance', table: 'by-day', title: 'Temps de sortie par jour', description: 'Le temps de sortie moyen de chaque jour.' },
      { report: 'performance', table: 'by-order-type', title: 'Temps de sortie par type de commande', description: 'Sur place, à emporter, livraison, drive…' },
      { report: 'performance', table: 'by-category', title: 'Temps de sortie par catégorie', description: 'Le temps de sortie moyen et les articles de chaque catégorie.' },
      { report: 'performance', table: 'by-product', title: 'Temps de sortie par produit', description: 'Le temps de sortie moyen et les articles de chaque produit.' },
      { report: 'performance', table: 'heatmap', title: 'Temps de sortie par heure et jour', description: 'Le temps de sortie moyen de chaque heure (UTC) pour chaque jour de la semaine.' },
    ],
  },
];

/** The groups a route shows: every one, or the product tables only. */
export function groupsFor(view: 'all' | 'products'): readonly DataGroup[] {
  return view === 'products' ? DATA_GROUPS.filter((g) => g.products) : DATA_GROUPS;
}
