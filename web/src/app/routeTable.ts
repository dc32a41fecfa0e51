
/** The product slug of the spec's `/{product}/…` routes (DECISIONS: one fixed slug). */
export const PRODUCT = 'brigade';

/**
 * Who may open a route.
 * - auth: signed-in users (the default of the spec's route table);
 * - public: no login check (the kiosk settings screen);
 * - signedOut: sign-in pages, which send a signed-in user to the dashboard;
 * - token: needs a `token` query parameter carrying a valid access token;
 * - moderatorToken: open to signed-in users, but moderators need a valid `token` parameter;
 * - superadmin: the super-admin working as themselves.
 */
export type GuardKind = 'auth' | 'public' | 'signedOut' | 'token' | 'moderatorToken' | 'superadmin';

export type AreaId =
  | 'dashboards'
  | 'operations'
  | 'catalogue'
  | 'settings'
  | 'cartes'
  | 'configuration'
  | 'marketing'
  | 'clients'
  | 'fidelite'
  | 'cnc'
  | 'stats'
  | 'beta'
  | 'v2'
  | 'etablissements'
  | 'demos'
  | 'superadmin'
  | 'auth';

export interface Area {
  id: AreaId;
  label: string;
}

/** Navigation groups, in the order of the side menu. */
export const areas: readonly Area[] = [
  { id: 'dashboards', label: 'Tableaux de bord' },
  { id: 'operations', label: 'Activité' },
  { id: 'cartes', label: 'Cartes' },
  { id: 'catalogue', label: 'Produits & marques' },
  { id: 'marketing', label: 'Réductions & promos' },
  { id: 'clients', label: 'Mes Clients' },
  { id: 'fidelite', label: 'Fidélité' },
  { id: 'cnc', label: 'Click & Collect' },
  { id: 'stats', label: 'Statistiques' },
  { id: 'beta', label: 'Tableaux Beta' },
  { id: 'v2', label: 'Tableaux V2' },
  { id: 'etablissements', label: 'Établissements' },
  { id: 'settings', label: 'Bornes & caisses' },
  { id: 'configuration', label: 'Configuration' },
  { id: 'demos', label: 'Démos' },
  { id: 'superadmin', label: 'Super-admin' },
  { id: 'auth', label: 'Compte' },
];

/** The screens that have their own component; every other route shows the generic placeholder. */
export type ScreenId =
  | 'placeholder'
  | 'login'
  | 'signup'
  | 'forgotPassword'
  | 'resetPassword'
  | 'notFound'
  | 'accessDenied'
  | 'franchises'
  | 'superadminNotices'
  | 'establishments'
  | 'restaurant'
  | 'devices'
  | 'information'
  | 'mesCartes'
  | 'mesProduits'
  | 'zEquipement'
  | 'productSales'
  | 'optionSales'
  | 'performanceFranchise'
  | 'performanceRestaurant'
  | 'productsReport'
  | 'discountsReport'
  | 'sizes'
  | 'printers'
  | 'screens'
  | 'languages'
  | 'kioskConfig'
  | 'configCaisse'
  | 'people'
  | 'editPerson'
  | 'noticeDetails'
  | 'tags'
  | 'tagDetails'
  | 'presence'
  | 'carteEditor'
  | 'carteTrash'
  | 'cartesHistory'
  | 'mesCommandes'
  | 'realtimeDashboard'
  | 'dailyFlash'
  | 'revenueOverTime'
  | 'clickAndCollect'
  | 'cancellations'
  | 'productMix'
  | 'marketplace'
  | 'archive'
  | 'clickAndCollectSettings'
  | 'campagneRestos'
  | 'deploiementCarte'
  | 'zDuJour'
  | 'zPrint'
  | 'pdfReader'
  | 'accountingExport'
  | 'restaurantComparison'
  | 'restaurantsToday'
  | 'equipmentHistory'
  | 'dataExports'
  | 'discounts'
  | 'editDiscount'
  | 'promoCodes'
  | 'promoCodesDashboard'
  | 'loyaltyDashboard'
  | 'loyaltyMembers'
  | 'loyaltyHistory'
  | 'loyaltyProgram'
  | 'gestionProduits'
  | 'planProduit'
  | 'brands'
  | 'brandsReport'
  | 'foodCourt'
  | 'customers'
  | 'clickCollectCustomers'
  | 'customerDetails'
  | 'customersExport'
  | 'customersDashboard'
  | 'catchment'
  | 'marketingCampaigns'
  | 'marketingEditor'
  | 'marketingHistory'
  | 'marketingLists'
  | 'marketingPayment';

export interface AppRoute {
  /** React Router path. The spec's `{a}&{b}` segments are one `:params` segment split on '&'. */
  path: string;
  /** The page title (the spec's title where it gives one). */
  title: string;
  area: AreaId;
  /** Label in the side menu; routes without one (detail pages, auth pages) are not listed. */
  nav?: string;
  guard: GuardKind;
  screen: ScreenId;
  /** One line under the title. */
  description?: string;
  /** Report screens: show the restaurant selector (hidden for moderators, spec 2nd §2.1, §2.6). */
  restaurantFilter?: boolean;
  /** Also reachable from the side menu's search but not shown in the menu itself. */
  hidden?: boolean;
  /** Only the franchise admin uses the screen (its API is admin-only): left out of others' menus. */
  adminOnly?: boolean;
  /** The revenue-over-time screen: the setting a route opens on (metric, grain, period shortcut). */
  revenue?: RevenueOpening;
  /** The product mix screen: the view a route opens on (the products ranking, or the risers and fallers). */
  productMix?: 'ranking' | 'trends';
  /** The restaurant comparison: open focused on one restaurant (the chosen one, else the first). */
  restaurantFocus?: boolean;
  /** The « Données » screen (report exports): every table, or only the product tables. */
  dataExports?: 'all' | 'products';
}

/** What the revenue-over-time screen shows first; the user changes any of it on the screen. */
export interface RevenueOpening {
  metric: 'revenue' | 'ht' | 'orders' | 'basket';
  grain: 'day' | 'week' | 'month' | 'hour';
  period: 'last7' | 'last30' | 'monthToDate' | 'lastMonth' | 'last12Months' | 'yearToDate';
}

type Def = Omit<AppRoute, 'guard' | 'screen'> & Partial<Pick<AppRoute, 'guard' | 'screen'>>;

const r = (def: Def): AppRoute => ({ guard: 'auth', screen: 'placeholder', ...def });

const page = (area: AreaId, prefix: string, items: [segment: string, title: string, nav?: string, screen?: ScreenId][]): AppRoute[] =>
  items.map(([segment, title, nav, screen]) => r({ path: `${prefix}/${segment}`, title, area, nav: nav ?? title, ...(screen ? { screen } : {}) }));

const P = `/${PRODUCT}`;

const OPENING_METRIC: Record<RevenueOpening['metric'], string> = {
  revenue: "le chiffre d'affaires TTC",
  ht: "le chiffre d'affaires HT",
  orders: 'le nombre de commandes',
  basket: 'le panier moyen',
};
const OPENING_GRAIN: Record<RevenueOpening['grain'], string> = {
  day: 'par jour',
  week: 'par semaine',
  month: 'par mois',
  hour: 'par heure de la journée',
};
const OPENING_PERIOD: Record<RevenueOpening['period'], string> = {
  last7: 'des 7 derniers jours',
  last30: 'des 30 derniers jours',
  monthToDate: 'de ce mois-ci',
  lastMonth: 'du mois dernier',
  last12Months: 'des 12 derniers mois',
  yearToDate: "de l'année en cours",
};

/** A route of the revenue-over-time screen; its description says which screen it is and what it opens on. */
const revenue = (area: AreaId, path: string, title: string, opening: RevenueOpening): AppRoute =>
  r({
    path,
    title,
    area,
    nav: title,
    restaurantFilter: true,
    screen: 'revenueOverTime',
    revenue: opening,
    description: `Chiffre d'affaires dans le temps, ouvert sur ${OPENING_METRIC[opening.metric]} ${OPENING_GRAIN[opening.grain]} ${OPENING_PERIOD[opening.period]}, comparé à la période précédente et à l'an dernier.`,
  });

export const routes: readonly AppRoute[] = [
  // Dashboards
  r({
    path: '/RealtimeDashboard',
    title: 'Tableau de bord temps réel',
    nav: 'Temps réel',
    area: 'dashboards',
    restaurantFilter: true,
    screen: 'realtimeDashboard',
    description: "L'activité de vos restaurants en direct : commandes, chiffre d'affaires et tendances.",
  }),
  r({ path: '/ProductDashboard', title: 'Mes Produits', nav: 'Ventes produits', area: 'dashboards', restaurantFilter: true, screen: 'productSales', description: 'Ventes par catégorie et par produit sur la période choisie.' }),
  r({ path: '/OptionDashboard', title: 'Mes Options', nav: 'Ventes options', area: 'dashboards', restaurantFilter: true, screen: 'optionSales', description: "Ventes par catégorie d'options et par option." }),
  r({ path: '/dashboards/accueil', title: 'Accueil', area: 'dashboards', nav: 'Accueil' }),
  r({ path: '/dashboards/dashboard1', title: 'Tableau de bord', area: 'dashboards', nav: 'Tableau de bord 1' }),

  // Operations and reports of the spec's /{product}/ area
  r({ path: `${P}/mescommandes`, title: 'Mes Commandes', area: 'operations', nav: 'Mes Commandes', restaurantFilter: true, screen: 'mesCommandes', description: 'Les commandes de vos caisses, bornes et du click & collect.' }),
  r({ path: `${P}/mesperformances`, title: 'Performance Franchise', area: 'operations', nav: 'Performance Franchise', restaurantFilter: true, screen: 'performanceFranchise', description: 'Temps de sortie en cuisine par restaurant, jour, heure, type de commande et produit.' }),
  r({ path: '/Cncstats/BetaMesPerformances', title: 'Mes Performances', area: 'operations', nav: 'Mes Performances', restaurantFilter: true, screen: 'performanceRestaurant', description: "Temps de sortie en cuisine d'un restaurant." }),
  r({ path: `${P}/mesproduits`, title: 'Mes Produits', area: 'operations', nav: 'Classement produits', screen: 'productsReport', description: 'Classement des produits et chiffre d’affaires par catégorie.' }),
  r({ path: `${P}/mesreductions`, title: 'Mes Réductions', area: 'operations', nav: 'Mes Réductions', restaurantFilter: true, screen: 'discountsReport', description: 'Les réductions accordées, par type, source, jour et restaurant.' }),
  r({ path: `${P}/zequipement`, title: 'Z Équipement', area: 'operations', nav: 'Z Équipement', restaurantFilter: true, screen: 'zEquipement', description: 'Les totaux Z par restaurant et par équipement.' }),
  r({ path: '/archive', title: 'Archive', area: 'operations', nav: 'Archive', screen: 'archive', description: 'Restaurants archivés, cartes supprimées, menus déployés auparavant et exports passés, à reprendre.' }),

  // Menus (first document)
  r({ path: '/campagne/MesCartes', title: 'Mes Cartes', area: 'cartes', nav: 'Mes Cartes', screen: 'mesCartes', description: 'Les cartes de la franchise : création, activation, et l’éditeur de catégories, produits et prix.' }),
  r({ path: '/campagne/MesCartes/:campaignId', title: 'Éditeur de carte', area: 'cartes', screen: 'carteEditor' }),
  r({ path: '/campagne/MesProduits', title: 'Mes Produits', area: 'cartes', nav: 'Produits des cartes', screen: 'mesProduits', description: 'Tous les produits des cartes : prix et indicateurs, un par un ou en masse.' }),
  r({ path: '/campagne/DeploiementCarte', title: 'Déploiement Carte', area: 'cartes', nav: 'Déploiement Carte', screen: 'deploiementCarte', adminOnly: true, description: 'Générez la carte de chaque restaurant et envoyez-la à ses bornes.' }),
  r({ path: '/campagne/CampagneRestos', title: 'Cartes par restaurant', area: 'cartes', nav: 'Cartes par restaurant', screen: 'campagneRestos', adminOnly: true, description: 'Les cartes que sert chaque restaurant, et ses prix personnalisés.' }),
  r({ path: '/campagne/Historique', title: 'Historique', area: 'cartes', nav: 'Historique', screen: 'cartesHistory', description: 'Chaque changement des cartes, champ par champ.' }),
  // The spec's other door to generation: the same screen as /campagne/DeploiementCarte.
  r({ path: `${P}/fusionproduits`, title: 'Déploiement Carte', area: 'cartes', nav: 'Fusion Produits', screen: 'deploiementCarte', hidden: true, adminOnly: true, description: 'Générez la carte de chaque restaurant et envoyez-la à ses bornes.' }),
  r({ path: '/config/CarteTrash', title: 'Corbeille', area: 'cartes', nav: 'Corbeille', screen: 'carteTrash' }),

  // Catalogue
  r({
    path: `${P}/gestionProduits`,
    title: 'Gestion Produits',
    area: 'catalogue',
    nav: 'Gestion Produits',
    screen: 'gestionProduits',
    description: "Produits épuisés et horaires d'ouverture de chaque restaurant, envoyés à ses bornes dans la seconde.",
  }),
  r({
    path: `${P}/PlanProduit`,
    title: 'Plan Produit',
    area: 'catalogue',
    nav: 'Plan Produit',
    screen: 'planProduit',
    description: 'Ce qui est en vente où : chaque produit dans chaque restaurant, épuisé ou remis en vente en une fois sur plusieurs restaurants.',
  }),
  r({
    path: `${P}/GestionMarques`,
    title: 'Gestion Marques',
    area: 'catalogue',
    nav: 'Gestion Marques',
    screen: 'brands',
    description: 'Les marques de la franchise : leur logo, leurs couleurs, leurs cartes et les restaurants qui les servent.',
  }),

  // Discounts and promotions
  // Two route families name the same screens (issue 19): each list opens the editor of its family.
  r({ path: `${P}/configreduction`, title: 'Configuration Réductions', area: 'marketing', nav: 'Configuration Réductions', screen: 'discounts', description: "Les réductions de la franchise : ce qu'elles retirent, leurs conditions, automatiques ou par code promo." }),
  r({ path: `${P}/editreduction/:idRed`, title: 'Modifier la réduction', area: 'marketing', screen: 'editDiscount' }),
  r({ path: `${P}/configcodepromo`, title: 'Codes Promo', area: 'marketing', nav: 'Codes Promo', screen: 'promoCodes', description: 'Les codes promo : la réduction accordée, le quota, la limite par client et la validité.' }),
  r({ path: '/reductions/lists', title: 'Liste des réductions', area: 'marketing', nav: 'Liste des réductions', screen: 'discounts', description: "Les réductions de la franchise : ce qu'elles retirent, leurs conditions, automatiques ou par code promo. Même écran que Configuration Réductions." }),
  r({ path: '/reductions/edit', title: 'Modifier une réduction', area: 'marketing', nav: 'Nouvelle réduction', screen: 'editDiscount', description: "L'éditeur d'une réduction : sans identifiant, une nouvelle réduction." }),

  // Customers and SMS campaigns
  r({ path: '/mesClients/dashboard', title: 'Tableau de bord clients', area: 'clients', nav: 'Tableau de bord clients', screen: 'customersDashboard', description: 'Vos clients en chiffres : nouveaux, actifs, consentements et taux de retour, mois par mois.' }),
  r({ path: '/mesClients/ListContacts', title: 'Liste des contacts', area: 'clients', nav: 'Liste des contacts', screen: 'customers', description: 'Les clients nommés par une commande (borne, caisse, click & collect) ou créés ici : recherche, filtres et export.' }),
  r({ path: '/mesClients/ZoneChalandise', title: 'Zone de chalandise', area: 'clients', nav: 'Zone de chalandise', screen: 'catchment', description: 'Les commandes payées classées par code postal de leur client.' }),
  r({ path: '/mesClients/ExportContacts', title: 'Export des contacts', area: 'clients', nav: 'Export des contacts', screen: 'customersExport', description: 'Les clients choisis, en Excel ou en CSV.' }),
  r({ path: '/mesClients/fidelite', title: 'Fidélité clients', area: 'clients', nav: 'Fidélité clients', screen: 'loyaltyProgram', description: 'Le programme de fidélité : règles de gain de points, niveaux et récompenses échangées à la borne.' }),
  ...page('clients', '/mesClients', [
    ['CampagnesSms', 'Campagnes SMS', undefined, 'marketingCampaigns'],
    ['CreateListeDiffusion', 'Nouvelle liste de diffusion', undefined, 'marketingLists'],
    ['CreateEnvoi', 'Nouvel envoi', undefined, 'marketingEditor'],
    ['EnvoiSMS', 'Envoi SMS', undefined, 'marketingHistory'],
  ]),
  r({ path: '/mesClients/contactDetails/:params', title: 'Fiche contact', area: 'clients', screen: 'customerDetails' }),
  r({ path: '/mesClients/EditEnvoi/:id', title: "Modifier l'envoi", area: 'clients', screen: 'marketingEditor' }),
  r({ path: '/mesClients/EditDiffusionList/:id', title: 'Modifier la liste de diffusion', area: 'clients', screen: 'marketingLists' }),
  r({ path: '/mesClients/successPaiment/:idRecharge', title: 'Paiement confirmé', area: 'clients', screen: 'marketingPayment' }),

  // Loyalty
  r({ path: '/fidelite/DashboardFidelity', title: 'Tableau de bord fidélité', area: 'fidelite', nav: 'Tableau de bord fidélité', restaurantFilter: true, screen: 'loyaltyDashboard', description: 'Membres, membres actifs, taux de retour, points gagnés et dépensés, coût des récompenses sur la période.' }),
  r({ path: '/fidelite/tableaudebord', title: 'Tableau de bord', area: 'fidelite', nav: 'Tableau de bord', restaurantFilter: true, screen: 'loyaltyDashboard', description: 'Le tableau de bord de la fidélité. Même écran que Tableau de bord fidélité.' }),
  r({ path: '/fidelite/listClients', title: 'Clients fidèles', area: 'fidelite', nav: 'Clients fidèles', restaurantFilter: true, screen: 'loyaltyMembers', description: 'Les membres du programme de fidélité classés par points.' }),

  // Click & collect statistics (the spec's /Cncstats/ area)
  // Aliases of Mes Commandes (the second opens on the Click&Collect source).
  r({ path: '/Cncstats/BetaMesCommandes', title: 'Mes Commandes', area: 'cnc', nav: 'Commandes', restaurantFilter: true, screen: 'mesCommandes', description: 'Les commandes de vos caisses, bornes et du click & collect.' }),
  r({ path: '/Cncstats/SuiviCnCListCommand', title: 'Commandes Click & Collect', area: 'cnc', nav: 'Commandes Click & Collect', restaurantFilter: true, screen: 'mesCommandes', description: 'Les commandes passées en click & collect.' }),
  // Accueil and Mon Click & Collect are one screen, click & collect (issue 18): the home, or the detail.
  r({ path: '/Cncstats/BetaAccueil', title: 'Accueil Click & Collect', area: 'cnc', nav: 'Accueil', restaurantFilter: true, screen: 'clickAndCollect', description: "Le click & collect en un coup d'œil : chiffre d'affaires, part du total, commandes, panier moyen, frais et heures de pointe. Même écran que Mon Click & Collect, ouvert sur l'accueil." }),
  r({ path: '/Cncstats/BetaMonClickncollect', title: 'Mon Click & Collect', area: 'cnc', nav: 'Mon Click & Collect', restaurantFilter: true, screen: 'clickAndCollect', description: "Le click & collect par jour, par heure, par type de commande et par restaurant, comparé à la période précédente. Même écran que l'Accueil, ouvert sur le détail." }),
  r({ path: '/Cncstats/MesAnnulations', title: 'Mes Annulations', area: 'cnc', nav: 'Mes Annulations', restaurantFilter: true, screen: 'cancellations', description: 'Les commandes annulées, remboursées ou refusées, par statut, source, jour, restaurant et équipement.' }),
  r({ path: '/Cncstats/SuiviCnCListUtilisateurs', title: 'Utilisateurs Click & Collect', area: 'cnc', nav: 'Utilisateurs Click & Collect', screen: 'clickCollectCustomers', description: 'Les clients qui ont commandé en click & collect. Même écran que Mes clients Click & Collect.' }),
  r({ path: '/Cncstats/BetaMonCncClients', title: 'Mes clients Click & Collect', area: 'cnc', nav: 'Mes clients Click & Collect', screen: 'clickCollectCustomers', description: 'Les clients qui ont commandé en click & collect.' }),
  r({ path: '/Cncstats/BetaMesClients', title: 'Mes Clients', area: 'cnc', nav: 'Mes Clients', screen: 'customers', description: 'Vos clients : recherche, filtres et export. Même écran que Liste des contacts.' }),
  // Brands (issue 19): the sales cut by brand through the cartes each brand owns, and per food-court site.
  r({ path: '/Cncstats/NosMarques', title: 'Nos Marques', area: 'cnc', nav: 'Nos Marques', restaurantFilter: true, screen: 'brandsReport', description: "Le chiffre d'affaires, les commandes, les articles et le panier moyen de chaque marque, et sa part du total." }),
  r({ path: '/Cncstats/foodCourt', title: 'Food court', area: 'cnc', nav: 'Food court', restaurantFilter: true, screen: 'foodCourt', description: 'Pour chaque restaurant qui sert plusieurs marques, la répartition de ses ventes entre elles.' }),
  // The click & collect settings of /{product}/configclickandcollect (issue 19).
  r({ path: '/Cncstats/EtabClickandCollectParamAdmin', title: 'Paramètres Click & Collect', area: 'cnc', nav: 'Paramètres Click & Collect', restaurantFilter: true, screen: 'clickAndCollectSettings', description: 'Créneaux de retrait, capacité, temps de préparation et frais du Click & Collect, restaurant par restaurant. Même écran que Configuration Click & Collect.' }),
  r({ path: '/Cncstats/BetaMesProduits', title: 'Mes Produits', area: 'cnc', nav: 'Produits', restaurantFilter: true, screen: 'productSales', description: 'Ventes par catégorie et par produit sur la période choisie.' }),
  r({ path: '/Cncstats/BetaMesOptions', title: 'Mes Options', area: 'cnc', nav: 'Options', restaurantFilter: true, screen: 'optionSales', description: "Ventes par catégorie d'options et par option." }),
  r({ path: '/Cncstats/BetaMesReductions', title: 'Mes Réductions', area: 'cnc', nav: 'Réductions', restaurantFilter: true, screen: 'discountsReport', description: 'Les réductions accordées, par type, source, jour et restaurant.' }),
  // Z du jour and Impression Z are one screen (issue 18), opening on the table or on the print preview.
  r({ path: '/Cncstats/BetaZjour', title: 'Z du jour', area: 'cnc', nav: 'Z du jour', restaurantFilter: true, screen: 'zDuJour', description: "Le Z d'une journée par restaurant et par équipement, à imprimer ou à télécharger en PDF." }),
  r({ path: '/Cncstats/BetaPrintZ', title: 'Impression Z', area: 'cnc', nav: 'Impression Z', restaurantFilter: true, screen: 'zPrint', description: "L'aperçu avant impression du Z d'une journée : une page par équipement et le total du restaurant. Même écran que Z du jour." }),
  r({ path: '/Cncstats/BetaExportComptable', title: 'Export comptable', area: 'cnc', nav: 'Export comptable', restaurantFilter: true, screen: 'accountingExport', description: 'Le journal des ventes par jour et par restaurant, en CSV ou Excel, pour votre comptable.' }),
  r({ path: '/Cncstats/BetaZcaisse', title: 'Z Équipement', area: 'cnc', nav: 'Z caisse', restaurantFilter: true, screen: 'zEquipement', description: 'Les totaux Z par restaurant et par équipement.' }),

  // The restaurant comparison (issue 18): Mes Restaurants and Comparer les restaurants are the same screen as Suivi Franchise.
  r({ path: '/Cncstats/BetaMesRestaurants', title: 'Mes Restaurants', area: 'cnc', nav: 'Mes Restaurants', restaurantFilter: true, screen: 'restaurantComparison', description: "Chaque restaurant classé sur le chiffre d'affaires, les commandes, le panier moyen, le temps de sortie, les réductions et les annulations, avec l'évolution sur la période précédente et la moyenne de la franchise. Même écran que Suivi Franchise." }),
  r({ path: '/Cncstats/BetaComparerRestos', title: 'Comparer les restaurants', area: 'cnc', nav: 'Comparer les restaurants', restaurantFilter: true, screen: 'restaurantComparison', description: "Chaque restaurant classé sur le chiffre d'affaires, les commandes, le panier moyen, le temps de sortie, les réductions et les annulations, avec l'évolution sur la période précédente et la moyenne de la franchise. Même écran que Suivi Franchise." }),
  r({ path: '/Cncstats/historiqueEquipements', title: 'Historique équipements', area: 'cnc', nav: 'Historique équipements', restaurantFilter: true, screen: 'equipmentHistory', description: 'Chaque caisse et borne : son dernier appel, son statut, ses commandes et son chiffre d’affaires sur la période.' }),

  // Statistics
  // Vue d'ensemble and Suivi Quotidien are one screen: the daily flash (issue 18).
  r({ path: '/stats/DashboardStats', title: 'Dashboard Stats', area: 'stats', nav: 'Vue d’ensemble', restaurantFilter: true, screen: 'dailyFlash', description: "Le flash du jour : aujourd'hui, hier, la semaine et le mois, comparés à la période précédente et à l'an dernier. Même écran que Suivi Quotidien." }),
  r({ path: '/stats/SuiviQuotidien', title: 'Suivi Quotidien', area: 'stats', nav: 'Suivi Quotidien', restaurantFilter: true, screen: 'dailyFlash', description: "Le flash du jour : aujourd'hui, hier, la semaine et le mois, comparés à la période précédente et à l'an dernier. Même écran que la Vue d'ensemble." }),
  r({ path: '/stats/SuiviClient', title: 'Suivi Client', area: 'stats', nav: 'Suivi Client', screen: 'customersDashboard', description: 'Vos clients en chiffres : nouveaux, actifs, consentements et taux de retour. Même écran que le Tableau de bord clients.' }),
  // Metabase is the self-service data access (issue 18): every report table as Excel or CSV.
  r({ path: '/stats/metabase', title: 'Données', area: 'stats', nav: 'Metabase', restaurantFilter: true, screen: 'dataExports', dataExports: 'all', description: 'Toutes les tables des rapports à télécharger en Excel ou en CSV, sur la période et les restaurants choisis.' }),

  // Suivi Franchise compares the restaurants; Suivi Restaurant is the same screen opening on one restaurant.
  r({ path: '/stats/SuiviFracnhise', title: 'Suivi Franchise', area: 'stats', nav: 'Suivi Franchise', restaurantFilter: true, screen: 'restaurantComparison', description: "Chaque restaurant classé sur le chiffre d'affaires, les commandes, le panier moyen, le temps de sortie, les réductions et les annulations, avec l'évolution sur la période précédente et la moyenne de la franchise." }),
  r({ path: '/stats/SuiviRestaurant', title: 'Suivi Restaurant', area: 'stats', nav: 'Suivi Restaurant', restaurantFilter: true, screen: 'restaurantComparison', restaurantFocus: true, description: "Un restaurant face à la franchise : ses chiffres, la moyenne des restaurants, son rang sur chaque indicateur. Même écran que Suivi Franchise." }),

  // Suivi Performance and Suivi Liste Commandes are the franchise's performance and orders screens.
  r({ path: '/stats/SuiviPerformance', title: 'Suivi Performance', area: 'stats', nav: 'Suivi Performance', restaurantFilter: true, screen: 'performanceFranchise', description: 'Temps de sortie en cuisine par restaurant, jour, heure, type de commande et produit. Même écran que Performance Franchise.' }),
  r({ path: '/stats/SuiviListeCommandes', title: 'Suivi Liste Commandes', area: 'stats', nav: 'Suivi Liste Commandes', restaurantFilter: true, screen: 'mesCommandes', description: 'Les commandes de vos caisses, bornes et du click & collect. Même écran que Mes Commandes.' }),
  // Suivi Produits and Mes Tendances are one screen, the product mix (issue 18): the ranking, or the trends.
  r({ path: '/stats/SuiviProduits', title: 'Suivi Produits', area: 'stats', nav: 'Suivi Produits', restaurantFilter: true, screen: 'productMix', productMix: 'ranking', description: "Le mix produits : classement des produits, part du chiffre d'affaires, tendance, marge et mix par catégorie. Même écran que Mes Tendances." }),
  r({ path: '/Cncstats/BetaMesTendances', title: 'Mes Tendances', area: 'cnc', nav: 'Mes Tendances', restaurantFilter: true, screen: 'productMix', productMix: 'trends', description: 'Les produits en hausse et en baisse par rapport à la période précédente, dans le mix produits. Même écran que Suivi Produits.' }),

  // Beta dashboards (the spec's /dashbaord/ spelling is kept). The revenue routes are one screen,
  // « Chiffre d'affaires dans le temps » (issue 18), each opening on its own setting.
  r({ path: '/dashbaord/BetaFideliteGlobale', title: 'Fidélité globale', area: 'beta', nav: 'Fidélité globale', restaurantFilter: true, screen: 'loyaltyDashboard', description: 'Le tableau de bord de la fidélité. Même écran que Tableau de bord fidélité.' }),
  r({ path: '/dashbaord/BetaFideliteHistorique', title: 'Historique fidélité', area: 'beta', nav: 'Historique fidélité', restaurantFilter: true, screen: 'loyaltyHistory', description: 'Chaque mouvement de points : gains, reprises, récompenses et corrections.' }),
  r({ path: '/dashbaord/BetaFideliteMesClients', title: 'Fidélité — mes clients', area: 'beta', nav: 'Fidélité — mes clients', restaurantFilter: true, screen: 'loyaltyMembers', description: 'Les membres du programme de fidélité classés par points. Même écran que Clients fidèles.' }),
  r({ path: '/dashbaord/BetaCodePromo', title: 'Codes promo', area: 'beta', nav: 'Codes promo', restaurantFilter: true, screen: 'promoCodesDashboard', description: "Ce que chaque code promo a accordé sur la période — commandes et réduction — et ce qu'il reste de son quota." }),
  // The beta « Tableau de bord » is the real-time dashboard.
  r({ path: '/dashbaord/V2BetaDashboard', title: 'Tableau de bord', area: 'beta', nav: 'Tableau de bord', restaurantFilter: true, screen: 'realtimeDashboard', description: "L'activité de vos restaurants en direct : commandes, chiffre d'affaires et tendances. Même écran que le Tableau de bord temps réel." }),
  revenue('beta', '/dashbaord/BetaCaAnnuel', "Chiffre d'affaires annuel", { metric: 'revenue', grain: 'month', period: 'last12Months' }),
  revenue('beta', '/dashbaord/BetaCaParHeure', "Chiffre d'affaires par heure", { metric: 'revenue', grain: 'hour', period: 'last30' }),
  revenue('beta', '/dashbaord/V2BetaCaAnnuel', 'CA annuel', { metric: 'revenue', grain: 'month', period: 'last12Months' }),
  revenue('beta', '/dashbaord/V2BetaCaAnnuelNombreCommandes', 'CA annuel — nombre de commandes', { metric: 'orders', grain: 'month', period: 'last12Months' }),
  revenue('beta', '/dashbaord/V2BetaCaAnnuelPanierMoyen', 'CA annuel — panier moyen', { metric: 'basket', grain: 'month', period: 'last12Months' }),
  revenue('beta', '/dashbaord/V2BetaCaAnnuelWeek', 'CA annuel par semaine', { metric: 'revenue', grain: 'week', period: 'last12Months' }),

  // V2 dashboards
  // The two Excel exports of products are the « Données » screen filtered on the product tables.
  r({ path: '/v2/DashboardDownloadExcelProd', title: 'Export Excel produits', area: 'v2', nav: 'Export Excel produits', restaurantFilter: true, screen: 'dataExports', dataExports: 'products', description: "Les ventes par produit, par catégorie et par option à télécharger en Excel ou en CSV. Même écran que Données (Metabase), limité aux produits." }),
  r({ path: '/v2/DashboardDownloadExcelProdV2', title: 'Export Excel produits', area: 'v2', nav: 'Export Excel produits (v2)', restaurantFilter: true, screen: 'dataExports', dataExports: 'products', description: "Les ventes par produit, par catégorie et par option à télécharger en Excel ou en CSV. Même écran que Données (Metabase), limité aux produits." }),
  r({ path: '/v2/PDFReader', title: 'Lecteur PDF', area: 'v2', nav: 'Lecteur PDF', restaurantFilter: true, screen: 'pdfReader', description: "Le Z d'une journée en PDF, affiché dans la page, avec son lien de téléchargement." }),
  r({ path: '/v2/DashboardMesResto', title: 'Mes Restaurants', area: 'v2', nav: 'Mes Restaurants', restaurantFilter: true, screen: 'restaurantsToday', description: "Aujourd'hui dans chaque restaurant : chiffre d'affaires, commandes et panier comparés à la semaine dernière à la même heure, dernière commande, caisses et bornes hors ligne." }),
  revenue('v2', '/v2/DashboardCaAnnuel', "Chiffre d'affaires annuel", { metric: 'revenue', grain: 'month', period: 'last12Months' }),
  r({ path: '/v2/DashboardMesProduits', title: 'Mes Produits', area: 'v2', nav: 'Classement produits', screen: 'productsReport', description: 'Classement des produits et chiffre d’affaires par catégorie.' }),
  r({ path: '/v2/DashboardMesProduitsNew', title: 'Mes Produits', area: 'v2', nav: 'Produits (nouveau)', restaurantFilter: true, screen: 'productSales', description: 'Ventes par catégorie et par produit sur la période choisie.' }),
  r({ path: '/v2/DashboardMesProduitsNewV2', title: 'Mes Produits', area: 'v2', nav: 'Produits (v2)', restaurantFilter: true, screen: 'productSales', description: 'Ventes par catégorie et par produit sur la période choisie.' }),
  r({ path: '/v2/DashboardMesOptionsNew', title: 'Mes Options', area: 'v2', nav: 'Options', restaurantFilter: true, screen: 'optionSales', description: "Ventes par catégorie d'options et par option." }),

  // Establishments and marketplace
  r({
    path: '/etablissements/lists',
    title: 'Mes Établissements',
    area: 'etablissements',
    nav: 'Mes Établissements',
    guard: 'moderatorToken',
    screen: 'establishments',
    description: 'Les restaurants de votre franchise, leurs caisses et leurs bornes.',
  }),
  r({ path: '/etablissements/modifier/:idetab', title: "Modifier l'établissement", area: 'etablissements', screen: 'restaurant' }),
  r({ path: '/marketplace', title: 'Marketplace', area: 'etablissements', nav: 'Marketplace', restaurantFilter: true, screen: 'marketplace', description: 'Activez et paramétrez vos modules de livraison et de commande, restaurant par restaurant.' }),
  r({ path: `${P}/GestionUtilisateurs`, title: 'Gestion Utilisateurs', area: 'etablissements', nav: 'Utilisateurs', screen: 'people', description: 'Les comptes de la franchise : modérateurs, invités, restaurants.' }),
  r({ path: `${P}/EditUtilisateur/:id`, title: "Modifier l'utilisateur", area: 'etablissements', screen: 'editPerson' }),
  // Both ids name the same restaurant (an establishment is a restaurant): see useRestaurantParam.
  r({ path: `${P}/configetablissement/:idetab/:restoId`, title: "Configuration de l'établissement", area: 'etablissements', screen: 'devices' }),
  r({
    path: '/information',
    title: 'Informations',
    area: 'etablissements',
    nav: 'Informations',
    screen: 'information',
    description: "L'identité de votre franchise : nom, pays, devise, coordonnées et logo.",
  }),
  r({ path: '/informationVentulateur', title: 'Informations', area: 'etablissements', guard: 'token' }),

  // Kiosks, tills and modules
  r({ path: `${P}/configborne`, title: 'Paramètres Borne', area: 'settings', nav: 'Paramètres Borne', guard: 'public', screen: 'kioskConfig', description: 'Les noms masqués sur les bornes : catégories, sous-catégories, produits, options.' }),
  r({ path: `${P}/configcaisse`, title: 'Configuration Caisse', area: 'settings', nav: 'Configuration Caisse', screen: 'configCaisse', description: 'Paramètres généraux des bornes, et les catégories et produits de vos cartes tels que caisses et bornes les affichent.' }),
  r({ path: `${P}/configclickandcollect`, title: 'Configuration Click & Collect', area: 'settings', nav: 'Click & Collect', restaurantFilter: true, screen: 'clickAndCollectSettings', description: 'Créneaux de retrait, capacité, temps de préparation et frais du Click & Collect, restaurant par restaurant.' }),
  r({ path: `${P}/configmodule`, title: 'Configuration Modules', area: 'settings', nav: 'Modules', restaurantFilter: true, screen: 'marketplace', description: 'Activez et paramétrez vos modules de livraison et de commande, restaurant par restaurant.' }),

  // Menu configuration lists (first document)
  r({ path: '/config/mesTailles', title: 'Mes Tailles', area: 'configuration', nav: 'Mes Tailles', screen: 'sizes', description: 'Les dix tailles de vos produits et leurs libellés.' }),
  r({ path: '/config/mesImprimantes', title: 'Mes Imprimantes', area: 'configuration', nav: 'Mes Imprimantes', screen: 'printers', description: 'Les imprimantes de préparation et d’étiquettes des cuisines.' }),
  r({ path: '/config/mesEcrans', title: 'Mes Écrans', area: 'configuration', nav: 'Mes Écrans', screen: 'screens', description: 'Les écrans de cuisine.' }),
  r({ path: '/config/mestags', title: 'Mes Tags', area: 'configuration', nav: 'Mes Tags', screen: 'tags', description: 'Les tags des cartes : horaires, types de commande et images.' }),
  r({ path: '/config/mesLangues', title: 'Mes Langues', area: 'configuration', nav: 'Mes Langues', screen: 'languages', description: 'Les langues de vos cartes, selon le pays de la franchise.' }),
  r({ path: '/config/Employee', title: 'Employés', area: 'configuration', nav: 'Employés', screen: 'people', description: 'Les comptes de la franchise : modérateurs, invités, restaurants.' }),
  r({ path: '/config/tagsDetails/:params', title: 'Détails du tag', area: 'configuration', screen: 'tagDetails' }),
  r({ path: '/config/NotificationDetails/:id', title: 'Nouveautés', area: 'configuration', screen: 'noticeDetails' }),
  r({ path: `${P}/presence`, title: 'Qui est en ligne', area: 'configuration', nav: 'Qui est en ligne', screen: 'presence', description: 'Les comptes de la franchise connectés, et la page où ils sont.' }),

  // Demo pages kept from the original route table
  ...page('demos', '/charts', [
    ['line-chart', 'Courbes'],
    ['gredient-chart', 'Dégradés'],
    ['doughnut-pie-chart', 'Anneaux et camemberts'],
    ['area-chart', 'Aires'],
    ['column-chart', 'Colonnes'],
    ['candlestick-chart', 'Chandeliers'],
    ['radialbar-chart', 'Jauges'],
  ]),
  r({ path: '/react-icons', title: 'Icônes', area: 'demos', nav: 'Icônes' }),

  // Super-admin
  r({
    path: '/superadmin/franchises',
    title: 'Franchises',
    area: 'superadmin',
    nav: 'Franchises',
    guard: 'superadmin',
    screen: 'franchises',
    description: 'Toutes les franchises Brigade\u00a0: ouverture, fermeture, blocage pour maintenance impayée, et connexion en tant qu’admin.',
  }),
  r({
    path: '/superadmin/notices',
    title: 'Nouveautés',
    area: 'superadmin',
    nav: 'Nouveautés',
    guard: 'superadmin',
    screen: 'superadminNotices',
    description: 'Les nouveautés que lisent les utilisateurs\u00a0: publication, modification, suppression.',
  }),

  // Account pages
  r({ path: '/auth/login', title: 'Connexion', area: 'auth', guard: 'signedOut', screen: 'login' }),
  r({ path: '/auth/signup', title: 'Créer un compte', area: 'auth', guard: 'signedOut', screen: 'signup' }),
  r({ path: '/auth/forgotPassword', title: 'Mot de passe oublié', area: 'auth', guard: 'signedOut', screen: 'forgotPassword' }),
  r({ path: '/auth/resetPassword/:params', title: 'Nouveau mot de passe', area: 'auth', guard: 'signedOut', screen: 'resetPassword' }),
  r({ path: '/auth/404', title: 'Page introuvable', area: 'auth', guard: 'auth', screen: 'notFound' }),
  r({ path: '/accessDenied', title: 'Maintenance Impayee', area: 'auth', guard: 'auth', screen: 'accessDenied' }),
];

export function areaOf(id: AreaId): Area {
  const found = areas.find((a) => a.id === id);
  if (!found) throw new Error(`unknown area ${id}`);
  return found;
}

/** Splits a `{a}&{b}&{c}` route segment into its parts. */
export function splitParams(segment: string | undefined): string[] {
  return (segment ?? '').split('&').map((part) => decodeURIComponent(part));
}
