import { describe, expect, it } from 'vitest';
import { currencySymbol } from '../reports/format';
import { formatCents } from './format';

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatCents', () => {
  it("writes a restaurant's price in its own currency", () => {
    expect(plain(formatCents(1250, 'EUR'))).toBe('12,50 €');
    expect(plain(formatCents(1250, 'CHF'))).toBe('12,50 CHF');
    expect(plain(formatCents(129000, 'MAD'))).toBe('1 290,00 MAD');
  });
});

describe('currencySymbol', () => {
  it('is the sign written after an amount, as the price fields show it', () => {
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('CHF')).toBe('CHF');
  });
});
