import { areas, routes, type AppRoute, type Area } from './routeTable';
import { isSuperAdmin, type Session } from './session';

/** The side menu's entries for a session, grouped by area in the route table's order. */
export function navGroups(session: Session): { area: Area; items: AppRoute[] }[] {
  const superAdmin = isSuperAdmin(session);
  const visible = routes.filter((r) => {
    if (!r.nav || r.hidden) return false;
    if (superAdmin) return r.guard === 'superadmin';
    if (r.guard === 'superadmin' || r.guard === 'token') return false;
    if (r.guard === 'moderatorToken' && session.roles === 'moderator') return false;
    if (r.adminOnly && session.roles !== 'admin') return false;
    return true;
  });
  return areas
    .map((area) => ({ area, items: visible.filter((r) => r.area === area.id) }))
    .filter((g) => g.items.length > 0);
}
