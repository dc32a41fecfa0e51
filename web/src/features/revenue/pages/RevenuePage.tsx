import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Stack, Tab, Tabs, ToggleButton, ToggleButtonGroup, Tooltip } from '@mui/material';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import type { AppRoute, RevenueOpening } from '../../../app/routeTable';
import { crumbsOf } from '../../../components/crumbs';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { PageHeader } from '../../../components/PageHeader';
import { periodRange } from '../../../components/periods';
import { RestaurantFilter } from '../../restaurants/RestaurantFilter';
import { CurrencyChoice } from '../../reports/components/CurrencyChoice';
import { DateRangeFilter, useDateRange } from '../../reports/components/DateRangeFilter';
import { ReportCard } from '../../reports/components/ReportCard';
import { ExportMenu } from '../../reports/components/ExportMenu';
import { errorText } from '../../reports/components/states';
import { useScopeCurrencies } from '../../reports/components/useCurrency';
import { useReportRestaurant } from '../../reports/components/useReportRestaurant';
import { KPIS, type Kpi } from '../../flash/components/PeriodSection';
import { rangeText } from '../../flash/format';
import { CHART_TITLE, CUSTOM_PERIOD_LABEL, EMPTY_TEXT, GRAIN_LABELS, GRAINS, HEATMAP_TITLE, METRIC_LABELS, REVENUE_PERIODS } from '../format';
import { revenueQuery } from '../queries';
import type { RevenueGrain } from '../types';
import { HeatList, HeatMap, type HeatMetric } from '../components/HeatMap';
import { KpiRow, KpiRowSkeleton } from '../components/KpiRow';
import { SeriesBody, ViewToggle, type SeriesView } from '../components/SeriesCard';

const DEFAULT_OPENING: RevenueOpening = { metric: 'revenue', grain: 'day', period: 'last30' };

/**
 * Chiffre d'affaires dans le temps (issue 18): the period's four figures against the previous
 * period and last year, the chosen metric bucket by bucket (chart or table), and the weekday × hour
 * heat map. Each route opens on its own metric, grain and period (routeTable: `revenue`).
 */
export function RevenuePage({ route }: { route: AppRoute }) {
  const opening = route.revenue ?? DEFAULT_OPENING;
  const { range, setRange, valid } = useDateRange(() => periodRange(opening.period));
  const { restaurantId } = useReportRestaurant();
  const [currency, setCurrency] = useState<string>();
  const [grain, setGrain] = useState<RevenueGrain>(opening.grain);
  const [picked, setPicked] = useState<Kpi>(opening.metric);
  const [view, setView] = useState<SeriesView>('chart');
  const [heatMetric, setHeatMetric] = useState<HeatMetric>('orders');
  const [heatView, setHeatView] = useState<SeriesView>('chart');
  // HT is not kept by hour of the day: by hour, the TTC revenue stands in.
  const metric: Kpi = grain === 'hour' && picked === 'ht' ? 'revenue' : picked;

  const filter = useMemo(() => ({ ...range, restaurantId, currency }), [range, restaurantId, currency]);
  const report = useQuery({ ...revenueQuery(filter, grain), enabled: valid });
  const data = report.data;
  const currencies = useScopeCurrencies(restaurantId);
  const empty = data ? data.totals.current.orders === 0 : false;
  const refreshing = report.isFetching && !report.isPending;
  // The exports show what the screen shows: its range, grain, restaurant and the currency of its answer.
  const exportParams = { start: range.start, end: range.end, restaurantId, currency: data?.currency, grain };

  return (
    <PageHeader
      title={route.title}
      subtitle={route.description}
      breadcrumbs={crumbsOf(route)}
      actions={
        <>
          <DateRangeFilter value={range} onChange={setRange} periods={REVENUE_PERIODS} customLabel={CUSTOM_PERIOD_LABEL} />
          <RestaurantFilter />
          <CurrencyChoice value={data?.currency ?? currency} currencies={currencies} onChange={setCurrency} />
        </>
      }
    >
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 1.5, alignItems: { md: 'center' }, justifyContent: 'space-between', minWidth: 0 }}>
          <Tabs
            value={grain}
            onChange={(_, g: RevenueGrain) => setGrain(g)}
            aria-label="Grain"
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ minHeight: 40, '& .MuiTab-root': { minHeight: 40, minWidth: 72, textTransform: 'none', fontWeight: 600 } }}
          >
            {GRAINS.map((g) => (
              <Tab key={g} value={g} label={GRAIN_LABELS[g]} />
            ))}
          </Tabs>
          <Box sx={{ maxWidth: '100%' }}>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={metric}
              onChange={(_, m: Kpi | null) => m && setPicked(m)}
              aria-label="Indicateur"
              // Two by two on a phone: the four names never hide behind a sideways scroll.
              sx={{ display: { xs: 'grid', sm: 'inline-flex' }, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', '& > *': { m: '0 !important' }, '& .MuiToggleButton-root': { borderRadius: { xs: 0, sm: undefined }, border: { xs: 1, sm: undefined }, borderColor: { xs: 'divider' } } }}
            >
              {KPIS.map((k) => {
                const off = k === 'ht' && grain === 'hour';
                const button = (
                  <ToggleButton key={k} value={k} disabled={off} sx={{ px: 1.25, textTransform: 'none', whiteSpace: 'nowrap' }}>
                    {METRIC_LABELS[k]}
                  </ToggleButton>
                );
                return off ? (
                  <Tooltip key={k} title="Le HT n'est pas détaillé par heure de la journée">
                    <span>{button}</span>
                  </Tooltip>
                ) : (
                  button
                );
              })}
            </ToggleButtonGroup>
          </Box>
        </Stack>

        {report.isError && !data ? (
          <ErrorBlock message={errorText(report.error)} onRetry={() => void report.refetch()} retrying={report.isFetching} />
        ) : !data ? (
          <KpiRowSkeleton />
        ) : (
          <>
            {report.isError && <ErrorBlock message={errorText(report.error)} onRetry={() => void report.refetch()} retrying={report.isFetching} />}
            <KpiRow data={data} metric={metric} onMetric={setPicked} />
          </>
        )}

        <ReportCard
          title={`${CHART_TITLE} : ${METRIC_LABELS[metric]}`}
          subtitle={data ? `${rangeText(data)} · par ${GRAIN_LABELS[data.grain].toLowerCase()}` : undefined}
          loading={!data && !report.isError}
          refreshing={refreshing}
          minHeight={300}
          bodyPadding={0}
          actions={
            <>
              <ViewToggle value={view} onChange={setView} label="Affichage de l'évolution" />
              <ExportMenu report="revenue" table="series" title={CHART_TITLE} params={exportParams} disabled={!data} />
            </>
          }
        >
          {data &&
            (empty ? (
              <EmptyState message={EMPTY_TEXT} icon={<ReceiptLongOutlinedIcon />} minHeight={300} />
            ) : (
              <SeriesBody data={data} metric={metric} view={view} />
            ))}
        </ReportCard>

        <ReportCard
          title={HEATMAP_TITLE}
          help="Commandes payées de la période par jour de la semaine et heure locale de chaque restaurant."
          subtitle={data ? rangeText(data) : undefined}
          loading={!data && !report.isError}
          refreshing={refreshing}
          minHeight={260}
          bodyPadding={0}
          actions={
            <>
              <ToggleButtonGroup exclusive size="small" value={heatMetric} onChange={(_, m: HeatMetric | null) => m && setHeatMetric(m)} aria-label="Valeur de la carte">
                <ToggleButton value="orders" sx={{ px: 1.25, textTransform: 'none' }}>Commandes</ToggleButton>
                <ToggleButton value="revenue" sx={{ px: 1.25, textTransform: 'none' }}>CA TTC</ToggleButton>
              </ToggleButtonGroup>
              <ViewToggle value={heatView} onChange={setHeatView} label="Affichage de la carte" />
              <ExportMenu report="revenue" table="heatmap" title={HEATMAP_TITLE} params={exportParams} disabled={!data} />
            </>
          }
        >
          {data &&
            (empty || (data.heatmap ?? []).length === 0 ? (
              <EmptyState message={EMPTY_TEXT} icon={<ReceiptLongOutlinedIcon />} minHeight={260} />
            ) : heatView === 'chart' ? (
              <Box sx={{ p: 2 }}>
                <HeatMap cells={data.heatmap ?? []} metric={heatMetric} currency={data.currency} label={`${HEATMAP_TITLE} : ${heatMetric === 'orders' ? 'commandes' : "chiffre d'affaires TTC"}`} />
              </Box>
            ) : (
              <HeatList cells={data.heatmap ?? []} currency={data.currency} label={HEATMAP_TITLE} />
            ))}
        </ReportCard>
      </Stack>
    </PageHeader>
  );
}
