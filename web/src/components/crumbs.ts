import { areaOf, type AppRoute } from '../app/routeTable';
import type { Crumb } from './PageHeader';

/**
 * Breadcrumb of a route: home, its area, its title. Its own module: the screens that use it no
 * longer import the placeholder screen (and its cards and icons) to get it (issue 16).
 */
export function crumbsOf(route: AppRoute): Crumb[] {
  return [{ label: 'Accueil', to: '/' }, { label: areaOf(route.area).label }, { label: route.title }];
}
