import { describe, expect, it } from 'vitest';
import { formatPrice } from './format';

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatPrice', () => {
  it("writes a carte price in the franchise's currency, French layout", () => {
    expect(plain(formatPrice(12.5, 'EUR'))).toBe('12,50 €');
    expect(plain(formatPrice(12.5, 'CHF'))).toBe('12,50 CHF');
    expect(plain(formatPrice('9,9', 'MAD'))).toBe('9,90 MAD');
    expect(plain(formatPrice(1234.5, 'EUR'))).toBe('1 234,50 €');
    expect(formatPrice('abc', 'EUR')).toBe('abc');
  });
});
