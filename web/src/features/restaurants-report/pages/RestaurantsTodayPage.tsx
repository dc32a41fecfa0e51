import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Card, FormControlLabel, LinearProgress, Skeleton, Stack, Switch, Typography } from '@mui/material';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import type { AppRoute } from '../../../app/routeTable';
import { crumbsOf } from '../../../components/crumbs';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { PageHeader } from '../../../components/PageHeader';
import { RestaurantFilter } from '../../restaurants/RestaurantFilter';
import { errorText } from '../../reports/components/states';
import { useReportRestaurant } from '../../reports/components/useReportRestaurant';
import { formatCents, formatInteger } from '../../reports/format';
import { longDate, weekdayOf } from '../../flash/format';
import { agoText } from '../../establishments/time';
import { useNow } from '../../presence/useNow';
import { OFFLINE_ONLY_LABEL, plural } from '../format';
import { restaurantsTodayQuery } from '../queries';
import type { RestaurantToday } from '../types';
import { EquipmentLine } from '../components/EquipmentChip';
import { Evolution } from '../components/Evolution';

function timeIn(iso: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
  }
}

function Figure({ label, value, now, before }: { label: string; value: string; now: number; before: number }) {
  return (
    <Box role="group" aria-label={label} sx={{ minWidth: 0 }}>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>{label}</Typography>
      <Typography sx={{ fontWeight: 700, fontSize: '1rem', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{value}</Typography>
      <Evolution value={now} reference={before} />
    </Box>
  );
}

function RestaurantCard({ r, now, offlineOnly, lastWeekDay }: { r: RestaurantToday; now: number; offlineOnly: boolean; lastWeekDay: string }) {
  const equipments = r.equipments ?? [];
  const offline = equipments.filter((e) => !e.online).length;
  const shown = offlineOnly ? equipments.filter((e) => !e.online) : equipments;
  return (
    <Card component="article" aria-label={r.name} data-offline={offline} sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, borderTop: 3, borderTopColor: offline ? 'error.main' : 'success.main' }}>
      <Stack direction="row" sx={{ px: 2, pt: 1.5, pb: 1, gap: 1, alignItems: 'baseline', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{r.name}</Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>{r.currency}</Typography>
      </Stack>
      <Box sx={{ px: 2 }}>
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>Chiffre d'affaires TTC</Typography>
        <Stack direction="row" sx={{ alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
          <Typography className="today-revenue" sx={{ fontSize: '1.5rem', fontWeight: 700, fontVariantNumeric: 'tabular-nums', lineHeight: 1.2 }}>
            {formatCents(r.today.revenueCents, r.currency)}
          </Typography>
          <Evolution value={r.today.revenueCents} reference={r.lastWeek.revenueCents} title={`${lastWeekDay} à la même heure : ${formatCents(r.lastWeek.revenueCents, r.currency)}`} />
        </Stack>
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
          {`${lastWeekDay} à la même heure : ${formatCents(r.lastWeek.revenueCents, r.currency)}`}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1.5, px: 2, py: 1.5 }}>
        <Figure label="Commandes" value={formatInteger(r.today.orders)} now={r.today.orders} before={r.lastWeek.orders} />
        <Figure label="Panier moyen" value={r.today.orders ? formatCents(r.today.averageBasketCents, r.currency) : '—'} now={r.today.averageBasketCents} before={r.lastWeek.averageBasketCents} />
      </Box>
      <Typography variant="body2" sx={{ px: 2, pb: 1, color: 'text.secondary' }}>
        {r.lastOrderAt
          ? `Dernière commande ${agoText(r.lastOrderAt, now)} (${timeIn(r.lastOrderAt, r.timeZone)})`
          : 'Aucune commande depuis 7 jours'}
      </Typography>
      <Box sx={{ px: 2, pb: 2, mt: 'auto' }}>
        <Typography variant="caption" component="p" sx={{ fontWeight: 600, mb: 0.5, color: offline ? 'error.main' : 'text.secondary' }}>
          {equipments.length === 0 ? 'Aucune caisse ni borne' : offline ? `${plural(offline, 'équipement hors ligne', 'équipements hors ligne')} sur ${formatInteger(equipments.length)}` : `${plural(equipments.length, 'équipement en ligne', 'équipements en ligne')}`}
        </Typography>
        <Stack component="ul" aria-label={`Caisses et bornes de ${r.name}`} sx={{ listStyle: 'none', m: 0, p: 0, gap: 0.5 }}>
          {shown.map((e) => (
            <EquipmentLine key={e.equipmentId} e={e} now={now} timeZone={r.timeZone} />
          ))}
        </Stack>
      </Box>
    </Card>
  );
}

/**
 * Mes Restaurants (DashboardMesResto, issue 18): one card per restaurant with its day so far in its
 * own currency against the same weekday last week until the same hour, its last order, and its
 * tills and kiosks online or offline. Refreshed on every `orders.changed` event and every minute.
 */
export function RestaurantsTodayPage({ route }: { route: AppRoute }) {
  const { restaurantId } = useReportRestaurant();
  const [offlineOnly, setOfflineOnly] = useState(false);
  const report = useQuery(restaurantsTodayQuery(restaurantId));
  const now = useNow(30_000);
  const data = report.data;
  const all = useMemo(() => data?.restaurants ?? [], [data]);
  const offline = all.reduce((n, r) => n + (r.equipments ?? []).filter((e) => !e.online).length, 0);
  const equipments = all.reduce((n, r) => n + (r.equipments ?? []).length, 0);
  const shown = offlineOnly ? all.filter((r) => (r.equipments ?? []).some((e) => !e.online)) : all;
  const lastWeekDay = data ? `${weekdayOf(data.lastWeek)} dernier`.replace(/^./, (c) => c.toUpperCase()) : '';

  return (
    <PageHeader
      title={route.title}
      subtitle={route.description}
      breadcrumbs={crumbsOf(route)}
      actions={
        <>
          <FormControlLabel control={<Switch checked={offlineOnly} onChange={(e) => setOfflineOnly(e.target.checked)} />} label={OFFLINE_ONLY_LABEL} />
          <RestaurantFilter />
        </>
      }
    >
      <Stack spacing={2} sx={{ minWidth: 0, position: 'relative' }}>
        {report.isFetching && !report.isPending && <LinearProgress aria-label="Mise à jour" sx={{ position: 'absolute', top: -8, left: 0, right: 0, height: 2 }} />}
        {report.isError && <ErrorBlock message={errorText(report.error)} onRetry={() => void report.refetch()} retrying={report.isFetching} />}
        {data && (
          <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 1, justifyContent: 'space-between', alignItems: { md: 'center' } }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {`${longDate(data.date).replace(/^./, (c) => c.toUpperCase())}, jusqu'à ${data.until} · comparé à ${weekdayOf(data.lastWeek)} dernier à la même heure`}
            </Typography>
            <Typography variant="body2" sx={{ color: offline ? 'error.main' : 'success.main', fontWeight: 600 }}>
              {equipments === 0 ? '' : offline ? `${plural(offline, 'équipement hors ligne', 'équipements hors ligne')} sur ${formatInteger(equipments)}` : 'Toutes les caisses et bornes sont en ligne'}
            </Typography>
          </Stack>
        )}
        {data && (
          <Alert severity="info" variant="outlined" sx={{ py: 0 }}>
            {`Un équipement est hors ligne quand il n'a pas appelé le serveur depuis plus de ${data.offlineAfterMinutes} minutes.`}
          </Alert>
        )}
        {!data && !report.isError ? (
          <Box aria-busy aria-label="Chargement des restaurants" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={280} />
            ))}
          </Box>
        ) : data && shown.length === 0 ? (
          <Card>
            <EmptyState message={offlineOnly ? 'Aucun équipement hors ligne' : 'Aucun restaurant'} icon={<StorefrontOutlinedIcon />} minHeight={220} />
          </Card>
        ) : (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}>
            {shown.map((r) => (
              <RestaurantCard key={r.restaurantId} r={r} now={now} offlineOnly={offlineOnly} lastWeekDay={lastWeekDay} />
            ))}
          </Box>
        )}
      </Stack>
    </PageHeader>
  );
}
