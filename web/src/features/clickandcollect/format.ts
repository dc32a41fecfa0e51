/**
 * Wording of the click & collect and Mes Annulations screens. Amounts, counts, dates and changes go
 * through the shared report, flash and revenue formatting (Intl fr-FR, the answer's currency).
 */
import { change, direction, formatChange } from '../flash/format';

export { REVENUE_PERIODS as COLLECT_PERIODS, CUSTOM_PERIOD_LABEL, hourText, axisMoney } from '../revenue/format';

export const COLLECT_EMPTY_TEXT = 'Aucune commande click & collect sur cette période';
export const CANCEL_EMPTY_TEXT = 'Aucune commande annulée sur cette période';
export const PREVIOUS_LABEL = 'vs période précédente';
export const CURRENT_NAME = 'Période';
export const PREVIOUS_NAME = 'Période précédente';

/** The reason shown for a cancellation without one (an order posted cancelled, a status change without a reason). */
export const NO_REASON = 'Motif non renseigné';
export const NO_REASON_HELP =
  "Le motif est celui que la caisse ou la borne envoie en annulant ou en remboursant une commande déjà envoyée ; une commande envoyée déjà annulée n'en a pas : « Motif non renseigné ».";

/** The route that opens the click & collect screen on its detailed view (the other opens on the home). */
export const COLLECT_DETAIL_PATHS = ['/Cncstats/BetaMonClickncollect'];
export const COLLECT_ORDERS_PATH = '/Cncstats/SuiviCnCListCommand';
export const CANCELLATIONS_PATH = '/Cncstats/MesAnnulations';
export const COLLECT_DETAIL_PATH = '/Cncstats/BetaMonClickncollect';


/** Whether a change is good news: more click & collect is, more cancellations is not. */
export type Better = 'up' | 'down';

/** The change from `reference` to `value`, its text and its tone (good, bad, flat or none). */
export function trend(value: number, reference: number, better: Better = 'up') {
  const pct = change(value, reference);
  const dir = direction(pct);
  const tone = dir === 'none' || dir === 'flat' ? dir : dir === better ? 'good' : 'bad';
  return { text: formatChange(pct), dir, tone } as const;
}

/** A difference of two percentages, in points: (5.2, 4) → '+1,20 pt'. */
export function pointsText(value: number, reference: number): string {
  const d = Math.round((value - reference) * 100) / 100;
  const sign = d > 0 ? '+' : d < 0 ? '\u2212' : '';
  return `${sign}${new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(d))}\u00a0pt`;
}
