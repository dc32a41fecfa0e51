import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Card, LinearProgress, Skeleton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { alpha, keyframes } from '@mui/material/styles';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import ShoppingBagOutlinedIcon from '@mui/icons-material/ShoppingBagOutlined';
import { crumbsOf } from '../../../components/crumbs';
import type { AppRoute } from '../../../app/routeTable';
import { errorMessage } from '../../../api/client';
import { EmptyState, EMPTY_TEXT } from '../../../components/EmptyState';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { PageHeader } from '../../../components/PageHeader';
import { RestaurantFilter } from '../../restaurants/RestaurantFilter';
import { CurrencyChoice } from '../../reports/components/CurrencyChoice';
import HourlyRevenueChart from '../components/HourlyRevenueChart';
import { KpiCard } from '../components/KpiCard';
import { TrendChip } from '../components/TrendChip';
import { count, money, type Realtime } from '../format';
import { LIVE_LABEL, useOrdersLive } from '../live';
import { realtimeQuery } from '../queries';
import { useReportRestaurant } from '../useReportRestaurant';


export const KPI_LABELS = {
  revenue: "Chiffre d'affaires",
  orders: 'Commandes',
  basket: 'Panier moyen',
  cancelled: 'Annulées',
  clickncollect: 'Click&Collect',
} as const;
export const HOURLY_TITLE = "Chiffre d'affaires par heure";
export const BY_RESTAURANT_TITLE = 'Par restaurant';
export const NO_ORDER_TODAY_TITLE = "Aucune commande aujourd'hui";
export const NO_ORDER_TODAY_TEXT = 'Les commandes apparaîtront ici dès leur encaissement, sans recharger la page.';

const pulseRing = keyframes`
  0% { transform: scale(1); opacity: 0.7; }
  100% { transform: scale(2.6); opacity: 0; }
`;

function LiveIndicator({ live }: { live: boolean }) {
  return (
    <Tooltip title={live ? 'Les nouvelles commandes s’affichent dès leur arrivée.' : 'Connexion au direct en cours…'}>
      <Stack
        direction="row"
        spacing={1}
        role="status"
        aria-label={live ? LIVE_LABEL : 'Hors ligne'}
        sx={(theme) => ({
          alignItems: 'center',
          px: 1.25,
          py: 0.5,
          borderRadius: 5,
          border: `1px solid ${live ? alpha(theme.palette.success.main, 0.4) : theme.palette.divider}`,
          backgroundColor: live ? alpha(theme.palette.success.main, 0.08) : 'transparent',
        })}
      >
        <Box sx={{ position: 'relative', width: 8, height: 8 }}>
          <Box sx={{ position: 'absolute', inset: 0, borderRadius: '50%', bgcolor: live ? 'success.main' : 'text.disabled' }} />
          {live && (
            <Box sx={{ position: 'absolute', inset: 0, borderRadius: '50%', bgcolor: 'success.main', animation: `${pulseRing} 1.6s ease-out infinite` }} />
          )}
        </Box>
        <Typography variant="caption" sx={{ fontWeight: 600, color: live ? 'success.main' : 'text.secondary' }}>
          {live ? LIVE_LABEL : 'Hors ligne'}
        </Typography>
      </Stack>
    </Tooltip>
  );
}

function longDate(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  const text = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])),
  );
  return text.charAt(0).toUpperCase() + text.slice(1);
}

type RealtimeTotal = NonNullable<Realtime['totals']>[number];

/** Today's total of the chosen currency, else the first (the franchise's when it has restaurants in it). */
function pickTotal(totals: readonly RealtimeTotal[], currency: string | undefined): RealtimeTotal | undefined {
  return totals.find((t) => t.currency === currency) ?? totals[0];
}

function ByRestaurant({ data, fallbackCurrency }: { data: Realtime; fallbackCurrency: string }) {
  // The server groups the restaurants by currency (in the order of the totals), then by revenue;
  // the bars compare a restaurant with the largest one of its own currency only.
  const rows = data.byRestaurant ?? [];
  const currencyOf = (r: (typeof rows)[number]) => r.currency || fallbackCurrency;
  const max = new Map<string, number>();
  for (const r of rows) max.set(currencyOf(r), Math.max(max.get(currencyOf(r)) ?? 1, r.revenueCents));
  if (rows.length === 0) return <EmptyState message={EMPTY_TEXT} minHeight={240} />;
  return (
    <Table size="small" stickyHeader aria-label={BY_RESTAURANT_TITLE} sx={{ tableLayout: 'fixed', '& th, & td': { px: 1 } }}>
      <TableHead>
        <TableRow>
          <TableCell>Restaurant</TableCell>
          <TableCell align="right" sx={{ width: 56 }}>
            Cmd.
          </TableCell>
          <TableCell align="right" sx={{ width: 112 }}>
            CA
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.restaurantId}>
            <TableCell sx={{ py: 0.75 }}>
              <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
                {r.name}
              </Typography>
              <Box sx={{ mt: 0.5, height: 4, borderRadius: 2, bgcolor: 'action.hover', overflow: 'hidden' }} aria-hidden>
                <Box sx={{ height: '100%', width: `${(r.revenueCents / (max.get(currencyOf(r)) ?? 1)) * 100}%`, bgcolor: 'primary.main', borderRadius: 2 }} />
              </Box>
            </TableCell>
            <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {count(r.orders)}
            </TableCell>
            <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600, whiteSpace: 'nowrap' }}>
              {money(r.revenueCents, currencyOf(r))}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Tableau de bord temps réel: today's figures, refreshed on every `orders.changed`. */
export function RealtimeDashboardPage({ route }: { route: AppRoute }) {
  const { choice, currency } = useReportRestaurant();
  // Amounts of different currencies are never added: one total per currency, one shown at a time.
  const [picked, setPicked] = useState<string>();
  const restaurantId = typeof choice === 'number' ? choice : 0;
  const realtime = useQuery(realtimeQuery(restaurantId));
  const { live, pulse } = useOrdersLive();
  const [flash, setFlash] = useState(false);

  useEffect(() => {
    if (pulse === 0) return undefined;
    setFlash(true);
    const t = setTimeout(() => setFlash(false), 1500);
    return () => clearTimeout(t);
  }, [pulse]);

  const data = realtime.data;
  const loading = realtime.isPending;
  const counts = data?.counts;
  // Today until now against the same weekday a week earlier until the same time (server side).
  const ref = counts
    ? { previousStart: counts.previousStart, previousEnd: counts.previousEnd, previousUntil: counts.previousUntil, reference: 'une semaine plus tôt' }
    : { previousStart: '', previousEnd: '' };
  const empty = data !== undefined && data.orders === 0 && data.cancelled === 0 && data.clickncollect === 0;
  const totals = data?.totals ?? [];
  const total = pickTotal(totals, picked);
  const totalCurrency = total?.currency || currency;
  const others = totals.filter((t) => t !== total);

  return (
    <PageHeader
      title={route.title}
      subtitle={data ? `${longDate(data.date)} · ${route.description ?? ''}` : route.description}
      breadcrumbs={crumbsOf(route)}
      actions={
        <>
          <LiveIndicator live={live} />
          <RestaurantFilter />
          <CurrencyChoice
            value={total?.currency}
            currencies={totals.map((t) => ({ code: t.currency, restaurants: t.restaurants }))}
            onChange={setPicked}
          />
        </>
      }
    >
      {realtime.isError && !data ? (
        <ErrorBlock message={errorMessage(realtime.error)} onRetry={() => void realtime.refetch()} retrying={realtime.isFetching} />
      ) : (
        <>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(5, 1fr)' }, gap: 2 }}>
            <KpiCard
              label={KPI_LABELS.revenue}
              icon={<PaymentsOutlinedIcon />}
              loading={loading}
              highlight={flash}
              value={data ? money(total?.revenueCents ?? 0, totalCurrency) : '—'}
              footer={
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {others.length > 0
                    ? `TTC, restaurants en ${totalCurrency} ; ${others.map((t) => money(t.revenueCents, t.currency)).join(' ; ')}`
                    : 'TTC, commandes payées'}
                </Typography>
              }
            />
            <KpiCard
              label={KPI_LABELS.orders}
              icon={<ReceiptLongOutlinedIcon />}
              tone="success"
              loading={loading}
              highlight={flash}
              value={data ? count(data.orders) : '—'}
              footer={counts && <TrendChip value={counts.confirmedTrend} previous={counts.confirmedOrdersPrevious} {...ref} />}
            />
            <KpiCard
              label={KPI_LABELS.basket}
              icon={<ShoppingCartOutlinedIcon />}
              tone="info"
              loading={loading}
              value={data ? money(total?.averageBasketCents ?? 0, totalCurrency) : '—'}
              footer={
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {others.length > 0 ? `Par commande payée, restaurants en ${totalCurrency}` : 'Par commande payée'}
                </Typography>
              }
            />
            <KpiCard
              label={KPI_LABELS.cancelled}
              icon={<CancelOutlinedIcon />}
              tone="error"
              loading={loading}
              value={data ? count(data.cancelled) : '—'}
              footer={counts && <TrendChip value={counts.cancelledTrend} previous={counts.cancelledOrdersPrevious} inverted {...ref} />}
            />
            <KpiCard
              label={KPI_LABELS.clickncollect}
              icon={<ShoppingBagOutlinedIcon />}
              tone="warning"
              loading={loading}
              value={data ? count(data.clickncollect) : '—'}
              footer={counts && <TrendChip value={counts.clickncollectTrend} previous={counts.clickncollectOrdersPrevious} {...ref} />}
            />
          </Box>

          {empty ? (
            <Card>
              <EmptyState title={NO_ORDER_TODAY_TITLE} message={NO_ORDER_TODAY_TEXT} icon={<ReceiptLongOutlinedIcon />} minHeight={320} />
            </Card>
          ) : (
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(340px, 1fr)' }, gap: 2, alignItems: 'start' }}>
              <Card component="section" aria-labelledby="hourly-title" sx={{ p: 2, minWidth: 0, position: 'relative' }}>
                {realtime.isFetching && !loading && (
                  <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2 }} aria-label="Actualisation" />
                )}
                <Typography id="hourly-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
                  {others.length > 0 ? `${HOURLY_TITLE} (${totalCurrency})` : HOURLY_TITLE}
                </Typography>
                {loading || !data ? (
                  <Skeleton variant="rounded" height={300} />
                ) : (
                  <HourlyRevenueChart byHour={total?.byHour ?? []} currency={totalCurrency} />
                )}
              </Card>
              <Card component="section" aria-labelledby="by-restaurant-title" sx={{ p: 2, minWidth: 0 }}>
                <Typography id="by-restaurant-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
                  {BY_RESTAURANT_TITLE}
                </Typography>
                {loading || !data ? (
                  <Stack spacing={1}>
                    {Array.from({ length: 5 }, (_, i) => (
                      <Skeleton key={i} variant="rounded" height={32} />
                    ))}
                  </Stack>
                ) : (
                  <Box sx={{ maxHeight: 300, overflowY: 'auto' }}>
                    <ByRestaurant data={data} fallbackCurrency={currency} />
                  </Box>
                )}
              </Card>
            </Box>
          )}
        </>
      )}
    </PageHeader>
  );
}
