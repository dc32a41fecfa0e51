import { useId } from 'react';
import { Box, Card, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { formatCents, formatInteger } from '../../reports/format';
import { EMPTY_PERIOD_TEXT, LAST_YEAR_LABEL, PERIOD_TITLES, previousLabel, previousName, rangeText } from '../format';
import type { FlashFigures, FlashPeriod, FlashPeriodKey, FlashTotal } from '../types';
import { Change } from './Change';

export const KPI_LABELS = {
  revenue: "Chiffre d'affaires TTC",
  ht: "Chiffre d'affaires HT",
  orders: 'Commandes',
  basket: 'Panier moyen',
} as const;

export type Kpi = keyof typeof KPI_LABELS;
export const KPIS: readonly Kpi[] = ['revenue', 'ht', 'orders', 'basket'];

/** The figure of one KPI. */
export function figure(f: FlashFigures, kpi: Kpi): number {
  switch (kpi) {
    case 'revenue':
      return f.revenueCents;
    case 'ht':
      return f.htCents;
    case 'orders':
      return f.orders;
    case 'basket':
      return f.averageBasketCents;
  }
}

/** A KPI's value as shown: a count, or an amount in `currency`. */
export function show(kpi: Kpi, value: number, currency: string): string {
  return kpi === 'orders' ? formatInteger(value) : formatCents(value, currency);
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** True when the period holds no paid order in any currency. */
export function isEmptyPeriod(period: FlashPeriod): boolean {
  return (period.totals ?? []).every((t) => t.current.orders === 0);
}

export const kpiGrid = { display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } } as const;

function KpiCell({ kpi, total, period, until }: { kpi: Kpi; total: FlashTotal; period: FlashPeriod; until: string }) {
  const value = figure(total.current, kpi);
  const previous = figure(total.previous, kpi);
  const lastYear = figure(total.lastYear, kpi);
  const cut = period.partial ? until : undefined;
  return (
    <Box
      role="group"
      aria-label={KPI_LABELS[kpi]}
      sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary', fontWeight: 500, fontSize: { xs: '0.75rem', sm: '0.8125rem' } }}>
        {KPI_LABELS[kpi]}
      </Typography>
      <Typography
        className="kpi-value"
        sx={{ fontSize: { xs: '1.125rem', sm: '1.5rem' }, fontWeight: 700, lineHeight: 1.2, fontVariantNumeric: 'tabular-nums', letterSpacing: '-0.01em', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
      >
        {show(kpi, value, total.currency)}
      </Typography>
      <Stack spacing={{ xs: 0.5, sm: 0.25 }} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
        <Change
          value={value}
          reference={previous}
          label={previousLabel(period.key, period.previous)}
          detail={`${rangeText(period.previous, cut)} : ${show(kpi, previous, total.currency)}`}
        />
        <Change
          value={value}
          reference={lastYear}
          label={LAST_YEAR_LABEL}
          detail={`${rangeText(period.lastYear, cut)} : ${show(kpi, lastYear, total.currency)}`}
        />
      </Stack>
    </Box>
  );
}

export const cellBorders = {
  '& > *': { borderColor: 'divider', borderStyle: 'solid', borderWidth: 0 },
  // Two columns on a phone, four from md: a rule between neighbours, never on the outer edge.
  '& > *:nth-of-type(even)': { borderLeftWidth: { xs: 1, md: 1 } },
  '& > *:nth-of-type(n+3)': { borderTopWidth: { xs: 1, md: 0 } },
  '& > *:nth-of-type(3)': { borderLeftWidth: { xs: 0, md: 1 } },
} as const;

/** One period: its dates, then a row of the four figures per currency, each against the previous period and last year. */
export function PeriodSection({ period, until, many }: { period: FlashPeriod; until: string; many: boolean }) {
  const id = useId();
  const totals = period.totals ?? [];
  const cut = period.partial ? until : undefined;
  const empty = isEmptyPeriod(period);
  return (
    <Card component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ px: 2, pt: 1.5, pb: 1.25, gap: { xs: 0.25, sm: 1.5 }, alignItems: { sm: 'baseline' }, borderBottom: 1, borderColor: 'divider', flexWrap: 'wrap' }}
      >
        <Typography id={id} variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {PERIOD_TITLES[period.key]}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {rangeText(period, cut)}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary', ml: { sm: 'auto' } }}>
          {`Comparé à : ${rangeText(period.previous)} · ${rangeText(period.lastYear)}`}
        </Typography>
      </Stack>
      {empty ? (
        <Typography variant="body2" sx={{ px: 2, py: 2.5, color: 'text.secondary' }}>
          {EMPTY_PERIOD_TEXT}
          {totals.map((t) =>
            t.previous.orders > 0 ? (
              <Box component="span" key={t.currency} sx={{ display: 'block', mt: 0.5, fontSize: '0.75rem' }}>
                {`${capitalize(previousName(period.key, period.previous))} : ${formatInteger(t.previous.orders)} commande${t.previous.orders > 1 ? 's' : ''}, ${formatCents(t.previous.revenueCents, t.currency)}`}
              </Box>
            ) : null,
          )}
        </Typography>
      ) : (
        totals.map((total, i) => (
          <Box
            key={total.currency}
            role="group"
            aria-label={`Montants en ${total.currency}`}
            sx={{ borderTop: i > 0 ? 1 : 0, borderColor: 'divider' }}
          >
            {many && (
              <Stack direction="row" spacing={1} sx={{ px: 2, pt: 1.25, alignItems: 'center' }}>
                <Chip size="small" label={total.currency} sx={{ fontWeight: 700 }} />
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {`${formatInteger(total.restaurants)} restaurant${total.restaurants > 1 ? 's' : ''}`}
                </Typography>
              </Stack>
            )}
            <Box sx={{ ...kpiGrid, ...cellBorders }}>
              {KPIS.map((kpi) => (
                <KpiCell key={kpi} kpi={kpi} total={total} period={period} until={until} />
              ))}
            </Box>
          </Box>
        ))
      )}
    </Card>
  );
}

/** The same card while the first answer is on its way. */
/** The four KPI cells while their figures load (flash and revenue). */
export function KpiGridSkeleton() {
  return (
    <Box sx={{ ...kpiGrid, ...cellBorders }}>
      {KPIS.map((kpi) => (
        <Box key={kpi} sx={{ p: 2 }}>
          <Skeleton variant="text" width="55%" />
          <Skeleton variant="text" width="70%" sx={{ fontSize: '1.5rem' }} />
          <Skeleton variant="text" width="80%" />
          <Skeleton variant="text" width="65%" />
        </Box>
      ))}
    </Box>
  );
}

export function PeriodSkeleton({ periodKey }: { periodKey: FlashPeriodKey }) {
  return (
    <Card component="section" aria-label={PERIOD_TITLES[periodKey]} aria-busy sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1.5} sx={{ px: 2, pt: 1.5, pb: 1.25, alignItems: 'baseline', borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {PERIOD_TITLES[periodKey]}
        </Typography>
        <Skeleton variant="text" width={160} />
      </Stack>
      <KpiGridSkeleton />
    </Card>
  );
}
