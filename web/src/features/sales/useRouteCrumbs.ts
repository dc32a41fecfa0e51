import { matchPath, useLocation } from 'react-router';
import { crumbsOf } from '../../components/crumbs';
import { routes } from '../../app/routeTable';
import type { Crumb } from '../../components/PageHeader';

/** The breadcrumb of the route this screen was opened from (aliases sit in other areas). */
export function useRouteCrumbs(title: string): Crumb[] {
  const { pathname } = useLocation();
  const route = routes.find((r) => matchPath(r.path, pathname));
  return route ? crumbsOf(route) : [{ label: 'Accueil', to: '/' }, { label: title }];
}
