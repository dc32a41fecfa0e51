import type { FlashFigures, FlashRange } from '../flash/types';

// Until `make gen` brings the reportRevenue types into schema.ts: the contract of
// GET /api/v1/reports/revenue, to be replaced by aliases of the generated types.
export type RevenueFigures = FlashFigures;
export type RevenueRange = FlashRange;
export type RevenueGrain = 'day' | 'week' | 'month' | 'hour';
export interface RevenuePoint {
  label: string;
  current: RevenueFigures;
  previous: RevenueFigures;
  lastYear: RevenueFigures;
}
export interface HeatCell {
  weekday: number;
  hour: number;
  orders: number;
  revenueCents: number;
}
export interface Revenue {
  currency: string;
  currencies?: { code: string; restaurants: number }[] | null;
  grain: RevenueGrain;
  start: string;
  end: string;
  previous: RevenueRange;
  lastYear: RevenueRange;
  totals: { current: RevenueFigures; previous: RevenueFigures; lastYear: RevenueFigures };
  series: RevenuePoint[] | null;
  heatmap: HeatCell[] | null;
}
