import { Suspense, lazy, useEffect, type ReactElement } from 'react';
import { Route, Routes, matchPath, useLocation } from 'react-router';
import { LoadingPanel } from '../components/LoadingPanel';
import { NotFoundPage } from '../features/auth/pages/NotFoundPage';
import { Guard, RootRedirect, SuspensionWatcher, UnknownRoute } from './guards';
import { PlaceholderPage } from './PlaceholderPage';
import { routes, type AppRoute, type ScreenId } from './routeTable';
import { AppShell } from './shell/AppShell';

// Screens a session rarely needs load on demand, keeping the first download small.
const LoginPage = lazy(() => import('../features/auth/pages/LoginPage').then((m) => ({ default: m.LoginPage })));
const SignupPage = lazy(() => import('../features/auth/pages/SignupPage').then((m) => ({ default: m.SignupPage })));
const ForgotPasswordPage = lazy(() =>
  import('../features/auth/pages/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/pages/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
const AccessDeniedPage = lazy(() =>
  import('../features/auth/pages/AccessDeniedPage').then((m) => ({ default: m.AccessDeniedPage })),
);
const FranchisesPage = lazy(() =>
  import('../features/superadmin/pages/FranchisesPage').then((m) => ({ default: m.FranchisesPage })),
);
const EstablishmentsPage = lazy(() =>
  import('../features/establishments/pages/EstablishmentsPage').then((m) => ({ default: m.EstablishmentsPage })),
);
const RestaurantPage = lazy(() =>
  import('../features/establishments/pages/RestaurantPage').then((m) => ({ default: m.RestaurantPage })),
);
const DevicesPage = lazy(() => import('../features/establishments/pages/DevicesPage').then((m) => ({ default: m.DevicesPage })));
const InformationPage = lazy(() =>
  import('../features/franchise/pages/InformationPage').then((m) => ({ default: m.InformationPage })),
);

const MesCartesPage = lazy(() => import('../features/menus/pages/MesCartesPage').then((m) => ({ default: m.MesCartesPage })));
const SizesPage = lazy(() => import('../features/settings/pages/SizesPage').then((m) => ({ default: m.SizesPage })));
const PrintersPage = lazy(() => import('../features/settings/pages/PrintersPage').then((m) => ({ default: m.PrintersPage })));
const ScreensPage = lazy(() => import('../features/settings/pages/ScreensPage').then((m) => ({ default: m.ScreensPage })));
const LanguagesPage = lazy(() => import('../features/settings/pages/LanguagesPage').then((m) => ({ default: m.LanguagesPage })));
const KioskConfigPage = lazy(() => import('../features/settings/pages/KioskConfigPage').then((m) => ({ default: m.KioskConfigPage })));
const ConfigCaissePage = lazy(() => import('../features/settings/caisse/ConfigCaissePage').then((m) => ({ default: m.ConfigCaissePage })));
const PeoplePage = lazy(() => import('../features/people/pages/PeoplePage').then((m) => ({ default: m.PeoplePage })));
const EditPersonPage = lazy(() => import('../features/people/pages/EditPersonPage').then((m) => ({ default: m.EditPersonPage })));
const NoticeDetailsPage = lazy(() => import('../features/notices/pages/NoticeDetailsPage').then((m) => ({ default: m.NoticeDetailsPage })));
const PresencePage = lazy(() => import('../features/presence/pages/PresencePage').then((m) => ({ default: m.PresencePage })));
const MesTagsPage = lazy(() => import('../features/tags/pages/MesTagsPage').then((m) => ({ default: m.MesTagsPage })));
const TagDetailsPage = lazy(() => import('../features/tags/pages/TagDetailsPage').then((m) => ({ default: m.TagDetailsPage })));
const MesProduitsPage = lazy(() => import('../features/menus/pages/MesProduitsPage').then((m) => ({ default: m.MesProduitsPage })));
const ZEquipementPage = lazy(() => import('../features/sales/pages/ZEquipementPage').then((m) => ({ default: m.ZEquipementPage })));
const ProductSalesPage = lazy(() => import('../features/sales/pages/ProductSalesPage').then((m) => ({ default: m.ProductSalesPage })));
const OptionSalesPage = lazy(() => import('../features/sales/pages/ProductSalesPage').then((m) => ({ default: m.OptionSalesPage })));
const PerformancePage = lazy(() => import('../features/reports/pages/PerformancePage').then((m) => ({ default: m.PerformancePage })));
const ProductsReportPage = lazy(() => import('../features/reports/pages/ProductsReportPage').then((m) => ({ default: m.ProductsReportPage })));
const DiscountsReportPage = lazy(() => import('../features/reports/pages/DiscountsReportPage').then((m) => ({ default: m.DiscountsReportPage })));
const CarteEditorPage = lazy(() => import('../features/menus/pages/EditorPage').then((m) => ({ default: m.EditorPage })));
const CarteTrashPage = lazy(() => import('../features/menus/pages/TrashPage').then((m) => ({ default: m.TrashPage })));
const CartesHistoryPage = lazy(() => import('../features/menus/pages/HistoriquePage').then((m) => ({ default: m.HistoriquePage })));
const MesCommandesPage = lazy(() => import('../features/orders/pages/MesCommandesPage').then((m) => ({ default: m.MesCommandesPage })));
const MarketplacePage = lazy(() => import('../features/marketplace/pages/MarketplacePage').then((m) => ({ default: m.MarketplacePage })));
const CampagneRestosPage = lazy(() => import('../features/deploy/pages/CampagneRestosPage').then((m) => ({ default: m.CampagneRestosPage })));
const DeploiementPage = lazy(() => import('../features/deploy/pages/DeploiementPage').then((m) => ({ default: m.DeploiementPage })));
const RealtimeDashboardPage = lazy(() =>
  import('../features/orders/pages/RealtimeDashboardPage').then((m) => ({ default: m.RealtimeDashboardPage })),
);

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
    case 'marketplace':
      return <MarketplacePage route={route} />;
    case 'campagneRestos':
      return <CampagneRestosPage />;
    case 'deploiementCarte':
      return <DeploiementPage />;
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
        <Route element={<AppShell />}>
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
