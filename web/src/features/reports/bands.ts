/**
 * Colour bands of the report tables (spec §9, DECISIONS: a graded green → orange → red palette).
 * Every scale has 14 bands: band 0 is green, the last band (the "red at or above" threshold) red,
 * orange in the middle.
 */

export interface BandScale {
  /** Width of one band, in the metric's unit. */
  step: number;
  /** From this value on, the last (red) band. */
  redAt: number;
}

/** Restaurant exit time: 5-minute bands, green at 0–5, red at 65 minutes or more. */
export const RESTAURANT_EXIT_BANDS: BandScale = { step: 5, redAt: 65 };
/** Category and product exit time: 10-minute bands, red at 130 minutes or more. */
export const PRODUCT_EXIT_BANDS: BandScale = { step: 10, redAt: 130 };
/** Fast Trank: 20-unit bands, red at 260 units or more. */
export const FAST_TRANK_BANDS: BandScale = { step: 20, redAt: 260 };

/** Number of bands of a scale: 0..redAt/step, the last one open-ended. */
export function bandCount(scale: BandScale): number {
  return Math.round(scale.redAt / scale.step) + 1;
}

/** The band of a value: 0 for [0, step), …, the last for ≥ redAt. Negative or missing values fall in band 0. */
export function bandIndex(value: number | null | undefined, scale: BandScale): number {
  const v = value ?? 0;
  if (!Number.isFinite(v) || v <= 0) return 0;
  const last = bandCount(scale) - 1;
  if (v >= scale.redAt) return last;
  return Math.min(last, Math.floor(v / scale.step));
}

export interface BandColour {
  /** Cell background. */
  background: string;
  /** Text colour readable on it. */
  color: string;
  /** 0 = best (green) … 1 = worst (red). */
  level: number;
}

// Hand-picked anchors so the middle is a true orange, not a muddy yellow-green.
const ANCHORS: [level: number, rgb: [number, number, number]][] = [
  [0, [46, 160, 67]], // green
  [0.35, [156, 190, 46]], // yellow-green
  [0.55, [245, 166, 35]], // orange
  [0.78, [238, 110, 45]], // deep orange
  [1, [211, 47, 47]], // red
];

function mix(a: number, b: number, t: number): number {
  return Math.round(a + (b - a) * t);
}

/** The colour at a level between 0 (green) and 1 (red). */
export function gradedColour(level: number): BandColour {
  const l = Math.min(1, Math.max(0, level));
  let i = 0;
  while (i < ANCHORS.length - 2 && l > ANCHORS[i + 1]![0]) i++;
  const [l0, c0] = ANCHORS[i]!;
  const [l1, c1] = ANCHORS[i + 1]!;
  const t = l1 === l0 ? 0 : (l - l0) / (l1 - l0);
  const rgb = [mix(c0[0], c1[0], t), mix(c0[1], c1[1], t), mix(c0[2], c1[2], t)] as const;
  const hex = `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  // Perceived luminance decides the text colour.
  const luminance = (0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]) / 255;
  return { background: hex, color: luminance > 0.62 ? '#1a1a1a' : '#ffffff', level: l };
}

/** The band colour of a value on a scale. */
export function bandColour(value: number | null | undefined, scale: BandScale): BandColour {
  const last = bandCount(scale) - 1;
  return gradedColour(bandIndex(value, scale) / last);
}

export const restaurantExitColour = (minutes: number | null | undefined) => bandColour(minutes, RESTAURANT_EXIT_BANDS);
export const productExitColour = (minutes: number | null | undefined) => bandColour(minutes, PRODUCT_EXIT_BANDS);
export const fastTrankColour = (units: number | null | undefined) => bandColour(units, FAST_TRANK_BANDS);

/**
 * Heat-map intensity relative to the maximum (spec §9): 0 for an empty cell, 1 for the maximum.
 */
export function heatIntensity(value: number | null | undefined, max: number): number {
  const v = value ?? 0;
  if (!(max > 0) || !(v > 0)) return 0;
  return Math.min(1, v / max);
}

/** Human description of a band, for tooltips and legends: '5 – 10 min', '≥ 65 min'. */
export function bandLabel(index: number, scale: BandScale, unit: string): string {
  const last = bandCount(scale) - 1;
  if (index >= last) return `≥ ${scale.redAt} ${unit}`;
  return `${index * scale.step} – ${(index + 1) * scale.step} ${unit}`;
}
