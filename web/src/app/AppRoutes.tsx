import { Suspense, lazy, useEffect, type ComponentType, type ReactElement } from 'react';
import { Route, Routes, matchPath, useLocation } from 'react-router';
import { LoadingPanel } from '../components/LoadingPanel';
import { Guard, RootRedirect, SuspensionWatcher, UnknownRoute } from './guards';
import { routes, type AppRoute, type ScreenId } from './routeTable';

/** A screen loaded on first use, which can also be asked to load ahead (preload). */
function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => (loading ??= load());
  return Object.assign(
    lazy(() => preload().then((c) => ({ default: c }))),
    { preload },
  );
}

// Every screen, and the signed-in frame itself, loads on demand: the sign-in page downloads
// neither the shell (side menu, notices, presence) nor any other screen, and no screen carries
// another's code (web/scripts/bundle-size.mjs holds each first route under its ceiling).
const AppShell = lazyScreen(() => import('./shell/AppShell').then((m) => m.AppShell));
const PlaceholderPage = lazyScreen(() => import('./PlaceholderPage').then((m) => m.PlaceholderPage));
const NotFoundPage = lazyScreen(() => import('../features/auth/pages/NotFoundPage').then((m) => m.NotFoundPage));
const LoginPage = lazyScreen(() => import('../features/auth/pages/LoginPage').then((m) => m.LoginPage));
const SignupPage = lazyScreen(() => import('../features/auth/pages/SignupPage').then((m) => m.SignupPage));
const ForgotPasswordPage = lazyScreen(() => import('../features/auth/pages/ForgotPasswordPage').then((m) => m.ForgotPasswordPage));
const ResetPasswordPage = lazyScreen(() => import('../features/auth/pages/ResetPasswordPage').then((m) => m.ResetPasswordPage));
const AccessDeniedPage = lazyScreen(() => import('../features/auth/pages/AccessDeniedPage').then((m) => m.AccessDeniedPage));
const FranchisesPage = lazyScreen(() => import('../features/superadmin/pages/FranchisesPage').then((m) => m.FranchisesPage));
const SuperadminNoticesPage = lazyScreen(() => import('../features/superadmin/pages/NoticesPage').then((m) => m.NoticesPage));
const EstablishmentsPage = lazyScreen(() => import('../features/establishments/pages/EstablishmentsPage').then((m) => m.EstablishmentsPage));
const RestaurantPage = lazyScreen(() => import('../features/establishments/pages/RestaurantPage').then((m) => m.RestaurantPage));
const DevicesPage = lazyScreen(() => import('../features/establishments/pages/DevicesPage').then((m) => m.DevicesPage));
const InformationPage = lazyScreen(() => import('../features/franchise/pages/InformationPage').then((m) => m.InformationPage));

const MesCartesPage = lazyScreen(() => import('../features/menus/pages/MesCartesPage').then((m) => m.MesCartesPage));
const SizesPage = lazyScreen(() => import('../features/settings/pages/SizesPage').then((m) => m.SizesPage));
const PrintersPage = lazyScreen(() => import('../features/settings/pages/PrintersPage').then((m) => m.PrintersPage));
const ScreensPage = lazyScreen(() => import('../features/settings/pages/ScreensPage').then((m) => m.ScreensPage));
const LanguagesPage = lazyScreen(() => import('../features/settings/pages/LanguagesPage').then((m) => m.LanguagesPage));
const KioskConfigPage = lazyScreen(() => import('../features/settings/pages/KioskConfigPage').then((m) => m.KioskConfigPage));
const ConfigCaissePage = lazyScreen(() => import('../features/settings/caisse/ConfigCaissePage').then((m) => m.ConfigCaissePage));
const PeoplePage = lazyScreen(() => import('../features/people/pages/PeoplePage').then((m) => m.PeoplePage));
const EditPersonPage = lazyScreen(() => import('../features/people/pages/EditPersonPage').then((m) => m.EditPersonPage));
const NoticeDetailsPage = lazyScreen(() => import('../features/notices/pages/NoticeDetailsPage').then((m) => m.NoticeDetailsPage));
const PresencePage = lazyScreen(() => import('../features/presence/pages/PresencePage').then((m) => m.PresencePage));
const MesTagsPage = lazyScreen(() => import('../features/tags/pages/MesTagsPage').then((m) => m.MesTagsPage));
const TagDetailsPage = lazyScreen(() => import('../features/tags/pages/TagDetailsPage').then((m) => m.TagDetailsPage));
const MesProduitsPage = lazyScreen(() => import('../features/menus/pages/MesProduitsPage').then((m) => m.MesProduitsPage));
const ZEquipementPage = lazyScreen(() => import('../features/sales/pages/ZEquipementPage').then((m) => m.ZEquipementPage));
const ZDuJourPage = lazyScreen(() => import('../features/zaccounting/pages/ZDuJourPage').then((m) => m.ZDuJourPage));
const PdfReaderPage = lazyScreen(() => import('../features/zaccounting/pages/PdfReaderPage').then((m) => m.PdfReaderPage));
const AccountingExportPage = lazyScreen(() => import('../features/zaccounting/pages/AccountingExportPage').then((m) => m.AccountingExportPage));
const ProductSalesPage = lazyScreen(() => import('../features/sales/pages/ProductSalesPage').then((m) => m.ProductSalesPage));
const OptionSalesPage = lazyScreen(() => import('../features/sales/pages/ProductSalesPage').then((m) => m.OptionSalesPage));
const PerformancePage = lazyScreen(() => import('../features/reports/pages/PerformancePage').then((m) => m.PerformancePage));
const ProductsReportPage = lazyScreen(() => import('../features/reports/pages/ProductsReportPage').then((m) => m.ProductsReportPage));
const DiscountsReportPage = lazyScreen(() => import('../features/reports/pages/DiscountsReportPage').then((m) => m.DiscountsReportPage));
const ListContactsPage = lazyScreen(() => import('../features/customers/pages/ListContactsPage').then((m) => m.ListContactsPage));
const ContactDetailsPage = lazyScreen(() => import('../features/customers/pages/ContactDetailsPage').then((m) => m.ContactDetailsPage));
const ExportContactsPage = lazyScreen(() => import('../features/customers/pages/ExportContactsPage').then((m) => m.ExportContactsPage));
const CustomersDashboardPage = lazyScreen(() => import('../features/customers/pages/CustomersDashboardPage').then((m) => m.CustomersDashboardPage));
const CatchmentPage = lazyScreen(() => import('../features/customers/pages/CatchmentPage').then((m) => m.CatchmentPage));
const GestionMarquesPage = lazyScreen(() => import('../features/brands/pages/GestionMarquesPage').then((m) => m.GestionMarquesPage));
const NosMarquesPage = lazyScreen(() => import('../features/brands/pages/NosMarquesPage').then((m) => m.NosMarquesPage));
const FoodCourtPage = lazyScreen(() => import('../features/brands/pages/FoodCourtPage').then((m) => m.FoodCourtPage));
const CampaignsPage = lazyScreen(() => import('../features/campaigns/pages/CampaignsPage').then((m) => m.CampaignsPage));
const CampaignEditorPage = lazyScreen(() => import('../features/campaigns/pages/CampaignEditorPage').then((m) => m.CampaignEditorPage));
const SendHistoryPage = lazyScreen(() => import('../features/campaigns/pages/SendHistoryPage').then((m) => m.SendHistoryPage));
const ListsPage = lazyScreen(() => import('../features/campaigns/pages/ListsPage').then((m) => m.ListsPage));
const PaymentInfoPage = lazyScreen(() => import('../features/campaigns/pages/PaymentInfoPage').then((m) => m.PaymentInfoPage));
const CarteEditorPage = lazyScreen(() => import('../features/menus/pages/EditorPage').then((m) => m.EditorPage));
const CarteTrashPage = lazyScreen(() => import('../features/menus/pages/TrashPage').then((m) => m.TrashPage));
const CartesHistoryPage = lazyScreen(() => import('../features/menus/pages/HistoriquePage').then((m) => m.HistoriquePage));
const MesCommandesPage = lazyScreen(() => import('../features/orders/pages/MesCommandesPage').then((m) => m.MesCommandesPage));
const ArchivePage = lazyScreen(() => import('../features/archive/ArchivePage').then((m) => m.ArchivePage));
const MarketplacePage = lazyScreen(() => import('../features/marketplace/pages/MarketplacePage').then((m) => m.MarketplacePage));
const ClickAndCollectSettingsPage = lazyScreen(() =>
  import('../features/marketplace/pages/ClickAndCollectSettingsPage').then((m) => m.ClickAndCollectSettingsPage),
);
const CampagneRestosPage = lazyScreen(() => import('../features/deploy/pages/CampagneRestosPage').then((m) => m.CampagneRestosPage));
const DeploiementPage = lazyScreen(() => import('../features/deploy/pages/DeploiementPage').then((m) => m.DeploiementPage));
const RealtimeDashboardPage = lazyScreen(() => import('../features/orders/pages/RealtimeDashboardPage').then((m) => m.RealtimeDashboardPage));
const DailyFlashPage = lazyScreen(() => import('../features/flash/pages/DailyFlashPage').then((m) => m.DailyFlashPage));
const RevenuePage = lazyScreen(() => import('../features/revenue/pages/RevenuePage').then((m) => m.RevenuePage));
const RestaurantComparisonPage = lazyScreen(() => import('../features/restaurants-report/pages/RestaurantComparisonPage').then((m) => m.RestaurantComparisonPage));
const RestaurantsTodayPage = lazyScreen(() => import('../features/restaurants-report/pages/RestaurantsTodayPage').then((m) => m.RestaurantsTodayPage));
const EquipmentHistoryPage = lazyScreen(() => import('../features/restaurants-report/pages/EquipmentHistoryPage').then((m) => m.EquipmentHistoryPage));
const DataExportsPage = lazyScreen(() => import('../features/dataExports/pages/DataExportsPage').then((m) => m.DataExportsPage));
const ClickAndCollectPage = lazyScreen(() => import('../features/clickandcollect/pages/ClickAndCollectPage').then((m) => m.ClickAndCollectPage));
const CancellationsPage = lazyScreen(() => import('../features/clickandcollect/pages/CancellationsPage').then((m) => m.CancellationsPage));
const DiscountsPage = lazyScreen(() => import('../features/discounts/pages/DiscountsPage').then((m) => m.DiscountsPage));
const EditDiscountPage = lazyScreen(() => import('../features/discounts/pages/EditDiscountPage').then((m) => m.EditDiscountPage));
const PromoCodesPage = lazyScreen(() => import('../features/discounts/pages/PromoCodesPage').then((m) => m.PromoCodesPage));
const PromoCodesDashboardPage = lazyScreen(() => import('../features/discounts/pages/PromoCodesDashboardPage').then((m) => m.PromoCodesDashboardPage));
const LoyaltyDashboardPage = lazyScreen(() => import('../features/loyalty/pages/LoyaltyDashboardPage').then((m) => m.LoyaltyDashboardPage));
const LoyaltyMembersPage = lazyScreen(() => import('../features/loyalty/pages/LoyaltyMembersPage').then((m) => m.LoyaltyMembersPage));
const LoyaltyHistoryPage = lazyScreen(() => import('../features/loyalty/pages/LoyaltyHistoryPage').then((m) => m.LoyaltyHistoryPage));
const LoyaltyProgramPage = lazyScreen(() => import('../features/loyalty/pages/LoyaltyProgramPage').then((m) => m.LoyaltyProgramPage));
const GestionProduitsPage = lazyScreen(() => import('../features/availability/pages/GestionProduitsPage').then((m) => m.GestionProduitsPage));
const PlanProduitPage = lazyScreen(() => import('../features/availability/pages/PlanProduitPage').then((m) => m.PlanProduitPage));
const ProductMixPage = lazyScreen(() => import('../features/product-mix/pages/ProductMixPage').then((m) => m.ProductMixPage));

/** Screens drawn without the shell (full-page layouts). */
const standalone: ReadonlySet<ScreenId> = new Set(['login', 'signup', 'forgotPassword', 'resetPassword', 'accessDenied']);

function screen(route: AppRoute): ReactElement {
  switch (route.screen) {
    case 'login':
      return <LoginPage />;
    case 'signup':
      return <SignupPage />;
    case 'forgotPassword':
      return <ForgotPasswordPage />;
    case 'resetPassword':
      return <ResetPasswordPage />;
    case 'notFound':
      return <NotFoundPage />;
    case 'accessDenied':
      return <AccessDeniedPage />;
    case 'franchises':
      return <FranchisesPage />;
    case 'superadminNotices':
      return <SuperadminNoticesPage />;
    case 'establishments':
      return <EstablishmentsPage />;
    case 'restaurant':
      return <RestaurantPage />;
    case 'devices':
      return <DevicesPage />;
    case 'information':
      return <InformationPage />;
    case 'mesCartes':
      return <MesCartesPage />;
    case 'mesProduits':
      return <MesProduitsPage />;
    case 'zEquipement':
      return <ZEquipementPage />;
    case 'zDuJour':
      return <ZDuJourPage route={route} opening="table" />;
    case 'zPrint':
      return <ZDuJourPage route={route} opening="print" />;
    case 'pdfReader':
      return <PdfReaderPage route={route} />;
    case 'accountingExport':
      return <AccountingExportPage route={route} />;
    case 'productSales':
      return <ProductSalesPage />;
    case 'optionSales':
      return <OptionSalesPage />;
    case 'performanceFranchise':
      return <PerformancePage route={route} scope="franchise" />;
    case 'performanceRestaurant':
      return <PerformancePage route={route} scope="restaurant" />;
    case 'productsReport':
      return <ProductsReportPage route={route} />;
    case 'discountsReport':
      return <DiscountsReportPage route={route} />;
    case 'brands':
      return <GestionMarquesPage route={route} />;
    case 'customers':
      return <ListContactsPage key="all" route={route} />;
    case 'clickCollectCustomers':
      return <ListContactsPage key="cnc" route={route} clickCollect />;
    case 'customerDetails':
      return <ContactDetailsPage route={route} />;
    case 'customersExport':
      return <ExportContactsPage route={route} />;
    case 'customersDashboard':
      return <CustomersDashboardPage route={route} />;
    case 'catchment':
      return <CatchmentPage route={route} />;
    case 'brandsReport':
      return <NosMarquesPage route={route} />;
    case 'foodCourt':
      return <FoodCourtPage route={route} />;
    case 'marketingCampaigns':
      return <CampaignsPage route={route} />;
    case 'marketingEditor':
      return <CampaignEditorPage route={route} />;
    case 'marketingHistory':
      return <SendHistoryPage route={route} />;
    case 'marketingLists':
      return <ListsPage route={route} />;
    case 'marketingPayment':
      return <PaymentInfoPage route={route} />;
    case 'sizes':
      return <SizesPage />;
    case 'printers':
      return <PrintersPage />;
    case 'screens':
      return <ScreensPage />;
    case 'languages':
      return <LanguagesPage />;
    case 'kioskConfig':
      return <KioskConfigPage />;
    case 'configCaisse':
      return <ConfigCaissePage />;
    case 'people':
      return <PeoplePage />;
    case 'editPerson':
      return <EditPersonPage />;
    case 'tags':
      return <MesTagsPage />;
    case 'tagDetails':
      return <TagDetailsPage />;
    case 'noticeDetails':
      return <NoticeDetailsPage />;
    case 'presence':
      return <PresencePage />;
    case 'carteEditor':
      return <CarteEditorPage />;
    case 'carteTrash':
      return <CarteTrashPage />;
    case 'cartesHistory':
      return <CartesHistoryPage />;
    case 'mesCommandes':
      return <MesCommandesPage route={route} />;
    case 'realtimeDashboard':
      return <RealtimeDashboardPage route={route} />;
    case 'dailyFlash':
      return <DailyFlashPage route={route} />;
    case 'revenueOverTime':
      // Keyed: from one revenue route to another, the screen starts again on the new route's setting.
      return <RevenuePage key={route.path} route={route} />;
    case 'clickAndCollect':
      // Keyed: from the home to the detail, the screen starts again on the new route's view.
      return <ClickAndCollectPage key={route.path} route={route} />;
    case 'cancellations':
      return <CancellationsPage route={route} />;
    case 'productMix':
      // Keyed: from Suivi Produits to Mes Tendances, the screen starts again on the new route's view.
      return <ProductMixPage key={route.path} route={route} />;
    case 'restaurantComparison':
      // Keyed: from Suivi Franchise to Suivi Restaurant, the screen starts again focused or not.
      return <RestaurantComparisonPage key={route.path} route={route} />;
    case 'restaurantsToday':
      return <RestaurantsTodayPage route={route} />;
    case 'equipmentHistory':
      return <EquipmentHistoryPage route={route} />;
    case 'dataExports':
      // Keyed: from Données to the product exports, the screen starts again on the new route's tables.
      return <DataExportsPage key={route.path} route={route} />;
    case 'marketplace':
      return <MarketplacePage route={route} />;
    case 'archive':
      return <ArchivePage route={route} />;
    case 'clickAndCollectSettings':
      return <ClickAndCollectSettingsPage route={route} />;
    case 'gestionProduits':
      return <GestionProduitsPage route={route} />;
    case 'planProduit':
      return <PlanProduitPage route={route} />;
    case 'campagneRestos':
      return <CampagneRestosPage />;
    case 'deploiementCarte':
      return <DeploiementPage />;
    case 'discounts':
      return <DiscountsPage route={route} />;
    case 'editDiscount':
      // Keyed: from one family's editor to the other's, or to a new discount, the form starts again.
      return <EditDiscountPage key={route.path} route={route} />;
    case 'promoCodes':
      return <PromoCodesPage route={route} />;
    case 'promoCodesDashboard':
      return <PromoCodesDashboardPage route={route} />;
    case 'loyaltyDashboard':
      return <LoyaltyDashboardPage route={route} />;
    case 'loyaltyMembers':
      return <LoyaltyMembersPage route={route} />;
    case 'loyaltyHistory':
      return <LoyaltyHistoryPage route={route} />;
    case 'loyaltyProgram':
      return <LoyaltyProgramPage route={route} />;
    case 'placeholder':
      return <PlaceholderPage route={route} />;
  }
}

function DocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    const route = routes.find((r) => matchPath(r.path, pathname));
    document.title = route ? `${route.title} · Brigade` : 'Brigade';
  }, [pathname]);
  return null;
}

/**
 * The signed-in frame. The matched screen's code is asked for at the same time as the frame's,
 * not once the frame has arrived: one wait instead of two after signing in.
 */
function ShellRoute() {
  const { pathname } = useLocation();
  const route = routes.find((r) => !standalone.has(r.screen) && matchPath(r.path, pathname));
  if (route) (screen(route).type as { preload?: () => unknown }).preload?.();
  return (
    <Suspense fallback={<LoadingPanel minHeight="100vh" />}>
      <AppShell />
    </Suspense>
  );
}

const element = (route: AppRoute) => (
  <Guard route={route}>
    <Suspense fallback={<LoadingPanel minHeight="60vh" />}>{screen(route)}</Suspense>
  </Guard>
);

/** The whole route table (routeTable.ts) with its guards. */
export function AppRoutes() {
  return (
    <>
      <SuspensionWatcher />
      <DocumentTitle />
      <Routes>
        <Route index element={<RootRedirect />} />
        <Route element={<ShellRoute />}>
          {routes
            .filter((r) => !standalone.has(r.screen))
            .map((r) => (
              <Route key={r.path} path={r.path} element={element(r)} />
            ))}
        </Route>
        {routes
          .filter((r) => standalone.has(r.screen))
          .map((r) => (
            <Route key={r.path} path={r.path} element={element(r)} />
          ))}
        <Route path="*" element={<UnknownRoute />} />
      </Routes>
    </>
  );
}
