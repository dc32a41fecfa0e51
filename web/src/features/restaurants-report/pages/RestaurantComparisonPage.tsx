import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import type { AppRoute } from '../../../app/routeTable';
import { crumbsOf } from '../../../components/crumbs';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { PageHeader } from '../../../components/PageHeader';
import { periodRange } from '../../../components/periods';
import { RestaurantFilter } from '../../restaurants/RestaurantFilter';
import { CurrencyChoice } from '../../reports/components/CurrencyChoice';
import { DateRangeFilter, useDateRange } from '../../reports/components/DateRangeFilter';
import { ExportMenu } from '../../reports/components/ExportMenu';
import { ReportCard } from '../../reports/components/ReportCard';
import { errorText } from '../../reports/components/states';
import { useReportRestaurant } from '../../reports/components/useReportRestaurant';
import { rangeText } from '../../flash/format';
import { ViewToggle, type SeriesView } from '../../revenue/components/SeriesCard';
import { COMPARISON_PERIODS, CUSTOM_PERIOD_LABEL, EMPTY_TEXT, METRICS, metricOf, type MetricKey } from '../format';
import { comparisonQuery } from '../queries';
import { FocusPanel } from '../components/FocusPanel';
import { MetricBars, MetricTable } from '../components/MetricBars';
import { RankingTable } from '../components/RankingTable';

/**
 * Comparaison des restaurants (issue 18): the restaurants of one currency ranked on revenue,
 * orders, basket, exit time, discounts and cancellations, each against the previous period, with
 * the franchise's average. The restaurant chosen in the selector (or clicked) is in focus: its
 * figures against the average and its rank. Suivi Restaurant (`restaurantFocus`) opens focused.
 */
export function RestaurantComparisonPage({ route }: { route: AppRoute }) {
  const { range, setRange, valid } = useDateRange(() => periodRange('last30'));
  const { restaurantId } = useReportRestaurant();
  const [currency, setCurrency] = useState<string>();
  const [metricKey, setMetricKey] = useState<MetricKey>('revenue');
  const [view, setView] = useState<SeriesView>('chart');
  const [clicked, setClicked] = useState(0);
  const filter = useMemo(() => ({ ...range, restaurantId, currency }), [range, restaurantId, currency]);
  const report = useQuery({ ...comparisonQuery(filter), enabled: valid });
  const data = report.data;
  const metric = metricOf(metricKey);
  const rows = data?.restaurants ?? [];
  const focusId = clicked && rows.some((r) => r.restaurantId === clicked)
    ? clicked
    : restaurantId || (route.restaurantFocus ? rows[0]?.restaurantId ?? 0 : 0);
  const focusRow = rows.find((r) => r.restaurantId === focusId);
  const sorted = useMemo(() => {
    const list = [...rows];
    list.sort((a, b) => {
      const va = metric.value(a.current);
      const vb = metric.value(b.current);
      if (va === null || vb === null) return va === vb ? 0 : va === null ? 1 : -1;
      return (metric.higherIsBetter ? vb - va : va - vb) || a.name.localeCompare(b.name, 'fr');
    });
    return list;
  }, [rows, metric]);
  const empty = data ? data.franchise.current.orders === 0 && data.franchise.current.cancelledOrders === 0 : false;
  const refreshing = report.isFetching && !report.isPending;
  const subtitle = data ? `${rangeText(data)} · comparé à ${rangeText(data.previous)}` : undefined;
  const exportParams = { start: range.start, end: range.end, restaurantId, currency: data?.currency };

  return (
    <PageHeader
      title={route.title}
      subtitle={route.description}
      breadcrumbs={crumbsOf(route)}
      actions={
        <>
          <DateRangeFilter value={range} onChange={setRange} periods={COMPARISON_PERIODS} customLabel={CUSTOM_PERIOD_LABEL} />
          <RestaurantFilter />
          <CurrencyChoice value={data?.currency ?? currency} currencies={data?.currencies} onChange={setCurrency} />
        </>
      }
    >
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        {report.isError && (
          <ErrorBlock message={errorText(report.error)} onRetry={() => void report.refetch()} retrying={report.isFetching} />
        )}
        {data && focusRow && !empty && <FocusPanel data={data} row={focusRow} />}
        {data && route.restaurantFocus && !focusRow && !empty && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>Choisissez un restaurant dans le classement pour le situer face à la franchise.</Typography>
        )}
        <ReportCard
          title={`Classement : ${metric.label}`}
          help="Chaque barre est un restaurant ; la ligne pointillée est la moyenne des restaurants actifs de la franchise (au moins une commande payée sur la période). Un clic sur un restaurant le met en avant."
          subtitle={subtitle}
          loading={!data && !report.isError}
          refreshing={refreshing}
          minHeight={300}
          actions={
            <>
              <TextField
                select
                size="small"
                label="Indicateur"
                value={metricKey}
                onChange={(e) => setMetricKey(e.target.value as MetricKey)}
                sx={{ minWidth: 220 }}
              >
                {METRICS.map((m) => (
                  <MenuItem key={m.key} value={m.key}>{m.label}</MenuItem>
                ))}
              </TextField>
              <ViewToggle value={view} onChange={setView} label="Affichage du classement" />
              <ExportMenu report="restaurants" table="ranking" title="Classement des restaurants" params={exportParams} disabled={!data} />
            </>
          }
          bodyPadding={view === 'table' ? 0 : 2}
        >
          {data &&
            (empty || rows.length === 0 ? (
              <EmptyState message={EMPTY_TEXT} icon={<StorefrontOutlinedIcon />} minHeight={260} />
            ) : view === 'chart' ? (
              <MetricBars data={data} rows={sorted} metric={metric} focusId={focusId} onFocus={setClicked} />
            ) : (
              <MetricTable data={data} rows={sorted} metric={metric} focusId={focusId} />
            ))}
        </ReportCard>
        <ReportCard
          title="Tous les indicateurs"
          help="Les restaurants de la devise sur la période, avec l'évolution de chaque indicateur par rapport à la période précédente de même durée. Cliquez sur un en-tête pour trier."
          subtitle={subtitle}
          loading={!data && !report.isError}
          refreshing={refreshing}
          minHeight={240}
          bodyPadding={0}
          actions={<ExportMenu report="restaurants" title="Tous les indicateurs" params={exportParams} disabled={!data} />}
        >
          {data &&
            (empty || rows.length === 0 ? (
              <EmptyState message={EMPTY_TEXT} icon={<StorefrontOutlinedIcon />} minHeight={240} />
            ) : (
              <RankingTable data={data} focusId={focusId} onFocus={setClicked} />
            ))}
        </ReportCard>
      </Stack>
    </PageHeader>
  );
}
