import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Dialog, DialogContent, IconButton, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import type { AppRoute } from '../../../app/routeTable';
import { crumbsOf } from '../../../components/crumbs';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { PageHeader } from '../../../components/PageHeader';
import { periodRange } from '../../../components/periods';
import { RestaurantFilter } from '../../restaurants/RestaurantFilter';
import { restaurantsQuery } from '../../restaurants/queries';
import { CurrencyChoice } from '../../reports/components/CurrencyChoice';
import { DateRangeFilter, useDateRange } from '../../reports/components/DateRangeFilter';
import { ExportMenu } from '../../reports/components/ExportMenu';
import { ReportCard } from '../../reports/components/ReportCard';
import { DEFAULT_PAGE_SIZE, ReportTable, type ReportColumn } from '../../reports/components/ReportTable';
import { BarChartView } from '../../reports/components/charts';
import { errorText } from '../../reports/components/states';
import { useReportRestaurant } from '../../reports/components/useReportRestaurant';
import { formatCents, formatDateTime, formatInteger, formatPercent } from '../../reports/format';
import { rangeText, shortDate } from '../../flash/format';
import { sourceName } from '../../orders/format';
import { orderQuery } from '../../orders/queries';
import { OrderDetailPanel } from '../../orders/components/OrderDetailPanel';
import { ViewToggle, type SeriesView } from '../../revenue/components/SeriesCard';
import { CANCEL_EMPTY_TEXT, COLLECT_PERIODS, CUSTOM_PERIOD_LABEL, NO_REASON, NO_REASON_HELP, pointsText, PREVIOUS_NAME } from '../format';
import { cancellationsQuery, cancelledOrdersQuery } from '../queries';
import type { CancelEquipment, CancelGroup, Cancellations, CancelledOrder, CancelRestaurant } from '../types';
import { KpiTiles, KpiTilesSkeleton, TrendChip, type Tile } from '../components/KpiTiles';
import { ChartTable } from '../components/SmallViews';

export const CANCEL_TITLES = {
  daily: 'Annulations par jour',
  statuses: 'Par statut',
  sources: 'Par source',
  reasons: 'Par motif',
  restaurants: 'Par restaurant',
  equipments: 'Par équipement',
  latest: 'Dernières commandes annulées',
} as const;

const REFUNDS = ['refunded', 'partially_refunded'];

function tiles(data: Cancellations): Tile[] {
  const { current: c, previous: p } = data.totals;
  const money = (v: number) => formatCents(v, data.currency);
  const refunds = (data.statuses ?? []).filter((s) => REFUNDS.includes(s.key)).reduce((n, s) => n + s.orders, 0);
  return [
    { key: 'orders', label: 'Commandes annulées', value: formatInteger(c.orders), current: c.orders, previous: p.orders, previousText: formatInteger(p.orders), better: 'down' },
    { key: 'amount', label: 'Montant annulé TTC', value: money(c.amountCents), current: c.amountCents, previous: p.amountCents, previousText: money(p.amountCents), better: 'down' },
    {
      key: 'share',
      label: 'Part des commandes',
      value: formatPercent(c.sharePct),
      current: c.sharePct,
      previous: p.sharePct,
      previousText: formatPercent(p.sharePct),
      changeText: pointsText(c.sharePct, p.sharePct),
      better: 'down',
      help: `Commandes annulées rapportées aux commandes payées ou annulées (${formatInteger(c.allOrders)}) ; les commandes en attente ne comptent pas.`,
    },
    {
      key: 'refunds',
      label: 'Dont remboursées',
      value: formatInteger(refunds),
      current: refunds,
      previous: 0,
      previousText: '',
      note: c.orders > 0 ? `soit ${formatPercent((refunds / c.orders) * 100)} des annulations` : '',
      help: 'Commandes remboursées en tout ou en partie, comprises dans les commandes annulées.',
    },
  ];
}

function GroupTable({ title, rows, currency, share }: { title: string; rows: CancelGroup[] | undefined; currency?: string; share: string }) {
  const columns: ReportColumn<CancelGroup>[] = [
    { key: 'label', header: title.replace(/^Par /, '').replace(/^./, (c) => c.toUpperCase()), render: (g) => g.label, sortValue: (g) => g.label },
    { key: 'orders', header: 'Annulées', align: 'right', render: (g) => formatInteger(g.orders), sortValue: (g) => g.orders },
    { key: 'amount', header: 'Montant TTC', align: 'right', nowrap: true, render: (g) => formatCents(g.amountCents, currency), sortValue: (g) => g.amountCents },
    { key: 'share', header: share, align: 'right', nowrap: true, render: (g) => formatPercent(g.sharePct), sortValue: (g) => g.sharePct },
  ];
  return <ReportTable label={title} columns={columns} rows={rows} rowKey={(g) => g.key || g.label} emptyText={CANCEL_EMPTY_TEXT} defaultSort={{ key: 'orders', direction: 'desc' }} dense />;
}

/** Mes Annulations (issue 18): cancelled, refunded and refused orders, by status, source, day, restaurant and equipment. */
export function CancellationsPage({ route }: { route: AppRoute }) {
  const { range, setRange, valid } = useDateRange(() => periodRange('last30'));
  const { restaurantId } = useReportRestaurant();
  const [currency, setCurrency] = useState<string>();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [dayView, setDayView] = useState<SeriesView>('chart');
  const [opened, setOpened] = useState<CancelledOrder | null>(null);
  const filter = useMemo(() => ({ ...range, restaurantId, currency }), [range, restaurantId, currency]);
  // A new filter starts the list again from its first page.
  const [seen, setSeen] = useState(filter);
  if (seen !== filter) {
    setSeen(filter);
    if (page !== 0) setPage(0);
  }
  const report = useQuery({ ...cancellationsQuery(filter), enabled: valid });
  const list = useQuery({ ...cancelledOrdersQuery(filter, page, pageSize), enabled: valid });
  const detail = useQuery({ ...orderQuery(opened?.id ?? 0), enabled: opened !== null });
  const restaurants = useQuery(restaurantsQuery());
  const zoneOf = (id: number) => restaurants.data?.find((r) => r.id === id)?.timeZone ?? undefined;
  const data = report.data;
  const money = (v: number) => formatCents(v, data?.currency);
  const loading = !data && !report.isError;
  const refreshing = report.isFetching && !report.isPending;
  const period = data ? rangeText(data) : undefined;
  const exportParams = { start: range.start, end: range.end, restaurantId, currency: data?.currency };
  const none = data ? data.totals.current.orders === 0 : false;

  const restaurantColumns: ReportColumn<CancelRestaurant>[] = [
    { key: 'name', header: 'Restaurant', render: (r) => r.name, sortValue: (r) => r.name },
    { key: 'orders', header: 'Annulées', align: 'right', render: (r) => formatInteger(r.current.orders), sortValue: (r) => r.current.orders },
    {
      key: 'change',
      header: 'Évolution',
      render: (r) => (
        <TrendChip compact comparedTo={PREVIOUS_NAME} tile={{ key: 'r', label: r.name, value: '', current: r.current.orders, previous: r.previous.orders, previousText: formatInteger(r.previous.orders), better: 'down' }} />
      ),
    },
    { key: 'amount', header: 'Montant TTC', align: 'right', nowrap: true, render: (r) => money(r.current.amountCents), sortValue: (r) => r.current.amountCents },
    { key: 'share', header: 'Part des commandes', align: 'right', nowrap: true, render: (r) => formatPercent(r.current.sharePct), sortValue: (r) => r.current.sharePct },
  ];
  const equipmentColumns: ReportColumn<CancelEquipment>[] = [
    {
      key: 'name',
      header: 'Équipement',
      render: (e) => (
        <>
          {e.name}
          <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
            {e.restaurant}
          </Typography>
        </>
      ),
      sortValue: (e) => `${e.restaurant} ${e.name}`,
    },
    { key: 'orders', header: 'Annulées', align: 'right', render: (e) => formatInteger(e.orders), sortValue: (e) => e.orders },
    { key: 'refunded', header: 'Dont remboursées', align: 'right', render: (e) => formatInteger(e.refunded), sortValue: (e) => e.refunded },
    { key: 'amount', header: 'Montant TTC', align: 'right', nowrap: true, render: (e) => money(e.amountCents), sortValue: (e) => e.amountCents },
  ];
  const orderColumns: ReportColumn<CancelledOrder>[] = [
    { key: 'paidAt', header: 'Date', nowrap: true, render: (o) => formatDateTime(o.paidAt, zoneOf(o.restaurantId)) },
    { key: 'orderId', header: 'Commande', nowrap: true, render: (o) => o.orderId },
    { key: 'restaurant', header: 'Restaurant', render: (o) => o.restaurant },
    { key: 'equipment', header: 'Équipement', render: (o) => o.equipment },
    { key: 'source', header: 'Source', render: (o) => sourceName(o.source) },
    { key: 'status', header: 'Statut', render: (o) => o.statusLabel },
    { key: 'reason', header: 'Motif', nowrap: true, render: (o) => <Box component="span" sx={{ color: 'text.secondary' }}>{o.reason || NO_REASON}</Box> },
    { key: 'amount', header: 'Montant TTC', align: 'right', nowrap: true, render: (o) => formatCents(o.amountCents, list.data?.currency) },
  ];

  return (
    <PageHeader
      title={route.title}
      subtitle={route.description}
      breadcrumbs={crumbsOf(route)}
      actions={
        <>
          <DateRangeFilter value={range} onChange={setRange} periods={COLLECT_PERIODS} customLabel={CUSTOM_PERIOD_LABEL} />
          <RestaurantFilter />
          <CurrencyChoice value={data?.currency ?? currency} currencies={data?.currencies ?? []} onChange={setCurrency} />
        </>
      }
    >
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        {report.isError && !data ? (
          <ErrorBlock message={errorText(report.error)} onRetry={() => void report.refetch()} retrying={report.isFetching} />
        ) : !data ? (
          <KpiTilesSkeleton count={4} />
        ) : (
          <>
            {report.isError && <ErrorBlock message={errorText(report.error)} onRetry={() => void report.refetch()} retrying={report.isFetching} />}
            <KpiTiles tiles={tiles(data)} caption={`${rangeText(data)} · Comparé à : ${rangeText(data.previous)} (période précédente)`} comparedTo={rangeText(data.previous)} />
          </>
        )}

        <ReportCard
          title={CANCEL_TITLES.daily}
          subtitle={period}
          loading={loading}
          refreshing={refreshing}
          minHeight={280}
          bodyPadding={0}
          actions={
            <>
              <ViewToggle value={dayView} onChange={setDayView} label="Affichage des annulations par jour" />
              <ExportMenu report="cancellations" table="days" title={CANCEL_TITLES.daily} params={exportParams} disabled={!data} />
            </>
          }
        >
          {data &&
            (none ? (
              <EmptyState message={CANCEL_EMPTY_TEXT} icon={<EventBusyOutlinedIcon />} minHeight={280} />
            ) : dayView === 'chart' ? (
              <Box sx={{ p: 2 }}>
                <BarChartView
                  data={(data.days ?? []).map((d) => ({ label: d.date, value: d.orders }))}
                  format={formatInteger}
                  formatLabel={(l) => shortDate(l, false)}
                  label={`${CANCEL_TITLES.daily} : commandes annulées de chaque jour. Le détail est dans la vue Tableau.`}
                  valueName="Annulées"
                  height={260}
                  colour="#ef4444"
                />
              </Box>
            ) : (
              <ChartTable
                label={CANCEL_TITLES.daily}
                rowKey={(d) => d.date}
                rows={data.days ?? []}
                columns={[
                  { key: 'date', header: 'Jour', render: (d) => shortDate(d.date, false) },
                  { key: 'orders', header: 'Annulées', align: 'right', render: (d) => formatInteger(d.orders) },
                  { key: 'amount', header: 'Montant TTC', align: 'right', render: (d) => money(d.amountCents) },
                  { key: 'all', header: 'Commandes', align: 'right', render: (d) => formatInteger(d.allOrders) },
                  { key: 'share', header: 'Part', align: 'right', render: (d) => formatPercent(d.sharePct) },
                ]}
              />
            ))}
        </ReportCard>

        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, gap: 2, alignItems: 'start', '& > :last-child': { gridColumn: { md: 'span 2' } } }}>
          <ReportCard actions={<ExportMenu report="cancellations" table="statuses" title={CANCEL_TITLES.statuses} params={exportParams} disabled={!data} />} title={CANCEL_TITLES.statuses} subtitle={period} bodyPadding={0} loading={loading} refreshing={refreshing} help="Part : des commandes payées ou annulées de la période.">
            <GroupTable title={CANCEL_TITLES.statuses} rows={data?.statuses ?? undefined} currency={data?.currency} share="Part" />
          </ReportCard>
          <ReportCard actions={<ExportMenu report="cancellations" table="sources" title={CANCEL_TITLES.sources} params={exportParams} disabled={!data} />} title={CANCEL_TITLES.sources} subtitle={period} bodyPadding={0} loading={loading} refreshing={refreshing} help="Part : des commandes de cette source.">
            <GroupTable title={CANCEL_TITLES.sources} rows={(data?.sources ?? undefined)?.map((s) => ({ ...s, label: sourceName(s.key) }))} currency={data?.currency} share="Part" />
          </ReportCard>
          <ReportCard actions={<ExportMenu report="cancellations" table="reasons" title={CANCEL_TITLES.reasons} params={exportParams} disabled={!data} />} title={CANCEL_TITLES.reasons} subtitle={period} bodyPadding={0} loading={loading} refreshing={refreshing} help={NO_REASON_HELP}>
            <GroupTable title={CANCEL_TITLES.reasons} rows={data?.reasons ?? undefined} currency={data?.currency} share="Part" />
            {data && !none && data.reasons?.some((r) => r.key === '') && (
              <Alert severity="info" sx={{ m: 1.5 }}>
                {NO_REASON_HELP}
              </Alert>
            )}
          </ReportCard>
        </Box>

        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'repeat(2, minmax(0, 1fr))' }, gap: 2, alignItems: 'start' }}>
          <ReportCard actions={<ExportMenu report="cancellations" table="restaurants" title={CANCEL_TITLES.restaurants} params={exportParams} disabled={!data} />} title={CANCEL_TITLES.restaurants} subtitle={period} bodyPadding={0} loading={loading} refreshing={refreshing}>
            <ReportTable label={CANCEL_TITLES.restaurants} columns={restaurantColumns} rows={data?.restaurants ?? undefined} rowKey={(r) => r.id} emptyText={CANCEL_EMPTY_TEXT} defaultSort={{ key: 'orders', direction: 'desc' }} />
          </ReportCard>
          <ReportCard actions={<ExportMenu report="cancellations" table="equipments" title={CANCEL_TITLES.equipments} params={exportParams} disabled={!data} />} title={CANCEL_TITLES.equipments} subtitle={period} bodyPadding={0} loading={loading} refreshing={refreshing}>
            <ReportTable label={CANCEL_TITLES.equipments} columns={equipmentColumns} rows={data?.equipments ?? undefined} rowKey={(e) => e.id} emptyText={CANCEL_EMPTY_TEXT} defaultSort={{ key: 'orders', direction: 'desc' }} defaultPageSize={10} />
          </ReportCard>
        </Box>

        <ReportCard
          title={CANCEL_TITLES.latest}
          subtitle={list.data ? `${period ?? ''} · ${formatInteger(list.data.total)} commande${list.data.total > 1 ? 's' : ''} annulée${list.data.total > 1 ? 's' : ''} · cliquez une ligne pour voir le ticket` : period}
          refreshing={list.isFetching && !list.isPending}
          bodyPadding={0}
          actions={<ExportMenu report="cancellations" table="orders" title={CANCEL_TITLES.latest} params={exportParams} disabled={!list.data} />}
        >
          <ReportTable
            label={CANCEL_TITLES.latest}
            columns={orderColumns}
            rows={list.data?.items ?? undefined}
            rowKey={(o) => o.id}
            loading={list.isPending && list.fetchStatus !== 'idle'}
            error={list.isError ? list.error : undefined}
            onRetry={() => void list.refetch()}
            emptyText={CANCEL_EMPTY_TEXT}
            onRowClick={setOpened}
            selectedKey={opened?.id ?? null}
            server={{
              page,
              pageSize,
              total: list.data?.total ?? 0,
              onPageChange: setPage,
              onPageSizeChange: (size) => {
                setPageSize(size);
                setPage(0);
              },
            }}
          />
        </ReportCard>
      </Stack>
      <Dialog open={opened !== null} onClose={() => setOpened(null)} maxWidth="sm" fullWidth aria-label="Détails de la commande annulée">
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', px: 2, pt: 1.5 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
            {opened ? `Commande ${opened.orderId} · ${opened.statusLabel}` : ''}
          </Typography>
          <IconButton aria-label="Fermer" onClick={() => setOpened(null)}>
            <CloseIcon />
          </IconButton>
        </Stack>
        <DialogContent sx={{ pt: 1 }}>
          <OrderDetailPanel detail={detail.data} loading={detail.isPending} error={detail.error} onRetry={() => void detail.refetch()} />
        </DialogContent>
      </Dialog>
    </PageHeader>
  );
}
