import { SalesPage } from './SalesPage';

/** 'Mes Produits' sales page (/ProductDashboard and its aliases). */
export function ProductSalesPage() {
  return <SalesPage kind="products" />;
}

/** 'Mes Options' (/OptionDashboard and its aliases). */
export function OptionSalesPage() {
  return <SalesPage kind="options" />;
}
