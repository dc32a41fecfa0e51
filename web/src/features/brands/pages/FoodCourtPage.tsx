import { Box, Chip, Stack, Typography } from '@mui/material';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import type { AppRoute } from '../../../app/routeTable';
import { crumbsOf } from '../../../components/crumbs';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { PageHeader } from '../../../components/PageHeader';
import { RestaurantFilter } from '../../restaurants/RestaurantFilter';
import { CurrencyChoice } from '../../reports/components/CurrencyChoice';
import { DateRangeFilter } from '../../reports/components/DateRangeFilter';
import { ReportCard } from '../../reports/components/ReportCard';
import { DonutChart } from '../../reports/components/charts';
import { errorText } from '../../reports/components/states';
import { formatInteger } from '../../reports/format';
import { BrandTable, brandChartData } from '../components/BrandTable';
import { useBrandReport } from '../components/useBrandReport';

const plural = (n: number, one: string, many: string) => `${formatInteger(n)}\u00a0${Math.abs(n) > 1 ? many : one}`;

/** Food court: for each site serving several brands, the split of its sales by brand. */
export function FoodCourtPage({ route }: { route: AppRoute }) {
  const { range, setRange, setCurrency, data, money, common, period } = useBrandReport();
  const sites = data?.sites ?? [];

  let body;
  if (common.loading) body = <LoadingPanel />;
  else if (common.error) body = <ErrorBlock message={errorText(common.error)} onRetry={common.onRetry} />;
  else if (sites.length === 0)
    body = (
      <EmptyState
        title="Aucun site food court"
        message="Un site food court est un restaurant qui sert au moins deux marques : choisissez les restaurants de chaque marque dans Gestion Marques."
        icon={<StorefrontOutlinedIcon />}
      />
    );
  else
    body = (
      <Stack spacing={2}>
        {sites.map((s) => (
          <ReportCard
            key={s.restaurantId}
            title={s.name}
            subtitle={`${period} · ${money(s.totals.revenueCents)} · ${plural(s.totals.orders, 'commande', 'commandes')}`}
            actions={
              <Stack direction="row" spacing={0.75} sx={{ flexWrap: 'wrap' }}>
                {(s.brands ?? [])
                  .filter((b) => (s.servedBrandIds ?? []).includes(b.brandId))
                  .map((b) => (
                    <Chip key={b.brandId} size="small" label={b.name} sx={{ bgcolor: b.primaryColor, color: b.secondaryColor, fontWeight: 600 }} />
                  ))}
              </Stack>
            }
            refreshing={common.refreshing}
            bodyPadding={0}
          >
            <Box role="region" aria-label={`Répartition de ${s.name}`} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '320px minmax(0, 1fr)' }, alignItems: 'center' }}>
              <Box sx={{ p: 2 }}>
                {s.totals.revenueCents > 0 ? (
                  <DonutChart data={brandChartData(s.brands)} format={money} label={`Répartition du CA de ${s.name}`} height={170} legend="below" centre={money(s.totals.revenueCents)} />
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    Aucune vente sur la période.
                  </Typography>
                )}
              </Box>
              <BrandTable label={`Marques de ${s.name}`} rows={s.brands ?? []} totals={s.totals} money={money} />
            </Box>
          </ReportCard>
        ))}
      </Stack>
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
      {body}
    </PageHeader>
  );
}
