import { describe, expect, it } from 'vitest';
import {
  currentMonthRange,
  formatCents,
  formatDecimal,
  formatInteger,
  formatPercent,
  formatRange,
  formatTaxRate,
  formatTaxRates,
  formatMinutes,
  formatAxisMinutes,
  rangeError,
  RANGE_ERROR_TEXT,
  todayRange,
} from './format';
import {
  bandColour,
  bandIndex,
  bandLabel,
  FAST_TRANK_BANDS,
  gradedColour,
  heatIntensity,
  PRODUCT_EXIT_BANDS,
  RESTAURANT_EXIT_BANDS,
} from './bands';
import { HEAT_WEEKDAYS, HEAT_ZONES, hourLabel } from './heatmap';

// Intl writes French numbers with no-break spaces; tests compare with plain spaces.
export const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('French formatting', () => {
  it('formats cents in the franchise currency', () => {
    expect(plain(formatCents(1250))).toBe('12,50 €');
    expect(plain(formatCents(123456789))).toBe('1 234 567,89 €');
    expect(plain(formatCents(-250))).toBe('-2,50 €');
    expect(plain(formatCents(1250, 'CHF'))).toBe('12,50 CHF');
    expect(plain(formatCents(1250, 'not a code'))).toBe('12,50 €');
  });

  it('formats counts, decimals and percentages the French way', () => {
    expect(plain(formatInteger(12345))).toBe('12 345');
    expect(formatDecimal(10.5)).toBe('10,50');
    expect(plain(formatPercent(7.325))).toBe('7,33 %');
    expect(plain(formatPercent(100))).toBe('100,00 %');
  });

  it('shows tax rates as 5,5 % and 10 %', () => {
    expect(plain(formatTaxRate(550))).toBe('5,5 %');
    expect(plain(formatTaxRate(1000))).toBe('10 %');
    expect(plain(formatTaxRate(220))).toBe('2,2 %');
    expect(plain(formatTaxRate(2000))).toBe('20 %');
  });

  it('shows several tax rates smallest first, each once, and none as a dash', () => {
    expect(plain(formatTaxRates([1000, 550]))).toBe('5,5 % · 10 %');
    expect(plain(formatTaxRates([550, 550]))).toBe('5,5 %');
    expect(formatTaxRates([])).toBe('—');
    expect(formatTaxRates(null)).toBe('—');
  });

  it('rounds exit minutes once, at display, and shows no average as a dash', () => {
    expect(formatMinutes(5.25)).toBe('5,25');
    expect(formatMinutes(5.7125)).toBe('5,71');
    expect(formatMinutes(null)).toBe('—');
    // Chart ticks: as many decimals as needed, so 0,5 / 1 / 1,5 never read '1 min, 1 min'.
    expect([0.5, 1, 1.5, 5.25].map((v) => plain(formatAxisMinutes(v)))).toEqual(['0,5 min', '1 min', '1,5 min', '5,25 min']);
  });

  it('defaults to the current month, first to last day', () => {
    expect(currentMonthRange(new Date(2026, 1, 10))).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(currentMonthRange(new Date(2028, 1, 29))).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(currentMonthRange(new Date(2026, 11, 31))).toEqual({ start: '2026-12-01', end: '2026-12-31' });
    expect(todayRange(new Date(2026, 10, 21))).toEqual({ start: '2026-11-21', end: '2026-11-21' });
  });

  it('refuses a start after the end, allows equal dates', () => {
    expect(rangeError({ start: '2026-11-02', end: '2026-11-01' })).toBe(RANGE_ERROR_TEXT);
    expect(rangeError({ start: '2026-11-01', end: '2026-11-01' })).toBeNull();
    expect(rangeError({ start: '', end: '2026-11-01' })).not.toBeNull();
    expect(formatRange({ start: '2026-11-01', end: '2026-11-30' })).toBe('du 01/11/2026 au 30/11/2026');
  });
});

describe('colour bands', () => {
  it('restaurant exit time: 5-minute bands, green at 0–5, red from 65', () => {
    expect(bandIndex(0, RESTAURANT_EXIT_BANDS)).toBe(0);
    expect(bandIndex(4.99, RESTAURANT_EXIT_BANDS)).toBe(0);
    expect(bandIndex(5, RESTAURANT_EXIT_BANDS)).toBe(1);
    expect(bandIndex(64.9, RESTAURANT_EXIT_BANDS)).toBe(12);
    expect(bandIndex(65, RESTAURANT_EXIT_BANDS)).toBe(13);
    expect(bandIndex(400, RESTAURANT_EXIT_BANDS)).toBe(13);
    expect(bandColour(2, RESTAURANT_EXIT_BANDS).background).toBe('#2ea043');
    expect(bandColour(65, RESTAURANT_EXIT_BANDS).background).toBe('#d32f2f');
    expect(bandLabel(13, RESTAURANT_EXIT_BANDS, 'min')).toBe('≥ 65 min');
    expect(bandLabel(1, RESTAURANT_EXIT_BANDS, 'min')).toBe('5 – 10 min');
  });

  it('category/product exit time: 10-minute bands, red from 130; fast trank: 20-unit bands, red from 260', () => {
    expect(bandIndex(129.9, PRODUCT_EXIT_BANDS)).toBe(12);
    expect(bandIndex(130, PRODUCT_EXIT_BANDS)).toBe(13);
    expect(bandColour(130, PRODUCT_EXIT_BANDS).background).toBe('#d32f2f');
    expect(bandIndex(19, FAST_TRANK_BANDS)).toBe(0);
    expect(bandIndex(259, FAST_TRANK_BANDS)).toBe(12);
    expect(bandIndex(260, FAST_TRANK_BANDS)).toBe(13);
  });

  it('grades green → orange → red', () => {
    const [g, o, r] = [gradedColour(0), gradedColour(0.55), gradedColour(1)];
    expect(g.background).toBe('#2ea043');
    expect(o.background).toBe('#f5a623');
    expect(r.background).toBe('#d32f2f');
    // Levels rise with the value.
    const levels = [0, 10, 20, 30, 40, 50, 60, 70].map((v) => bandColour(v, RESTAURANT_EXIT_BANDS).level);
    expect([...levels].sort((a, b) => a - b)).toEqual(levels);
  });

  it('heat-map intensity is relative to the maximum', () => {
    expect(heatIntensity(5, 20)).toBe(0.25);
    expect(heatIntensity(20, 20)).toBe(1);
    expect(heatIntensity(0, 20)).toBe(0);
    expect(heatIntensity(3, 0)).toBe(0);
  });
});

describe('heat map', () => {
  it('lists Sunday first, GMT then the seven zones', () => {
    expect(HEAT_WEEKDAYS[0]).toBe('Dimanche');
    expect(HEAT_WEEKDAYS[6]).toBe('Samedi');
    expect(HEAT_ZONES.map((z) => z.code)).toEqual(['GMT', 'CA', 'MA', 'NC', 'FR', 'SA', 'PF', 'CH']);
    expect(HEAT_ZONES.find((z) => z.code === 'SA')?.zone).toBe('Asia/Riyadh');
    expect(HEAT_ZONES.find((z) => z.code === 'CA')?.zone).toBe('America/Toronto');
  });

  it('labels hours in 24 h and 12 h', () => {
    expect(hourLabel(0, '24')).toBe('00 h');
    expect(hourLabel(13, '24')).toBe('13 h');
    expect(hourLabel(0, '12')).toBe('12 AM');
    expect(hourLabel(12, '12')).toBe('12 PM');
    expect(hourLabel(13, '12')).toBe('1 PM');
  });
});
