import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { crumbsOf } from '../../../components/crumbs';
import type { AppRoute } from '../../../app/routeTable';
import { PageHeader } from '../../../components/PageHeader';
import { restaurantName } from '../../../components/RestaurantSelector';
import { RestaurantFilter } from '../../restaurants/RestaurantFilter';
import { restaurantsQuery } from '../../restaurants/queries';
import { DateRangeFilter, useDateRange } from '../components/DateRangeFilter';
import { ReportCard } from '../components/ReportCard';
import { ExportMenu } from '../components/ExportMenu';
import { DEFAULT_PAGE_SIZE, ReportTable, type ReportColumn } from '../components/ReportTable';
import { BarChartView, DonutChart, LineChartView } from '../components/charts';
import { CurrencyChoice } from '../components/CurrencyChoice';
import { useMoney } from '../components/useCurrency';
import { useReportRestaurant } from '../components/useReportRestaurant';
import { formatDateTime, formatInteger, formatPeriodLabel, formatRange, formatTaxRate } from '../format';
import { discountedOrdersQuery, discountsQuery, type DiscountGrain } from '../queries';
import type { Amount, DiscountedRow } from '../types';
import { sourceName } from '../../orders/format';

export const DISCOUNT_TITLES = {
  byType: 'Répartition par Type de Réduction',
  bySource: 'Répartition par Source de Commande',
  byLabel: 'Répartition par Libellé de Réduction',
  byCode: 'Répartition par Code Promo',
  series: 'Graph de Réduction Par Jour',
  orders: 'Liste Commande en Réduction',
  byRestaurant: 'Réduction par Restaurant',
} as const;

export const GRAIN_LABELS: Record<DiscountGrain, string> = { day: 'Par Jour', month: 'Par Mensuel' };

/** Discount types as the tills send them, named in French for the screen. */
const DISCOUNT_TYPE_NAMES: Record<string, string> = { pourcentage: 'Pourcentage', montant: 'Montant' };
function discountTypeName(code: string): string {
  return DISCOUNT_TYPE_NAMES[code] ?? code;
}

/** 'pourcentage' discounts carry basis points: 1000 → '10 %'. */
function discountValueText(row: DiscountedRow, money: (c: number) => string): string {
  return row.type_discount === 'pourcentage' ? formatTaxRate(row.discount_value) : money(row.discount_value);
}

/** Mes Réductions (spec §2.4), with the promo codes' share (issue 19). */
export function DiscountsReportPage({ route }: { route: AppRoute }) {
  const { range, setRange, valid } = useDateRange();
  const { restaurantId } = useReportRestaurant();
  const [currency, setCurrency] = useState<string>();
  const [grain, setGrain] = useState<DiscountGrain>('day');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);

  const filter = useMemo(() => ({ ...range, restaurantId, currency }), [range, restaurantId, currency]);
  // A new filter starts the order list again from its first page.
  const [seen, setSeen] = useState(filter);
  if (seen !== filter) {
    setSeen(filter);
    if (page !== 0) setPage(0);
  }

  const report = useQuery({ ...discountsQuery(filter, grain), enabled: valid });
  const orders = useQuery({ ...discountedOrdersQuery(filter, page, pageSize), enabled: valid });
  const restaurants = useQuery(restaurantsQuery());
  const zones = useMemo(() => new Map((restaurants.data ?? []).map((r) => [restaurantName(r), r.timeZone])), [restaurants.data]);

  const data = report.data;
  // Every amount in the currency the answer states (one currency per report, never added across).
  const money = useMoney(data?.currency ?? orders.data?.currency);
  const loading = report.isPending && report.fetchStatus !== 'idle';
  const common = {
    loading,
    refreshing: report.isFetching && !report.isPending,
    error: report.isError ? report.error : undefined,
    onRetry: () => void report.refetch(),
  };
  const period = formatRange(range);
  // The exports show what the screen shows: its range, restaurant and the currency of its answer.
  const exportParams = { start: range.start, end: range.end, restaurantId, currency: data?.currency ?? orders.data?.currency };

  const toData = (list: Amount[] | null | undefined) => (list ?? []).map((a) => ({ label: a.label, value: a.cents }));
  const donuts = [
    { table: 'by-type', title: DISCOUNT_TITLES.byType, data: toData(data?.byType).map((d) => ({ ...d, label: discountTypeName(d.label) })), help: 'Montant des réductions par type (pourcentage, montant…).' },
    { table: 'by-source', title: DISCOUNT_TITLES.bySource, data: toData(data?.bySource), help: 'Montant des réductions selon la source de la commande (caisse, borne, click & collect…).' },
    { table: 'by-label', title: DISCOUNT_TITLES.byLabel, data: toData(data?.byLabel), help: 'Montant des réductions par libellé de réduction.' },
    { table: 'by-code', title: DISCOUNT_TITLES.byCode, data: toData(data?.byCode), help: 'Montant des réductions accordées par un code promo, code par code (les réductions automatiques ou saisies en caisse n’y figurent pas).' },
  ];
  const series = useMemo(() => toData(data?.series), [data]);
  const byRestaurant = data?.byRestaurant ?? undefined;

  const orderColumns = useMemo<ReportColumn<DiscountedRow>[]>(
    () => [
      { key: 'id_commande', header: 'N° de commande', render: (r) => r.id_commande, nowrap: true },
      { key: 'type_discount', nowrap: true, header: 'Type de réduction', render: (r) => discountTypeName(r.type_discount) },
      {
        key: 'discount',
        header: 'Réduction',
        help: 'Montant de la réduction ; entre parenthèses, sa valeur configurée (pourcentage ou montant).',
        align: 'right',
        render: (r) => (
          <>
            {money(r.discountCents)}
            <Typography component="span" variant="caption" sx={{ color: 'text.secondary', ml: 0.75 }}>
              ({discountValueText(r, money)})
            </Typography>
          </>
        ),
      },
      { key: 'real_total', header: 'Total réel', help: 'Total de la commande avant réduction.', align: 'right', render: (r) => money(r.real_totalCents) },
      { key: 'total', header: 'Total', help: 'Total payé, réduction déduite.', align: 'right', render: (r) => money(r.totalCents) },
      { key: 'type_order', nowrap: true, header: 'Type commande', render: (r) => r.type_order },
      { key: 'label_discount', nowrap: true, header: 'Libellé de réduction', render: (r) => r.label_discount || '—' },
      { key: 'cashier', nowrap: true, header: 'Caissier', render: (r) => r.cashier || '—' },
      { key: 'source', nowrap: true, header: 'Source', render: (r) => sourceName(r.source) },
      { key: 'paid_at', header: 'Date paiement', nowrap: true, render: (r) => formatDateTime(r.paid_at, zones.get(r.restaurant)) },
    ],
    [money, zones],
  );
  const restaurantColumns = useMemo<ReportColumn<Amount>[]>(
    () => [
      { key: 'label', header: 'Nom Restaurant', render: (r) => r.label, sortValue: (r) => r.label, footer: 'Total' },
      { key: 'cents', header: 'Réduction', align: 'right', render: (r) => money(r.cents), sortValue: (r) => r.cents, footer: money(data?.totalCents ?? 0) },
    ],
    [money, data?.totalCents],
  );

  return (
    <PageHeader
      title={route.title}
      subtitle={route.description}
      breadcrumbs={crumbsOf(route)}
      actions={
        <>
          <DateRangeFilter value={range} onChange={setRange} />
          <RestaurantFilter />
          <CurrencyChoice value={data?.currency} currencies={data?.currencies} onChange={setCurrency} />
        </>
      }
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(12, minmax(0, 1fr))' }, alignItems: 'start' }}>
        {donuts.map((d) => (
          <Box key={d.title} sx={{ gridColumn: { lg: 'span 6', xl: 'span 3' }, minWidth: 0, alignSelf: 'stretch' }}>
            <ReportCard fill title={d.title} help={d.help} subtitle={period} empty={!loading && d.data.every((x) => x.value <= 0)} {...common}
              actions={<ExportMenu report="discounts" table={d.table} title={d.title} params={exportParams} disabled={!data} />}>
              <DonutChart data={d.data} format={money} label={d.title} height={170} maxSlices={6} legend="below" />
            </ReportCard>
          </Box>
        ))}

        <Box sx={{ gridColumn: { lg: 'span 8' }, minWidth: 0 }}>
          <ReportCard
            title={DISCOUNT_TITLES.series}
            help="Montant total des réductions accordées, par jour ou par mois."
            subtitle={data ? `${period} · total ${money(data.totalCents)}` : period}
            empty={!loading && series.length === 0}
            {...common}
            actions={
              <>
              <ToggleButtonGroup exclusive size="small" value={grain} onChange={(_, v: DiscountGrain | null) => v && setGrain(v)} aria-label="Période du graphique">
                <ToggleButton value="day" sx={{ px: 1.5 }}>{GRAIN_LABELS.day}</ToggleButton>
                <ToggleButton value="month" sx={{ px: 1.5 }}>{GRAIN_LABELS.month}</ToggleButton>
              </ToggleButtonGroup>
              <ExportMenu report="discounts" table="series" title={DISCOUNT_TITLES.series} params={{ ...exportParams, grain }} disabled={!data} />
              </>
            }
          >
            {grain === 'day' ? (
              <LineChartView data={series} format={money} formatLabel={formatPeriodLabel} label={DISCOUNT_TITLES.series} valueName="Réductions" />
            ) : (
              // A few months read better as bars than as a line between two points.
              <BarChartView data={series} format={money} formatLabel={formatPeriodLabel} label={DISCOUNT_TITLES.series} valueName="Réductions" height={280} />
            )}
          </ReportCard>
        </Box>
        <Box sx={{ gridColumn: { lg: 'span 4' }, minWidth: 0 }}>
          <ReportCard title={DISCOUNT_TITLES.byRestaurant} subtitle={period} bodyPadding={0} {...common} loading={false} error={undefined}
            actions={<ExportMenu report="discounts" table="by-restaurant" title={DISCOUNT_TITLES.byRestaurant} params={exportParams} disabled={!data} />}>
            <ReportTable
              label={DISCOUNT_TITLES.byRestaurant}
              columns={restaurantColumns}
              rows={byRestaurant}
              rowKey={(r) => r.label}
              defaultSort={{ key: 'cents', direction: 'desc' }}
              {...common}
              refreshing={false}
            />
          </ReportCard>
        </Box>

        <Box sx={{ gridColumn: { lg: 'span 12' }, minWidth: 0 }}>
          <ReportCard
            title={DISCOUNT_TITLES.orders}
            subtitle={orders.data ? `${period} · ${formatInteger(orders.data.total)} commande${orders.data.total > 1 ? 's' : ''}` : period}
            refreshing={orders.isFetching && !orders.isPending}
            bodyPadding={0}
            actions={<ExportMenu report="discounted-orders" title={DISCOUNT_TITLES.orders} params={exportParams} disabled={!orders.data || orders.data.total === 0} />}
          >
            <ReportTable
              label={DISCOUNT_TITLES.orders}
              columns={orderColumns}
              rows={orders.data?.items ?? undefined}
              rowKey={(r) => r.id}
              loading={orders.isPending && orders.fetchStatus !== 'idle'}
              error={orders.isError ? orders.error : undefined}
              onRetry={() => void orders.refetch()}
              server={{
                page,
                pageSize,
                total: orders.data?.total ?? 0,
                onPageChange: setPage,
                onPageSizeChange: (size) => {
                  setPageSize(size);
                  setPage(0);
                },
              }}
            />
          </ReportCard>
        </Box>
      </Box>
    </PageHeader>
  );
}
