import { Box, Card, Stack, Typography } from '@mui/material';
import type { AppRoute } from '../../../app/routeTable';
import { crumbsOf } from '../../../components/crumbs';
import { PageHeader } from '../../../components/PageHeader';
import { RestaurantFilter } from '../../restaurants/RestaurantFilter';
import { CurrencyChoice } from '../../reports/components/CurrencyChoice';
import { DateRangeFilter } from '../../reports/components/DateRangeFilter';
import { ReportCard } from '../../reports/components/ReportCard';
import { BarChartView, DonutChart } from '../../reports/components/charts';
import { formatInteger, formatPercent } from '../../reports/format';
import { BrandLogo } from '../components/BrandLogo';
import { BrandTable, brandChartData } from '../components/BrandTable';
import { useBrandReport } from '../components/useBrandReport';
import type { BrandFigures } from '../types';

export const NOS_MARQUES_TITLES = {
  share: 'Répartition du CA par marque',
  revenue: 'CA TTC par marque',
  table: 'Détail par marque',
} as const;

const plural = (n: number, one: string, many: string) => `${formatInteger(n)}\u00a0${Math.abs(n) > 1 ? many : one}`;

/** One brand at a glance: its logo and colours, revenue, share, orders and average basket. */
function BrandKpi({ b, money }: { b: BrandFigures; money: (c: number) => string }) {
  return (
    <Card
      component="section"
      aria-label={b.name}
      variant="outlined"
      sx={{ p: 2, minWidth: 0, borderLeft: 4, borderLeftColor: b.brandId ? b.primaryColor : 'text.disabled' }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
        {b.brandId ? (
          <BrandLogo name={b.name} logo={b.logo} primaryColor={b.primaryColor} secondaryColor={b.secondaryColor} size={40} />
        ) : (
          <Box aria-hidden sx={{ width: 40, height: 40, borderRadius: 1, border: 1, borderStyle: 'dashed', borderColor: 'text.disabled' }} />
        )}
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }} noWrap title={b.name}>
            {b.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {`${formatPercent(b.share)} du CA`}
          </Typography>
        </Box>
      </Stack>
      <Typography className="kpi-value" sx={{ fontSize: '1.5rem', fontWeight: 700, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {money(b.revenueCents)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {`${plural(b.orders, 'commande', 'commandes')} · ${plural(b.items, 'article', 'articles')}`}
      </Typography>
      <Typography variant="body2" color="text.secondary">{`Panier moyen\u00a0: ${b.orders > 0 ? money(b.averageBasketCents) : '—'}`}</Typography>
    </Card>
  );
}

/** Nos Marques: the period's sales cut by brand, through the cartes each brand owns. */
export function NosMarquesPage({ route }: { route: AppRoute }) {
  const { range, setRange, setCurrency, data, money, common, period } = useBrandReport();
  const rows = data?.brands ?? undefined;
  const chart = brandChartData(rows);
  const empty = !common.loading && !common.error && (data?.totals.orders ?? 0) === 0;
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
        {data && (rows ?? []).length > 0 && (
          <Box
            role="region"
            aria-label="Chiffres par marque"
            sx={{ gridColumn: { lg: 'span 12' }, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' } }}
          >
            {(rows ?? []).map((b) => (
              <BrandKpi key={b.brandId} b={b} money={money} />
            ))}
          </Box>
        )}
        <Box sx={{ gridColumn: { lg: 'span 5' }, minWidth: 0, alignSelf: 'stretch' }}>
          <ReportCard
            fill
            title={NOS_MARQUES_TITLES.share}
            help="Part de chaque marque dans le CA TTC des produits vendus (avant réduction sur la commande), dans la couleur principale de la marque."
            subtitle={data ? `${period} · ${money(data.totals.revenueCents)}` : period}
            empty={empty}
            {...common}
          >
            <DonutChart data={chart} format={money} label={NOS_MARQUES_TITLES.share} height={200} legend="below" centre={data ? money(data.totals.revenueCents) : undefined} />
          </ReportCard>
        </Box>
        <Box sx={{ gridColumn: { lg: 'span 7' }, minWidth: 0, alignSelf: 'stretch' }}>
          <ReportCard fill title={NOS_MARQUES_TITLES.revenue} subtitle={period} empty={empty} {...common}>
            <BarChartView data={chart} format={money} label={NOS_MARQUES_TITLES.revenue} valueName="CA TTC" height={280} />
          </ReportCard>
        </Box>
        <Box sx={{ gridColumn: { lg: 'span 12' }, minWidth: 0 }}>
          <ReportCard
            title={NOS_MARQUES_TITLES.table}
            help="Un produit vendu compte pour la marque dont une carte le contient ; les autres lignes comptent « Sans marque »."
            subtitle={data ? `${period} · ${plural(data.totals.orders, 'commande', 'commandes')}` : period}
            bodyPadding={0}
            refreshing={common.refreshing}
          >
            <BrandTable label={NOS_MARQUES_TITLES.table} rows={rows} totals={data?.totals} money={money} loading={common.loading} error={common.error} onRetry={common.onRetry} />
          </ReportCard>
        </Box>
      </Box>
    </PageHeader>
  );
}
