const day = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short' });
const time = new Intl.DateTimeFormat('fr-FR', { timeStyle: 'short' });

export const DEFAULTS_TEXT = 'Valeurs par défaut';

/** 'Modifié le 21/11/2026 à 17:44 par Camille', or 'Valeurs par défaut' for a list never saved (version 0). */
export function lastChangeText(body: { version: number; updatedAt?: string; updatedBy?: string }): string {
  if (body.version === 0) return DEFAULTS_TEXT;
  const d = body.updatedAt ? new Date(body.updatedAt) : null;
  const when = d && !Number.isNaN(d.getTime()) ? ` le ${day.format(d)} à ${time.format(d)}` : '';
  const who = body.updatedBy ? ` par ${body.updatedBy}` : '';
  return `Modifié${when}${who}`;
}
