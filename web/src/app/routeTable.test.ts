import { describe, expect, it } from 'vitest';
import { matchPath } from 'react-router';
import { routes, splitParams } from './routeTable';

// Every route of the spec (2nd §2.9 and 1st §2), with {product} = brigade and sample parameters.
const specPaths = [
  ...['metabase', 'SuiviQuotidien', 'SuiviFracnhise', 'SuiviRestaurant', 'SuiviProduits', 'SuiviClient', 'SuiviPerformance', 'SuiviListeCommandes', 'DashboardStats'].map((p) => `/stats/${p}`),
  ...['DashboardFidelity', 'tableaudebord', 'listClients'].map((p) => `/fidelite/${p}`),
  ...['SuiviCnCListCommand', 'SuiviCnCListUtilisateurs', 'BetaMesTendances', 'BetaMesRestaurants', 'MesAnnulations', 'NosMarques', 'foodCourt', 'BetaMesProduits', 'BetaMesOptions', 'BetaAccueil', 'BetaZjour', 'BetaExportComptable', 'BetaPrintZ', 'BetaZcaisse', 'historiqueEquipements', 'BetaMesClients', 'BetaMonClickncollect', 'BetaMesReductions', 'BetaComparerRestos', 'BetaMesPerformances', 'BetaMonCncClients', 'BetaMesCommandes', 'EtabClickandCollectParamAdmin'].map((p) => `/Cncstats/${p}`),
  ...['BetaFideliteGlobale', 'BetaFideliteHistorique', 'BetaCodePromo', 'BetaFideliteMesClients', 'BetaCaAnnuel', 'BetaCaParHeure', 'V2BetaDashboard', 'V2BetaCaAnnuel', 'V2BetaCaAnnuelNombreCommandes', 'V2BetaCaAnnuelPanierMoyen', 'V2BetaCaAnnuelWeek'].map((p) => `/dashbaord/${p}`),
  '/RealtimeDashboard', '/ProductDashboard', '/OptionDashboard',
  ...['configcaisse', 'configborne', 'mesproduits', 'gestionProduits', 'mesreductions', 'mesperformances', 'zequipement', 'mescommandes', 'configclickandcollect', 'configmodule', 'configreduction', 'editreduction/12', 'configcodepromo', 'fusionproduits', 'GestionUtilisateurs', 'EditUtilisateur/5', 'PlanProduit', 'GestionMarques', 'configetablissement/3/4'].map((p) => `/brigade/${p}`),
  '/reductions/lists', '/reductions/edit', '/dashboards/accueil', '/dashboards/dashboard1',
  ...['ZoneChalandise', 'dashboard', 'ExportContacts', 'ListContacts', 'contactDetails/0600000000&uuid-1&9', 'fidelite', 'CreateListeDiffusion', 'CreateEnvoi', 'EditEnvoi/3', 'EditDiffusionList/4', 'EnvoiSMS', 'successPaiment/77', 'CampagnesSms'].map((p) => `/mesClients/${p}`),
  ...['MesCartes', 'MesProduits', 'DeploiementCarte', 'Historique', 'CampagneRestos'].map((p) => `/campagne/${p}`),
  ...['mesTailles', 'mesImprimantes', 'mesEcrans', 'mestags', 'tagsDetails/2&9', 'CarteTrash', 'mesLangues', 'Employee', 'NotificationDetails/8'].map((p) => `/config/${p}`),
  '/archive',
  ...['DashboardMesResto', 'DashboardMesProduits', 'DashboardMesProduitsNew', 'DashboardMesProduitsNewV2', 'DashboardMesOptionsNew', 'DashboardDownloadExcelProd', 'DashboardDownloadExcelProdV2', 'DashboardCaAnnuel', 'PDFReader'].map((p) => `/v2/${p}`),
  '/marketplace', '/etablissements/lists', '/etablissements/modifier/6', '/information', '/informationVentulateur',
  ...['line-chart', 'gredient-chart', 'doughnut-pie-chart', 'area-chart', 'column-chart', 'candlestick-chart', 'radialbar-chart'].map((p) => `/charts/${p}`),
  '/react-icons', '/auth/404', '/auth/login', '/auth/forgotPassword', '/auth/resetPassword/12&tok', '/accessDenied',
];

describe('route table', () => {
  it.each(specPaths)('has %s', (path) => {
    expect(routes.filter((r) => matchPath(r.path, path))).toHaveLength(1);
  });

  it('has no duplicate paths and a French title for each route', () => {
    expect(new Set(routes.map((r) => r.path.toLowerCase())).size).toBe(routes.length);
    for (const r of routes) expect(r.title.length).toBeGreaterThan(0);
  });

  it('opens only the kiosk settings without a login', () => {
    expect(routes.filter((r) => r.guard === 'public').map((r) => r.path)).toEqual(['/brigade/configborne']);
  });

  it("splits {a}&{b} segments on '&'", () => {
    expect(splitParams('12&abc%2Fdef')).toEqual(['12', 'abc/def']);
  });
});
