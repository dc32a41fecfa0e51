import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Card, MenuItem, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { crumbsOf } from '../../../components/crumbs';
import type { AppRoute } from '../../../app/routeTable';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState } from '../../../components/EmptyState';
import { RestaurantFilter } from '../../restaurants/RestaurantFilter';
import { DateRangeFilter, useDateRange } from '../components/DateRangeFilter';
import { ReportCard } from '../components/ReportCard';
import { ExportMenu } from '../components/ExportMenu';
import { ReportTable, type ReportColumn } from '../components/ReportTable';
import { BandValue } from '../components/BandCell';
import { BarChartView } from '../components/charts';
import { HeatMapTable } from '../components/HeatMapTable';
import { useReportRestaurant } from '../components/useReportRestaurant';
import {
  FAST_TRANK_BANDS,
  PRODUCT_EXIT_BANDS,
  RESTAURANT_EXIT_BANDS,
  bandColour,
  type BandScale,
} from '../bands';
import { formatAxisMinutes, formatInteger, formatMinutes, formatPercent, formatPeriodLabel, formatRange } from '../format';
import { GMT_ZONE, HEAT_ZONES, type HourFormat } from '../heatmap';
import { performanceQuery } from '../queries';
import type { PerfRow } from '../types';

export const PERF_TITLES = {
  byRestaurant: 'Temps de Sortie Moyen Par Resto',
  byDay: 'Temps de Sortie Moyen Par jour',
  heatmap: 'Temps de Sortie Par Jour',
  byOrderType: 'Temps de Sortie par Type de Commande',
  byCategory: 'Temps de Sortie Moyen Par Category',
  byProduct: 'Temps de Sortie Moyen Par Produit',
} as const;

export const CHOOSE_RESTAURANT_TEXT = 'Veuillez Choisir un restaurant.';

/** What each metric means (DECISIONS: defined from order data, shown in a tooltip). */
export const METRIC_HELP = {
  exit: 'Temps de sortie : durée moyenne, en minutes, entre le paiement et la sortie de cuisine des commandes payées (celles sans temps de sortie ne comptent pas dans la moyenne).',
  orders: 'Nombre de commandes payées sorties de cuisine sur la période.',
  quantity: 'Nombre d’articles vendus dans ces commandes.',
  fastTrank: 'Fast Trank : nombre d’articles des commandes sorties de cuisine en plus de 15 minutes.',
  speciaux: '%Speciaux : part des articles vendus avec au moins une option.',
  normaux: '%Normaux : part des articles vendus sans option (100 % − %Speciaux).',
} as const;

function bandsText(scale: BandScale, unit: string): string {
  return `Couleurs par tranches de ${scale.step} ${unit} : vert de 0 à ${scale.step}, puis orange, rouge à partir de ${scale.redAt} ${unit}.`;
}

/** The seven columns of the exit-time tables; the first names the restaurant, category or product. */
export function perfColumns(nameHeader: string, exitBands: BandScale): ReportColumn<PerfRow>[] {
  return [
    { key: 'name', header: nameHeader, render: (r) => r.name || '—', sortValue: (r) => r.name, nowrap: true },
    {
      key: 'temps_sortie',
      header: 'Temps de Sortie Moyen (minutes)',
      help: `${METRIC_HELP.exit} ${bandsText(exitBands, 'min')}`,
      align: 'right',
      // No average (no order with an exit time): a plain dash, never a green 0 min.
      render: (r) =>
        r.temps_sortie === null ? (
          <span title={NO_EXIT_TEXT}>{formatMinutes(r.temps_sortie)}</span>
        ) : (
          <BandValue colour={bandColour(r.temps_sortie, exitBands)}>{formatMinutes(r.temps_sortie)}</BandValue>
        ),
      sortValue: (r) => r.temps_sortie ?? -1,
    },
    { key: 'nbr_cmd', header: 'Nombre de Commandes', help: METRIC_HELP.orders, align: 'right', render: (r) => formatInteger(r.nbr_cmd), sortValue: (r) => r.nbr_cmd },
    { key: 'quantity', header: 'Quantité Produits', help: METRIC_HELP.quantity, align: 'right', render: (r) => formatInteger(r.quantity), sortValue: (r) => r.quantity },
    {
      key: 'fast_trank',
      header: 'Fast Trank',
      help: `${METRIC_HELP.fastTrank} ${bandsText(FAST_TRANK_BANDS, 'articles')}`,
      align: 'right',
      render: (r) => <BandValue colour={bandColour(r.fast_trank, FAST_TRANK_BANDS)}>{formatInteger(r.fast_trank)}</BandValue>,
      sortValue: (r) => r.fast_trank,
    },
    { key: 'speciaux', header: '%Speciaux', help: METRIC_HELP.speciaux, align: 'right', render: (r) => formatPercent(r.speciaux), sortValue: (r) => r.speciaux },
    { key: 'normaux', header: '%Normaux', help: METRIC_HELP.normaux, align: 'right', render: (r) => formatPercent(r.normaux), sortValue: (r) => r.normaux },
  ];
}

/** Shown for a row whose orders have no exit time (they are left out of the averages). */
export const NO_EXIT_TEXT = 'Aucune commande avec un temps de sortie';

/**
 * Performance (spec §2.2): 'Performance Franchise' (scope franchise, all restaurants by default) and
 * 'Mes Performances' (scope restaurant: one restaurant must be chosen, except for moderators).
 */
export function PerformancePage({ route, scope = 'franchise' }: { route: AppRoute; scope?: 'franchise' | 'restaurant' }) {
  const { range, setRange, valid } = useDateRange();
  const { restaurantId, isModerator } = useReportRestaurant();
  const [zoneCode, setZoneCode] = useState(GMT_ZONE.code);
  const zone = HEAT_ZONES.find((z) => z.code === zoneCode)?.zone ?? GMT_ZONE.zone;
  const [hourFormat, setHourFormat] = useState<HourFormat>('24');

  const needsRestaurant = scope === 'restaurant' && !isModerator && restaurantId === 0;
  const filter = useMemo(() => ({ ...range, restaurantId }), [range, restaurantId]);
  const query = useQuery({ ...performanceQuery(filter, zone), enabled: valid && !needsRestaurant });
  const data = query.data;
  const loading = query.isPending && query.fetchStatus !== 'idle';
  const refreshing = query.isFetching && !query.isPending;
  const common = { loading, refreshing, error: query.isError ? query.error : undefined, onRetry: () => void query.refetch() };
  const period = formatRange(range);
  const exportParams = { start: range.start, end: range.end, restaurantId, tz: zone };
  const exportMenu = (table: string, title: string) => <ExportMenu report="performance" table={table} title={title} params={exportParams} disabled={!data} />;

  const restaurantColumns = useMemo(() => perfColumns('Restaurant', RESTAURANT_EXIT_BANDS), []);
  const categoryColumns = useMemo(() => perfColumns('Catégorie', PRODUCT_EXIT_BANDS), []);
  const productColumns = useMemo(() => perfColumns('Produit', PRODUCT_EXIT_BANDS), []);
  const byDay = data?.byDay ?? [];
  const byType = data?.byOrderType ?? [];
  const heat = data?.heatmap ?? [];

  return (
    <PageHeader
      title={route.title}
      subtitle={route.description}
      breadcrumbs={crumbsOf(route)}
      actions={
        <>
          <DateRangeFilter value={range} onChange={setRange} />
          <RestaurantFilter />
        </>
      }
    >
      {needsRestaurant ? (
        <Card>
          <EmptyState message={CHOOSE_RESTAURANT_TEXT} icon={<StorefrontOutlinedIcon />} />
        </Card>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(12, minmax(0, 1fr))' } }}>
          <Box sx={{ gridColumn: { lg: 'span 12' } }}>
            <ReportCard title={PERF_TITLES.byRestaurant} help={METRIC_HELP.exit} subtitle={period} bodyPadding={0} {...common} loading={false} error={undefined}
              actions={exportMenu('by-restaurant', PERF_TITLES.byRestaurant)}>
              <ReportTable
                label={PERF_TITLES.byRestaurant}
                columns={restaurantColumns}
                rows={data?.byRestaurant ?? undefined}
                rowKey={(r) => r.name}
                defaultSort={{ key: 'temps_sortie', direction: 'desc' }}
                {...common}
                refreshing={false}
              />
            </ReportCard>
          </Box>
          <Box sx={{ gridColumn: { lg: 'span 7' } }}>
            <ReportCard title={PERF_TITLES.byDay} help={METRIC_HELP.exit} subtitle={period} empty={!loading && byDay.length === 0} {...common}
              actions={exportMenu('by-day', PERF_TITLES.byDay)}>
              <BarChartView data={byDay} format={formatAxisMinutes} formatLabel={formatPeriodLabel} label={PERF_TITLES.byDay} valueName="Temps de sortie moyen" height={300} />
            </ReportCard>
          </Box>

          <Box sx={{ gridColumn: { lg: 'span 5' } }}>
            <ReportCard title={PERF_TITLES.byOrderType} help={METRIC_HELP.exit} subtitle={period} empty={!loading && byType.length === 0} {...common}
              actions={exportMenu('by-order-type', PERF_TITLES.byOrderType)}>
              <BarChartView data={byType} format={formatAxisMinutes} label={PERF_TITLES.byOrderType} horizontal valueName="Temps de sortie moyen" height={300} />
            </ReportCard>
          </Box>

          <Box sx={{ gridColumn: { lg: 'span 12' } }}>
            <ReportCard
              title={PERF_TITLES.heatmap}
              help={`${METRIC_HELP.exit} Une case par heure et jour de la semaine ; la couleur est relative au maximum de la période. Les heures sont converties dans le fuseau choisi (GMT par défaut).`}
              subtitle={period}
              empty={!loading && heat.length === 0}
              {...common}
              actions={
                <>
                  <TextField
                    select
                    size="small"
                    label="Fuseau horaire"
                    value={zoneCode}
                    onChange={(e) => setZoneCode(e.target.value)}
                    sx={{ minWidth: 210 }}
                    slotProps={{ select: { MenuProps: { disableScrollLock: true } } }}
                  >
                    {HEAT_ZONES.map((z) => (
                      <MenuItem key={z.code} value={z.code}>
                        {z.label}
                      </MenuItem>
                    ))}
                  </TextField>
                  <ToggleButtonGroup
                    exclusive
                    size="small"
                    value={hourFormat}
                    onChange={(_, v: HourFormat | null) => v && setHourFormat(v)}
                    aria-label="Format horaire"
                  >
                    <ToggleButton value="12" sx={{ px: 1.5 }}>12 h</ToggleButton>
                    <ToggleButton value="24" sx={{ px: 1.5 }}>24 h</ToggleButton>
                  </ToggleButtonGroup>
                  {exportMenu('heatmap', PERF_TITLES.heatmap)}
                </>
              }
            >
              <HeatMapTable rows={heat} hourFormat={hourFormat} label={PERF_TITLES.heatmap} />
            </ReportCard>
          </Box>

          <Box sx={{ gridColumn: { lg: 'span 12' } }}>
            <ReportCard title={PERF_TITLES.byCategory} help={METRIC_HELP.exit} subtitle={period} bodyPadding={0} {...common} loading={false} error={undefined}
              actions={exportMenu('by-category', PERF_TITLES.byCategory)}>
              <ReportTable
                label={PERF_TITLES.byCategory}
                columns={categoryColumns}
                rows={data?.byCategory ?? undefined}
                rowKey={(r) => r.name}
                defaultSort={{ key: 'temps_sortie', direction: 'desc' }}
                {...common}
                refreshing={false}
              />
            </ReportCard>
          </Box>
          <Box sx={{ gridColumn: { lg: 'span 12' } }}>
            <ReportCard title={PERF_TITLES.byProduct} help={METRIC_HELP.exit} subtitle={period} bodyPadding={0} {...common} loading={false} error={undefined}
              actions={exportMenu('by-product', PERF_TITLES.byProduct)}>
              <ReportTable
                label={PERF_TITLES.byProduct}
                columns={productColumns}
                rows={data?.byProduct ?? undefined}
                rowKey={(r, i) => `${r.category ?? ''}/${r.name}/${i}`}
                defaultSort={{ key: 'temps_sortie', direction: 'desc' }}
                {...common}
                refreshing={false}
              />
            </ReportCard>
          </Box>
        </Box>
      )}
    </PageHeader>
  );
}
