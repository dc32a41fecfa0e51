// The click & collect settings form (configclickandcollect): what the page shows, checks and sends.
import { parseCents } from '../deploy/format';
import type { ModuleSettings } from './types';

/** Defaults of settings never saved (the server's marketplace.Default*). */
export const DEFAULTS = { slot_minutes: 15, slot_capacity: 10, preparation_minutes: 20 } as const;

/** Slot lengths that divide the day, as the server requires. */
export const SLOT_CHOICES = [5, 10, 15, 20, 30, 45, 60, 90, 120] as const;

export interface CollectForm {
  slot_minutes: number;
  slot_capacity: string;
  preparation_minutes: string;
  min_order: string;
  service_fee: string;
  delivery_fee: string;
  auto_accept_commands: boolean;
  ring_new_command: boolean;
}

export type CollectField = 'slot_minutes' | 'slot_capacity' | 'preparation_minutes' | 'min_order' | 'service_fee' | 'delivery_fee';

/** Cents as a French amount to edit: 1250 → '12,50', 0 → ''. */
export function centsText(cents: number | undefined): string {
  if (!cents) return '';
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}

export function formOf(s: ModuleSettings): CollectForm {
  return {
    slot_minutes: s.slot_minutes || DEFAULTS.slot_minutes,
    slot_capacity: String(s.slot_capacity || DEFAULTS.slot_capacity),
    preparation_minutes: String(s.preparation_minutes || DEFAULTS.preparation_minutes),
    min_order: centsText(s.min_order_cents),
    service_fee: centsText(s.service_fee_cents),
    delivery_fee: centsText(s.delivery_fee_cents),
    auto_accept_commands: Boolean(s.auto_accept_commands),
    ring_new_command: Boolean(s.ring_new_command),
  };
}

function wholeNumber(text: string): number {
  const t = text.trim();
  return /^\d+$/.test(t) ? Number(t) : Number.NaN;
}

/** The server's checks, so that messages sit under their fields before any call. */
export function validate(f: CollectForm): Partial<Record<CollectField, string>> {
  const errors: Partial<Record<CollectField, string>> = {};
  const capacity = wholeNumber(f.slot_capacity);
  if (!(capacity >= 1 && capacity <= 500)) errors.slot_capacity = 'Un créneau accepte de 1 à 500 commandes.';
  const prep = wholeNumber(f.preparation_minutes);
  if (!(prep >= 0 && prep <= 240)) errors.preparation_minutes = 'Le temps de préparation va de 0 à 240 minutes.';
  for (const k of ['min_order', 'service_fee', 'delivery_fee'] as const) {
    const c = parseCents(f[k]);
    if (c !== null && (Number.isNaN(c) || c > 100_000_00)) errors[k] = 'Montant invalide : un nombre positif, deux décimales au plus (ex. 12,50).';
  }
  return errors;
}

/** The settings to save; other modules' fields are not sent. */
export function settingsOf(f: CollectForm): ModuleSettings {
  return {
    slot_minutes: f.slot_minutes,
    slot_capacity: wholeNumber(f.slot_capacity),
    preparation_minutes: wholeNumber(f.preparation_minutes),
    min_order_cents: parseCents(f.min_order) ?? 0,
    service_fee_cents: parseCents(f.service_fee) ?? 0,
    delivery_fee_cents: parseCents(f.delivery_fee) ?? 0,
    auto_accept_commands: f.auto_accept_commands,
    ring_new_command: f.ring_new_command,
  };
}

/** Server field paths ('body.settings.slot_capacity') → the form's fields. */
export function fieldOf(location: string | undefined): CollectField | undefined {
  const path = location?.replace(/^body\.settings\./, '') ?? '';
  const map: Record<string, CollectField> = {
    slot_minutes: 'slot_minutes',
    slot_capacity: 'slot_capacity',
    preparation_minutes: 'preparation_minutes',
    min_order_cents: 'min_order',
    service_fee_cents: 'service_fee',
    delivery_fee_cents: 'delivery_fee',
  };
  return map[path];
}

/** How many orders the restaurant can take per hour with these settings. */
export function ordersPerHour(f: CollectForm): number | null {
  const capacity = wholeNumber(f.slot_capacity);
  if (!(capacity >= 1)) return null;
  return Math.round((60 / f.slot_minutes) * capacity);
}
