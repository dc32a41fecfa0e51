import { Box, ButtonBase, Card, Skeleton, Stack, Typography } from '@mui/material';
import { Change } from '../../flash/components/Change';
import { cellBorders, figure, KPI_LABELS, KPIS, KpiGridSkeleton, kpiGrid, show, type Kpi } from '../../flash/components/PeriodSection';
import { LAST_YEAR_LABEL, rangeText } from '../../flash/format';
import type { Revenue } from '../types';

export const PREVIOUS_LABEL = 'vs période précédente';

/** The compared ranges, in one line: 'Comparé à : du … au … (période précédente) · du … au … (an dernier)'. */
export function comparedText(data: Pick<Revenue, 'previous' | 'lastYear'>): string {
  return `Comparé à : ${rangeText(data.previous)} (période précédente) · ${rangeText(data.lastYear)} (an dernier)`;
}

/**
 * The four figures of the period, each against the previous period and last year (the flash's
 * Change chips). A figure is also a button choosing the chart's metric, as in Square.
 */
export function KpiRow({ data, metric, onMetric }: { data: Revenue; metric: Kpi; onMetric: (m: Kpi) => void }) {
  const { current, previous, lastYear } = data.totals;
  return (
    <Card component="section" aria-label="Chiffres de la période" sx={{ minWidth: 0 }}>
      <Typography variant="caption" component="p" sx={{ px: 2, pt: 1.25, pb: 1, color: 'text.secondary', borderBottom: 1, borderColor: 'divider' }}>
        {`${rangeText(data)} · ${comparedText(data)}`}
      </Typography>
      <Box sx={{ ...kpiGrid, ...cellBorders }}>
        {KPIS.map((kpi) => {
          const value = figure(current, kpi);
          const before = figure(previous, kpi);
          const ly = figure(lastYear, kpi);
          const chosen = kpi === metric;
          return (
            <Box
              key={kpi}
              role="group"
              aria-label={KPI_LABELS[kpi]}
              sx={{ position: 'relative', p: { xs: 1.5, sm: 2 }, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}
            >
              {/* The whole cell chooses the metric; the chips stay reachable for their tooltips. */}
              <ButtonBase
                aria-pressed={chosen}
                aria-label={`Afficher : ${KPI_LABELS[kpi]}`}
                onClick={() => onMetric(kpi)}
                sx={(t) => ({
                  position: 'absolute',
                  inset: 0,
                  borderTop: 3,
                  borderColor: chosen ? t.palette.primary.main : 'transparent',
                  '&:hover': { backgroundColor: 'action.hover' },
                })}
              />
              <Typography variant="body2" sx={{ color: chosen ? 'primary.main' : 'text.secondary', fontWeight: chosen ? 700 : 500, fontSize: { xs: '0.75rem', sm: '0.8125rem' } }}>
                {KPI_LABELS[kpi]}
              </Typography>
              <Typography
                className="kpi-value"
                sx={{ fontSize: { xs: '1.125rem', sm: '1.5rem' }, fontWeight: 700, lineHeight: 1.2, fontVariantNumeric: 'tabular-nums', letterSpacing: '-0.01em', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
              >
                {show(kpi, value, data.currency)}
              </Typography>
              <Stack spacing={{ xs: 0.5, sm: 0.25 }} sx={{ alignItems: 'flex-start', minWidth: 0, position: 'relative' }}>
                <Change value={value} reference={before} label={PREVIOUS_LABEL} detail={`${rangeText(data.previous)} : ${show(kpi, before, data.currency)}`} />
                <Change value={value} reference={ly} label={LAST_YEAR_LABEL} detail={`${rangeText(data.lastYear)} : ${show(kpi, ly, data.currency)}`} />
              </Stack>
            </Box>
          );
        })}
      </Box>
    </Card>
  );
}

export function KpiRowSkeleton() {
  return (
    <Card aria-busy aria-label="Chiffres de la période" sx={{ minWidth: 0 }}>
      <Box sx={{ px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
        <Skeleton variant="text" width="50%" />
      </Box>
      <KpiGridSkeleton />
    </Card>
  );
}
