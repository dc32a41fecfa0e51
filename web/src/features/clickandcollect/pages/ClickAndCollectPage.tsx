import { useMemo, useState } from 'react';
import { useLocation, Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Card, Stack, Tab, Tabs, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import ShoppingBagOutlinedIcon from '@mui/icons-material/ShoppingBagOutlined';
import ListAltOutlinedIcon from '@mui/icons-material/ListAltOutlined';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
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
import { ReportTable, type ReportColumn } from '../../reports/components/ReportTable';
import { BarChartView, ComparisonChartView } from '../../reports/components/charts';
import { errorText } from '../../reports/components/states';
import { useReportRestaurant } from '../../reports/components/useReportRestaurant';
import type { ExportParams } from '../../reports/exports';
import { formatCents, formatInteger, formatPercent } from '../../reports/format';
import { rangeText, shortDate } from '../../flash/format';
import { ViewToggle, type SeriesView } from '../../revenue/components/SeriesCard';
import {
  axisMoney,
  CANCELLATIONS_PATH,
  COLLECT_DETAIL_PATH,
  COLLECT_DETAIL_PATHS,
  COLLECT_EMPTY_TEXT,
  COLLECT_ORDERS_PATH,
  COLLECT_PERIODS,
  CURRENT_NAME,
  CUSTOM_PERIOD_LABEL,
  hourText,
  pointsText,
  PREVIOUS_NAME,
} from '../format';
import { clickAndCollectQuery } from '../queries';
import type { ClickAndCollect, CollectRestaurant, CollectType } from '../types';
import { KpiTiles, KpiTilesSkeleton, TrendChip, type Tile } from '../components/KpiTiles';
import { ChartTable } from '../components/SmallViews';

export const COLLECT_TITLES = {
  daily: 'Chiffre d’affaires click & collect par jour',
  hours: 'Heures de pointe',
  types: 'Par type de commande',
  restaurants: 'Par restaurant',
  links: 'Accès rapides',
} as const;

type View = 'home' | 'detail';
type HourMetric = 'orders' | 'revenue';

function tiles(data: ClickAndCollect): Tile[] {
  const { current: c, previous: p } = data.totals;
  const money = (v: number) => formatCents(v, data.currency);
  return [
    { key: 'revenue', label: 'CA click & collect TTC', value: money(c.revenueCents), current: c.revenueCents, previous: p.revenueCents, previousText: money(p.revenueCents) },
    {
      key: 'share',
      label: 'Part du CA total',
      value: formatPercent(c.sharePct),
      current: c.sharePct,
      previous: p.sharePct,
      previousText: formatPercent(p.sharePct),
      changeText: pointsText(c.sharePct, p.sharePct),
      help: `CA click & collect rapporté au CA TTC de toutes les sources (${money(c.allRevenueCents)} sur la période).`,
    },
    { key: 'orders', label: 'Commandes', value: formatInteger(c.orders), current: c.orders, previous: p.orders, previousText: formatInteger(p.orders) },
    { key: 'basket', label: 'Panier moyen', value: money(c.averageBasketCents), current: c.averageBasketCents, previous: p.averageBasketCents, previousText: money(p.averageBasketCents) },
    {
      key: 'fees',
      label: 'Frais encaissés',
      value: money(c.feesCents),
      current: c.feesCents,
      previous: p.feesCents,
      previousText: money(p.feesCents),
      help: 'Frais de livraison et de gestion payés par les clients, compris dans le CA.',
    },
  ];
}

/** The three ways on from the click & collect home. */
function QuickLinks() {
  const links = [
    { to: COLLECT_ORDERS_PATH, label: 'Commandes Click & Collect', text: 'La liste des commandes et leur ticket.', icon: <ListAltOutlinedIcon /> },
    { to: CANCELLATIONS_PATH, label: 'Mes Annulations', text: 'Annulations et remboursements, par restaurant et équipement.', icon: <EventBusyOutlinedIcon /> },
    { to: COLLECT_DETAIL_PATH, label: 'Mon Click & Collect', text: 'Le détail par type de commande et par restaurant.', icon: <InsightsOutlinedIcon /> },
  ];
  return (
    <Box component="nav" aria-label={COLLECT_TITLES.links} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}>
      {links.map((l) => (
        <Card key={l.to} sx={{ minWidth: 0 }}>
          <Button
            component={RouterLink}
            to={l.to}
            startIcon={l.icon}
            sx={{ width: '100%', justifyContent: 'flex-start', textAlign: 'left', textTransform: 'none', p: 2, alignItems: 'flex-start', '& .MuiButton-startIcon': { mt: 0.25 } }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 700 }}>{l.label}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {l.text}
              </Typography>
            </Box>
          </Button>
        </Card>
      ))}
    </Box>
  );
}

function DailyCard({ data, refreshing, loading, exportParams }: { data?: ClickAndCollect; refreshing: boolean; loading: boolean; exportParams: ExportParams }) {
  const [view, setView] = useState<SeriesView>('chart');
  const empty = data ? data.totals.current.orders === 0 && data.totals.previous.orders === 0 : false;
  const money = (v: number) => formatCents(v, data?.currency);
  const points = useMemo(() => (data?.days ?? []).map((d) => ({ label: d.date, current: d.current.revenueCents, previous: d.previous.revenueCents, lastYear: null })), [data]);
  return (
    <ReportCard
      title={COLLECT_TITLES.daily}
      subtitle={data ? `${rangeText(data)} · comparé à : ${rangeText(data.previous)}` : undefined}
      loading={loading}
      refreshing={refreshing}
      minHeight={300}
      bodyPadding={0}
      actions={
        <>
          <ViewToggle value={view} onChange={setView} label="Affichage du chiffre d’affaires par jour" />
          <ExportMenu report="click-and-collect" table="days" title={COLLECT_TITLES.daily} params={exportParams} disabled={!data} />
        </>
      }
    >
      {data &&
        (empty ? (
          <EmptyState message={COLLECT_EMPTY_TEXT} icon={<ShoppingBagOutlinedIcon />} minHeight={300} />
        ) : view === 'chart' ? (
          <Box sx={{ p: 2 }}>
            <ComparisonChartView
              data={points}
              kind="line"
              label={`${COLLECT_TITLES.daily} : période et période précédente (${points.length} jours). Le détail est dans la vue Tableau.`}
              format={money}
              formatTick={(v) => axisMoney(v, data.currency)}
              formatLabel={(l) => shortDate(l, false)}
              names={{ current: CURRENT_NAME, previous: PREVIOUS_NAME, lastYear: '' }}
            />
          </Box>
        ) : (
          <ChartTable
            label={COLLECT_TITLES.daily}
            rowKey={(d) => d.date}
            rows={data.days ?? []}
            columns={[
              { key: 'date', header: 'Jour', render: (d) => shortDate(d.date, false) },
              { key: 'revenue', header: 'CA TTC', align: 'right', render: (d) => money(d.current.revenueCents) },
              { key: 'orders', header: 'Commandes', align: 'right', render: (d) => formatInteger(d.current.orders) },
              { key: 'basket', header: 'Panier moyen', align: 'right', render: (d) => money(d.current.averageBasketCents) },
              { key: 'fees', header: 'Frais', align: 'right', render: (d) => money(d.current.feesCents) },
              { key: 'share', header: 'Part du CA', align: 'right', render: (d) => formatPercent(d.current.sharePct) },
              { key: 'previous', header: `${PREVIOUS_NAME} (CA TTC)`, align: 'right', render: (d) => `${money(d.previous.revenueCents)} (${shortDate(d.previousDate, false)})` },
            ]}
          />
        ))}
    </ReportCard>
  );
}

function HoursCard({ data, refreshing, loading, exportParams }: { data?: ClickAndCollect; refreshing: boolean; loading: boolean; exportParams: ExportParams }) {
  const [view, setView] = useState<SeriesView>('chart');
  const [metric, setMetric] = useState<HourMetric>('orders');
  const hours = data?.hours ?? [];
  const empty = hours.every((h) => h.orders === 0);
  const peak = hours.reduce<(typeof hours)[number] | null>((best, h) => (h.orders > (best?.orders ?? 0) ? h : best), null);
  const value = (h: (typeof hours)[number]) => (metric === 'orders' ? h.orders : h.revenueCents);
  const format = (v: number) => (metric === 'orders' ? formatInteger(v) : formatCents(v, data?.currency));
  return (
    <ReportCard
      title={COLLECT_TITLES.hours}
      help="Commandes click & collect payées de la période, par heure locale de chaque restaurant."
      subtitle={data ? (peak ? `Pic à ${hourText(peak.hour)} · ${formatInteger(peak.orders)} commande${peak.orders > 1 ? 's' : ''}` : rangeText(data)) : undefined}
      loading={loading}
      refreshing={refreshing}
      minHeight={300}
      bodyPadding={0}
      actions={
        <>
          <ToggleButtonGroup exclusive size="small" value={metric} onChange={(_, m: HourMetric | null) => m && setMetric(m)} aria-label="Valeur des heures de pointe">
            <ToggleButton value="orders" sx={{ px: 1.25, textTransform: 'none' }}>Commandes</ToggleButton>
            <ToggleButton value="revenue" sx={{ px: 1.25, textTransform: 'none' }}>CA TTC</ToggleButton>
          </ToggleButtonGroup>
          <ViewToggle value={view} onChange={setView} label="Affichage des heures de pointe" />
          <ExportMenu report="click-and-collect" table="hours" title={COLLECT_TITLES.hours} params={exportParams} disabled={!data} />
        </>
      }
    >
      {data &&
        (empty ? (
          <EmptyState message={COLLECT_EMPTY_TEXT} icon={<ShoppingBagOutlinedIcon />} minHeight={300} />
        ) : view === 'chart' ? (
          <Box sx={{ p: 2 }}>
            <BarChartView
              data={hours.map((h) => ({ label: String(h.hour), value: value(h) }))}
              format={format}
              formatLabel={(l) => hourText(Number(l))}
              label={`${COLLECT_TITLES.hours} : ${metric === 'orders' ? 'commandes' : 'chiffre d’affaires TTC'} par heure locale. Le détail est dans la vue Tableau.`}
              valueName={metric === 'orders' ? 'Commandes' : 'CA TTC'}
              height={280}
            />
          </Box>
        ) : (
          <ChartTable
            label={COLLECT_TITLES.hours}
            rowKey={(h) => String(h.hour)}
            rows={hours}
            columns={[
              { key: 'hour', header: 'Heure', render: (h) => hourText(h.hour) },
              { key: 'orders', header: 'Commandes', align: 'right', render: (h) => formatInteger(h.orders) },
              { key: 'revenue', header: 'CA TTC', align: 'right', render: (h) => formatCents(h.revenueCents, data.currency) },
            ]}
          />
        ))}
    </ReportCard>
  );
}

function DetailCards({ data, loading, refreshing, exportParams }: { data?: ClickAndCollect; loading: boolean; refreshing: boolean; exportParams: ExportParams }) {
  const money = (v: number) => formatCents(v, data?.currency);
  const typeColumns: ReportColumn<CollectType>[] = [
    { key: 'label', header: 'Type', render: (t) => t.label, sortValue: (t) => t.label },
    { key: 'orders', header: 'Commandes', align: 'right', render: (t) => formatInteger(t.orders), sortValue: (t) => t.orders },
    { key: 'revenue', header: 'CA TTC', align: 'right', render: (t) => money(t.revenueCents), sortValue: (t) => t.revenueCents },
    { key: 'fees', header: 'Frais', align: 'right', render: (t) => money(t.feesCents), sortValue: (t) => t.feesCents },
    { key: 'share', header: 'Part', align: 'right', render: (t) => formatPercent(t.sharePct), sortValue: (t) => t.sharePct },
  ];
  const restaurantColumns: ReportColumn<CollectRestaurant>[] = [
    { key: 'name', header: 'Restaurant', render: (r) => r.name, sortValue: (r) => r.name },
    { key: 'revenue', header: 'CA C&C TTC', align: 'right', nowrap: true, render: (r) => money(r.current.revenueCents), sortValue: (r) => r.current.revenueCents },
    {
      key: 'change',
      header: 'Évolution',
      render: (r) => (
        <TrendChip
          compact
          comparedTo={PREVIOUS_NAME}
          tile={{ key: 'r', label: r.name, value: '', current: r.current.revenueCents, previous: r.previous.revenueCents, previousText: money(r.previous.revenueCents) }}
        />
      ),
    },
    { key: 'orders', header: 'Commandes', align: 'right', render: (r) => formatInteger(r.current.orders), sortValue: (r) => r.current.orders },
    { key: 'basket', header: 'Panier moyen', align: 'right', nowrap: true, render: (r) => money(r.current.averageBasketCents), sortValue: (r) => r.current.averageBasketCents },
    { key: 'fees', header: 'Frais', align: 'right', nowrap: true, render: (r) => money(r.current.feesCents), sortValue: (r) => r.current.feesCents },
    { key: 'share', header: 'Part du CA', align: 'right', nowrap: true, render: (r) => formatPercent(r.current.sharePct), sortValue: (r) => r.current.sharePct },
  ];
  const period = data ? rangeText(data) : undefined;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 3fr)' }, gap: 2, alignItems: 'start' }}>
      <ReportCard
        title={COLLECT_TITLES.types}
        subtitle={period}
        bodyPadding={0}
        loading={loading}
        refreshing={refreshing}
        actions={<ExportMenu report="click-and-collect" table="types" title={COLLECT_TITLES.types} params={exportParams} disabled={!data} />}
      >
        <ReportTable label={COLLECT_TITLES.types} columns={typeColumns} rows={data?.types ?? undefined} rowKey={(t) => t.type} emptyText={COLLECT_EMPTY_TEXT} defaultSort={{ key: 'revenue', direction: 'desc' }} />
      </ReportCard>
      <ReportCard
        title={COLLECT_TITLES.restaurants}
        subtitle={period}
        bodyPadding={0}
        loading={loading}
        refreshing={refreshing}
        actions={<ExportMenu report="click-and-collect" table="restaurants" title={COLLECT_TITLES.restaurants} params={exportParams} disabled={!data} />}
      >
        <ReportTable
          label={COLLECT_TITLES.restaurants}
          columns={restaurantColumns}
          rows={data?.restaurants ?? undefined}
          rowKey={(r) => r.id}
          emptyText={COLLECT_EMPTY_TEXT}
          defaultSort={{ key: 'revenue', direction: 'desc' }}
        />
      </ReportCard>
    </Box>
  );
}

/**
 * Click & collect (issue 18): revenue, share of the total, orders, basket and fees against the
 * previous period; the daily curve, the peak hours, and the detail by order type and restaurant.
 * /Cncstats/BetaAccueil opens on the home (figures and quick links), /Cncstats/BetaMonClickncollect
 * on the detailed view: one screen.
 */
export function ClickAndCollectPage({ route }: { route: AppRoute }) {
  const { pathname } = useLocation();
  const [view, setView] = useState<View>(() => (COLLECT_DETAIL_PATHS.includes(pathname) ? 'detail' : 'home'));
  const { range, setRange, valid } = useDateRange(() => periodRange('last30'));
  const { restaurantId } = useReportRestaurant();
  const [currency, setCurrency] = useState<string>();
  const filter = useMemo(() => ({ ...range, restaurantId, currency }), [range, restaurantId, currency]);
  const report = useQuery({ ...clickAndCollectQuery(filter), enabled: valid });
  const data = report.data;
  const refreshing = report.isFetching && !report.isPending;
  const loading = !data && !report.isError;
  const exportParams = { start: range.start, end: range.end, restaurantId, currency: data?.currency };

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
        <Tabs
          value={view}
          onChange={(_, v: View) => setView(v)}
          aria-label="Vue"
          sx={{ minHeight: 40, '& .MuiTab-root': { minHeight: 40, textTransform: 'none', fontWeight: 600 } }}
        >
          <Tab value="home" label="Accueil" />
          <Tab value="detail" label="Détail" />
        </Tabs>
        {report.isError && !data ? (
          <ErrorBlock message={errorText(report.error)} onRetry={() => void report.refetch()} retrying={report.isFetching} />
        ) : !data ? (
          <KpiTilesSkeleton count={5} />
        ) : (
          <>
            {report.isError && <ErrorBlock message={errorText(report.error)} onRetry={() => void report.refetch()} retrying={report.isFetching} />}
            <KpiTiles tiles={tiles(data)} caption={`${rangeText(data)} · Comparé à : ${rangeText(data.previous)} (période précédente)`} comparedTo={rangeText(data.previous)} />
          </>
        )}
        {view === 'home' && <QuickLinks />}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: view === 'home' ? 'minmax(0, 3fr) minmax(0, 2fr)' : 'minmax(0, 1fr)' }, gap: 2, alignItems: 'start' }}>
          <DailyCard data={data} loading={loading} refreshing={refreshing} exportParams={exportParams} />
          <HoursCard data={data} loading={loading} refreshing={refreshing} exportParams={exportParams} />
        </Box>
        {view === 'detail' && <DetailCards data={data} loading={loading} refreshing={refreshing} exportParams={exportParams} />}
      </Stack>
    </PageHeader>
  );
}
