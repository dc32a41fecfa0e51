import { describe, expect, it } from 'vitest';
import { centsText, fieldOf, formOf, ordersPerHour, settingsOf, validate } from './clickAndCollectForm';

describe('click & collect settings form', () => {
  it('shows the defaults for settings never saved, and amounts the French way', () => {
    const f = formOf({ min_order_cents: 1250, service_fee_cents: 5 });
    expect(f.slot_minutes).toBe(15);
    expect(f.slot_capacity).toBe('10');
    expect(f.preparation_minutes).toBe('20');
    expect(f.min_order).toBe('12,50');
    expect(f.service_fee).toBe('0,05');
    expect(f.delivery_fee).toBe('');
    expect(centsText(0)).toBe('');
  });

  it('sends cents and whole numbers, blanks as zero', () => {
    const f = { ...formOf({}), slot_minutes: 30, slot_capacity: '6', min_order: '12,5', delivery_fee: ' ' };
    expect(settingsOf(f)).toMatchObject({ slot_minutes: 30, slot_capacity: 6, preparation_minutes: 20, min_order_cents: 1250, delivery_fee_cents: 0 });
  });

  it('refuses what the server refuses, under each field', () => {
    const f = { ...formOf({}), slot_capacity: '0', preparation_minutes: '241', service_fee: '12,345', min_order: 'douze' };
    const errors = validate(f);
    expect(errors.slot_capacity).toBe('Un créneau accepte de 1 à 500 commandes.');
    expect(errors.preparation_minutes).toBe('Le temps de préparation va de 0 à 240 minutes.');
    expect(errors.service_fee).toMatch(/^Montant invalide/);
    expect(errors.min_order).toMatch(/^Montant invalide/);
    expect(validate(formOf({}))).toEqual({});
  });

  it('places the server’s field errors and counts orders per hour', () => {
    expect(fieldOf('body.settings.min_order_cents')).toBe('min_order');
    expect(fieldOf('body.settings.slot_minutes')).toBe('slot_minutes');
    expect(fieldOf('body.version')).toBeUndefined();
    expect(ordersPerHour({ ...formOf({}), slot_minutes: 20, slot_capacity: '5' })).toBe(15);
    expect(ordersPerHour({ ...formOf({}), slot_capacity: 'x' })).toBeNull();
  });
});
