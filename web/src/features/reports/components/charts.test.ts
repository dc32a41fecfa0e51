import { describe, expect, it } from 'vitest';
import { valueTicks } from './charts';
import { formatInteger } from '../format';

const minutes = (v: number) => `${formatInteger(v)} min`;

describe('chart value ticks', () => {
  it('never repeat a label on small values', () => {
    for (const values of [[0.4], [1.2, 0.8], [1.6], [2.4, 1.1], [3], [0]]) {
      const labels = valueTicks(values).map(minutes);
      expect(new Set(labels).size, `${values} → ${labels.join(', ')}`).toBe(labels.length);
    }
    expect(valueTicks([1.6]).map(minutes)).toEqual(['0 min', '1 min', '2 min']);
  });

  it('step 1–2–5 and reach past the largest value', () => {
    expect(valueTicks([12.59])).toEqual([0, 5, 10, 15]);
    expect(valueTicks([10])).toEqual([0, 5, 10]);
    expect(valueTicks([123_456])).toEqual([0, 50_000, 100_000, 150_000]);
    expect(valueTicks([])).toEqual([0, 1]);
  });
});
