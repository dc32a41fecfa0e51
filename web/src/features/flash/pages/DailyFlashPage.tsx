import { useId, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Card, LinearProgress, Stack, Tab, Tabs, Typography } from '@mui/material';
import MailOutlineIcon from '@mui/icons-material/EmailOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import type { AppRoute } from '../../../app/routeTable';
import { crumbsOf } from '../../../components/crumbs';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { PageHeader } from '../../../components/PageHeader';
import { RestaurantFilter } from '../../restaurants/RestaurantFilter';
import { errorText } from '../../reports/components/states';
import { useReportRestaurant } from '../../reports/components/useReportRestaurant';
import { ExportMenu } from '../../reports/components/ExportMenu';
import { EMPTY_PERIOD_TEXT, longDate, PERIOD_ORDER, PERIOD_TITLES, previousLabel } from '../format';
import { flashQuery } from '../queries';
import type { Flash, FlashPeriod, FlashPeriodKey } from '../types';
import { isEmptyPeriod, PeriodSection, PeriodSkeleton } from '../components/PeriodSection';
import { RestaurantsTable, RESTAURANTS_TITLE } from '../components/RestaurantsTable';
import { SplitTable } from '../components/SplitTable';
import { SummaryDialog } from '../components/SummaryDialog';

export const EMAIL_BUTTON_LABEL = 'Recevoir par e-mail';

export const DETAIL_TITLE = 'Détail';
export const BY_TYPE_TITLE = 'Par type de commande';
export const BY_SOURCE_TITLE = 'Par source';

/** « Aujourd'hui jusqu'à 14:05 » and the day in full. */
function Headline({ data }: { data: Flash | undefined }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1.5, rowGap: 0.25 }}>
      <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
        {data ? `Aujourd'hui jusqu'à ${data.until}` : "Aujourd'hui"}
      </Typography>
      {data && (
        <Typography variant="body1" sx={{ color: 'text.secondary' }}>
          {longDate(data.date)}
        </Typography>
      )}
    </Box>
  );
}

function Section({ title, children, id, actions }: { title: string; children: ReactNode; id: string; actions?: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', px: 2, pt: 1.5, pb: 0.5 }}>
        <Typography id={id} variant="subtitle2" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
      </Box>
      {children}
    </Box>
  );
}

/** The breakdowns of one period: order types and sources per currency, then every restaurant. */
function PeriodDetail({ period, many, restaurantId }: { period: FlashPeriod; many: boolean; restaurantId: number }) {
  const typeId = useId();
  const sourceId = useId();
  const restaurantsId = useId();
  const label = previousLabel(period.key, period.previous);
  if (isEmptyPeriod(period)) {
    return <EmptyState message={EMPTY_PERIOD_TEXT} icon={<ReceiptLongOutlinedIcon />} minHeight={200} />;
  }
  const totals = period.totals ?? [];
  // One table per currency on the server: amounts of two currencies never share a column.
  const exports = (prefix: string, title: string) =>
    totals.map((t) => (
      <ExportMenu key={t.currency} report="flash" table={`${prefix}-${t.currency}`} title={many ? `${title} (${t.currency})` : title} params={{ restaurantId }} />
    ));
  return (
    <Stack spacing={1} sx={{ pb: 1 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'repeat(2, minmax(0, 1fr))' }, columnGap: 2 }}>
        <Section id={typeId} title={BY_TYPE_TITLE} actions={exports('by-order-type', BY_TYPE_TITLE)}>
          {totals.map((t) => (
            <Box key={t.currency}>
              {many && <Typography variant="caption" sx={{ px: 2, fontWeight: 700 }}>{t.currency}</Typography>}
              <SplitTable
                label={many ? `${BY_TYPE_TITLE} (${t.currency})` : BY_TYPE_TITLE}
                keyHeader="Type de commande"
                rows={t.byOrderType ?? []}
                currency={t.currency}
                revenueCents={t.current.revenueCents}
                previousLabel={label}
              />
            </Box>
          ))}
        </Section>
        <Section id={sourceId} title={BY_SOURCE_TITLE} actions={exports('by-source', BY_SOURCE_TITLE)}>
          {totals.map((t) => (
            <Box key={t.currency}>
              {many && <Typography variant="caption" sx={{ px: 2, fontWeight: 700 }}>{t.currency}</Typography>}
              <SplitTable
                label={many ? `${BY_SOURCE_TITLE} (${t.currency})` : BY_SOURCE_TITLE}
                keyHeader="Source"
                rows={t.bySource ?? []}
                currency={t.currency}
                revenueCents={t.current.revenueCents}
                previousLabel={label}
              />
            </Box>
          ))}
        </Section>
      </Box>
      <Section id={restaurantsId} title={RESTAURANTS_TITLE} actions={exports('restaurants', RESTAURANTS_TITLE)}>
        <RestaurantsTable rows={period.restaurants ?? []} previousLabel={label} />
      </Section>
    </Stack>
  );
}

/**
 * Le flash du jour: today, yesterday, this week and this month, each against its previous period
 * and last year, one row of figures per currency (amounts of different currencies are never added).
 * The 'orders.changed' event refetches it (its key is under ['reports']), and so does every minute.
 */
export function DailyFlashPage({ route }: { route: AppRoute }) {
  const { restaurantId } = useReportRestaurant();
  const flash = useQuery(flashQuery(restaurantId));
  const [detailKey, setDetailKey] = useState<FlashPeriodKey>('today');
  const detailId = useId();
  const data = flash.data;
  const periods = data?.periods ?? [];
  const many = periods.some((p) => (p.totals ?? []).length > 1);
  const detail = periods.find((p) => p.key === detailKey) ?? periods[0];
  const [mailOpen, setMailOpen] = useState(false);

  return (
    <PageHeader title={route.title} subtitle={route.description} breadcrumbs={crumbsOf(route)} actions={
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <RestaurantFilter />
          <ExportMenu report="flash" title="le flash du jour" params={{ restaurantId }} disabled={!data} size="medium" />
          <Button variant="outlined" startIcon={<MailOutlineIcon />} onClick={() => setMailOpen(true)} sx={{ textTransform: 'none' }}>
            {EMAIL_BUTTON_LABEL}
          </Button>
        </Box>
      }
    >
      <SummaryDialog open={mailOpen} onClose={() => setMailOpen(false)} restaurantId={restaurantId} />
      <Box sx={{ position: 'relative', display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
        {flash.isFetching && !flash.isPending && (
          <LinearProgress aria-label="Actualisation" sx={{ position: 'absolute', top: -12, left: 0, right: 0, height: 2 }} />
        )}
        <Headline data={data} />
        {flash.isError && !data ? (
          <ErrorBlock message={errorText(flash.error)} onRetry={() => void flash.refetch()} retrying={flash.isFetching} />
        ) : flash.isPending || !data ? (
          PERIOD_ORDER.map((key) => <PeriodSkeleton key={key} periodKey={key} />)
        ) : (
          <>
            {flash.isError && (
              // A refresh failed: the last figures stay, said to be those of their hour.
              <ErrorBlock
                message={`${errorText(flash.error)} Les chiffres affichés sont ceux de ${data.until}.`}
                onRetry={() => void flash.refetch()}
                retrying={flash.isFetching}
              />
            )}
            {periods.map((period) => (
              <PeriodSection key={period.key} period={period} until={data.until} many={many} />
            ))}
            {detail && (
              <Card component="section" aria-labelledby={detailId} sx={{ minWidth: 0 }}>
                <Box sx={{ px: 2, pt: 1.5, borderBottom: 1, borderColor: 'divider' }}>
                  <Typography id={detailId} variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                    {DETAIL_TITLE}
                  </Typography>
                  <Tabs
                    value={detail.key}
                    onChange={(_, key: FlashPeriodKey) => setDetailKey(key)}
                    variant="scrollable"
                    allowScrollButtonsMobile
                    aria-label="Période du détail"
                    sx={{ minHeight: 40, '& .MuiTab-root': { minHeight: 40, textTransform: 'none', fontWeight: 600 } }}
                  >
                    {periods.map((p) => (
                      <Tab key={p.key} value={p.key} label={PERIOD_TITLES[p.key]} />
                    ))}
                  </Tabs>
                </Box>
                <PeriodDetail key={detail.key} period={detail} many={many} restaurantId={restaurantId} />
              </Card>
            )}
          </>
        )}
      </Box>
    </PageHeader>
  );
}
