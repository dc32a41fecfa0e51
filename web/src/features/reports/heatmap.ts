/** The heat map's time zones (spec §9, DECISIONS): GMT by default, then the seven countries. */
export interface HeatZone {
  code: string;
  /** IANA zone sent to the API; '' = GMT (UTC). */
  zone: string;
  label: string;
}

export const GMT_ZONE: HeatZone = { code: 'GMT', zone: '', label: 'GMT (UTC)' };

export const HEAT_ZONES: readonly HeatZone[] = [
  GMT_ZONE,
  { code: 'CA', zone: 'America/Toronto', label: 'CA — America/Toronto' },
  { code: 'MA', zone: 'Africa/Casablanca', label: 'MA — Africa/Casablanca' },
  { code: 'NC', zone: 'Pacific/Noumea', label: 'NC — Pacific/Noumea' },
  { code: 'FR', zone: 'Europe/Paris', label: 'FR — Europe/Paris' },
  { code: 'SA', zone: 'Asia/Riyadh', label: 'SA — Asia/Riyadh' },
  { code: 'PF', zone: 'Pacific/Tahiti', label: 'PF — Pacific/Tahiti' },
  { code: 'CH', zone: 'Europe/Zurich', label: 'CH — Europe/Zurich' },
];

/** Columns of the heat map, Sunday first as specified (the API's weekdays[0] is Sunday). */
export const HEAT_WEEKDAYS = ['Dimanche', 'Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi'] as const;

export type HourFormat = '12' | '24';

/** An hour row label: 24 h → '00 h', '13 h'; 12 h → '12 AM', '1 PM'. */
export function hourLabel(hour: number, format: HourFormat): string {
  const h = ((hour % 24) + 24) % 24;
  if (format === '24') return `${String(h).padStart(2, '0')} h`;
  const twelve = h % 12 === 0 ? 12 : h % 12;
  return `${twelve} ${h < 12 ? 'AM' : 'PM'}`;
}
