import { PRODUCT } from '../../app/routeTable';

/**
 * The discount screens answer two route families of the spec: /brigade/configreduction with
 * /brigade/editreduction/:idRed, and /reductions/lists with /reductions/edit(?id=). Each list links
 * to the editor of its own family, and the editor goes back to the list it belongs to.
 */
export const CONFIG_LIST_PATH = `/${PRODUCT}/configreduction`;
export const LISTS_PATH = '/reductions/lists';
export const PROMO_CODES_PATH = `/${PRODUCT}/configcodepromo`;

export type DiscountFamily = 'brigade' | 'reductions';

export function familyOf(pathname: string): DiscountFamily {
  return pathname.startsWith('/reductions/') ? 'reductions' : 'brigade';
}

export function listPath(family: DiscountFamily): string {
  return family === 'reductions' ? LISTS_PATH : CONFIG_LIST_PATH;
}

/** The editor of a discount (an id) or of a new one ('new'). */
export function editDiscountPath(family: DiscountFamily, id: number | 'new'): string {
  if (family === 'reductions') return id === 'new' ? '/reductions/edit' : `/reductions/edit?id=${id}`;
  return `/${PRODUCT}/editreduction/${id}`;
}

/** The route's id: 'new', a positive number, or null for anything else (shown as not found). */
export function parseDiscountId(raw: string | null | undefined, family: DiscountFamily): 'new' | number | null {
  if (raw === 'new' || (family === 'reductions' && (raw === null || raw === undefined || raw === ''))) return 'new';
  if (!raw || !/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
