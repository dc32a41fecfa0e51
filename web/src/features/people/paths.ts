import type { Crumb } from '../../components/PageHeader';
import { PRODUCT } from '../../app/routeTable';

/** The accounts list; /config/Employee shows the same screen. */
export const PEOPLE_PATH = `/${PRODUCT}/GestionUtilisateurs`;
export const EMPLOYEES_PATH = '/config/Employee';
const LIST_PATHS: readonly string[] = [PEOPLE_PATH, EMPLOYEES_PATH];

export function editPersonPath(id: number | 'new'): string {
  return `/${PRODUCT}/EditUtilisateur/${id}`;
}

/** Where the edit page came from (set by the list's links), so Annuler goes back to the same list. */
export interface FromListState {
  from?: string;
}

export function listPathFrom(state: unknown): string {
  const from = typeof state === 'object' && state !== null ? (state as FromListState).from : undefined;
  return from && LIST_PATHS.includes(from) ? from : PEOPLE_PATH;
}

/** Accueil › Paramètres › Employés › … */
export function peopleCrumbs(listPath: string, ...rest: Crumb[]): Crumb[] {
  return [{ label: 'Accueil', to: '/' }, { label: 'Paramètres' }, { label: 'Employés', to: listPath }, ...rest];
}
