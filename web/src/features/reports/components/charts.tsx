import { Suspense, lazy } from 'react';
import { alpha } from '@mui/material/styles';
import { LoadingPanel } from '../../../components/LoadingPanel';

// The charts' public face: their props, palette and ticks, and components that load the chart
// library (rechartsViews.tsx) on first use behind a loading panel of the chart's height.
const LazyDonutChart = lazy(() => import('./rechartsViews').then((m) => ({ default: m.DonutChart })));
const LazyBarChartView = lazy(() => import('./rechartsViews').then((m) => ({ default: m.BarChartView })));
const LazyLineChartView = lazy(() => import('./rechartsViews').then((m) => ({ default: m.LineChartView })));
const LazyComparisonChartView = lazy(() => import('./rechartsViews').then((m) => ({ default: m.ComparisonChartView })));

/** A labelled value, the common shape of every chart here. */
export interface Datum {
  label: string;
  value: number;
  /** A colour of the data's own (a brand's), instead of the palette's. */
  colour?: string;
}

/** The fixed donut palette (spec §9: donut palettes are fixed). */
export const DONUT_PALETTE = [
  '#2563eb',
  '#f59e0b',
  '#10b981',
  '#ef4444',
  '#8b5cf6',
  '#06b6d4',
  '#ec4899',
  '#84cc16',
  '#f97316',
  '#64748b',
  '#14b8a6',
  '#a855f7',
] as const;

export const donutColour = (index: number) => DONUT_PALETTE[index % DONUT_PALETTE.length]!;

export interface DonutChartProps {
  data: readonly Datum[];
  format: (value: number) => string;
  /** Accessible name. */
  label: string;
  height?: number;
  /** The figure in the hole (e.g. the total). */
  centre?: string;
  /** At most this many slices; the rest are summed as 'Autres'. */
  maxSlices?: number;
  /** Legend beside the donut (wide cards) or below it (narrow cards). */
  legend?: 'side' | 'below';
}

/** A donut with a legend table beside it (label, value, share), readable without hovering. */
export function DonutChart(props: DonutChartProps) {
  return (
    <Suspense fallback={<LoadingPanel minHeight={props.height ?? 220} />}>
      <LazyDonutChart {...props} />
    </Suspense>
  );
}

/**
 * Whole-number ticks from 0 to past the largest value, at a 1–2–5 step (at least 1): small
 * values never give two ticks that read the same once formatted ('1 min, 1 min'). Values are
 * minutes, counts or cents, so a whole step is always meaningful.
 */
export function valueTicks(values: readonly number[], target = 5): number[] {
  const max = Math.max(0, ...values.filter(Number.isFinite));
  if (max === 0) return [0, 1];
  const raw = max / Math.max(1, target - 1);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 10 * magnitude);
  const ticks: number[] = [];
  for (let t = 0; t < max + step; t += step) ticks.push(Math.round(t));
  return ticks;
}

export interface BarChartViewProps {
  data: readonly Datum[];
  /** Axis ticks and tooltip values. */
  format: (value: number) => string;
  /** Category labels (e.g. a day '2026-11-03' → '03 nov.'). */
  formatLabel?: (label: string) => string;
  label: string;
  /** Horizontal bars (categories on the vertical axis). */
  horizontal?: boolean;
  height?: number;
  /** Name of the value in the tooltip. */
  valueName?: string;
  colour?: string;
}

/** A single-series bar chart, vertical or horizontal. */
export function BarChartView(props: BarChartViewProps) {
  return (
    <Suspense fallback={<LoadingPanel minHeight={props.height ?? 260} />}>
      <LazyBarChartView {...props} />
    </Suspense>
  );
}

export interface LineChartViewProps {
  data: readonly Datum[];
  format: (value: number) => string;
  formatLabel?: (label: string) => string;
  label: string;
  height?: number;
  valueName?: string;
}

/** A single-series line chart. */
export function LineChartView(props: LineChartViewProps) {
  return (
    <Suspense fallback={<LoadingPanel minHeight={props.height ?? 280} />}>
      <LazyLineChartView {...props} />
    </Suspense>
  );
}

/** A bucket with its value now, in the previous period and last year (null: not shown). */
export interface ComparisonDatum {
  label: string;
  current: number;
  previous: number | null;
  lastYear: number | null;
}

export interface ComparisonChartViewProps {
  data: readonly ComparisonDatum[];
  /** Tooltip values. */
  format: (value: number) => string;
  /** Axis ticks (shorter). */
  formatTick?: (value: number) => string;
  formatLabel?: (label: string) => string;
  /** Accessible name. */
  label: string;
  /** The current period as bars (months, hours) or as a line (days, weeks). */
  kind: 'line' | 'bar';
  /** The series' names in the tooltip. */
  names: { current: string; previous: string; lastYear: string };
  height?: number;
}

/** The comparison series' colours (chart and legend): the theme's primary now, grey dashed before, light primary last year. */
export function comparisonColours(primary: string, muted: string) {
  return { current: primary, previous: muted, lastYear: alpha(primary, 0.35) };
}

/** The current period against the previous one (dashed) and last year (light), one axis. */
export function ComparisonChartView(props: ComparisonChartViewProps) {
  return (
    <Suspense fallback={<LoadingPanel minHeight={props.height ?? 300} />}>
      <LazyComparisonChartView {...props} />
    </Suspense>
  );
}
