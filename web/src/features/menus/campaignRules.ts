import { ApiError } from '../../api/client';
import { datesToPeriods } from './components/CampaignDialog';
import type { Campaign } from './types';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A periodic carte's days come back every month: day and month only ('1 oct.'). */
const dayMonth = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short' });
const fullDay = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium' });

/** A calendar day (AAAA-MM-JJ) in fr-FR, without a time-zone shift; other text as it is. */
function day(format: Intl.DateTimeFormat, value: string): string {
  const m = DAY.exec(value);
  return m ? format.format(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : value;
}

type CampaignPeriod = Pick<Campaign, 'dateDebut' | 'dateFin' | 'isPeriodic' | 'campagneDates'>;

/**
 * The period Mes Cartes shows for a carte. A periodic carte shows its dates (the periodic rows,
 * else its start and end) as day and month — 'Périodique : du 1 oct. au 31 oct.' — since they
 * come back each month; it never reads 'Toute l’année'.
 */
export function periodText(c: CampaignPeriod): string {
  if (c.isPeriodic) {
    const rows = datesToPeriods(c.campagneDates).filter((r) => DAY.test(r.start) && DAY.test(r.end));
    if (rows.length === 0 && DAY.test(c.dateDebut) && DAY.test(c.dateFin)) rows.push({ start: c.dateDebut, end: c.dateFin });
    if (rows.length === 0) return 'Périodique : dates à définir';
    return `Périodique : ${rows.map((r) => `du ${day(dayMonth, r.start)} au ${day(dayMonth, r.end)}`).join(', ')}`;
  }
  if (c.dateDebut && c.dateFin) return `Du ${day(fullDay, c.dateDebut)} au ${day(fullDay, c.dateFin)}`;
  if (c.dateDebut) return `À partir du ${day(fullDay, c.dateDebut)}`;
  if (c.dateFin) return `Jusqu’au ${day(fullDay, c.dateFin)}`;
  return 'Toute l’année';
}

/**
 * The server's warning that another active carte has the name asked for (a 422 on
 * confirmDuplicateName): its text, to ask the user before sending again with the confirmation;
 * null for any other error.
 */
export function duplicateNameWarning(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const e = error.errors.find((f) => f.location === 'body.confirmDuplicateName');
  return e ? (e.message ?? error.detail) : null;
}
