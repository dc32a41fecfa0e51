import type { ReportFilter } from '../reports/queries';

// The brands under ['brands'], which the 'brands.changed' server event makes stale; the report by
// brand under ['reports', 'brands'] (the prefix of every report, see reportKeys), which
// 'orders.changed' (new sales) and 'brands.changed' (a carte given to another brand) make stale.
// In a module of its own: the app's server events import it without the brand screens' code.
export const brandKeys = {
  all: ['brands'] as const,
  list: () => [...brandKeys.all, 'list'] as const,
  report: (f: ReportFilter) => ['reports', 'brands', f] as const,
  reports: () => ['reports', 'brands'] as const,
};
