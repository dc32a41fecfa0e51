import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Card, Skeleton, Typography } from '@mui/material';
import type { AppRoute } from '../../../app/routeTable';
import { crumbsOf } from '../../../components/crumbs';
import { PageHeader } from '../../../components/PageHeader';
import { RestaurantFilter } from '../../restaurants/RestaurantFilter';
import { DateRangeFilter, useDateRange } from '../../reports/components/DateRangeFilter';
import { ReportCard } from '../../reports/components/ReportCard';
import { ReportTable, type ReportColumn } from '../../reports/components/ReportTable';
import { ComparisonChartView } from '../../reports/components/charts';
import { useReportRestaurant } from '../../reports/components/useReportRestaurant';
import { formatDay, formatInteger, formatRange } from '../../reports/format';
import { formatBasisPoints, formatMoney, formatPoints } from '../format';
import { loyaltyDashboardQuery } from '../queries';
import type { LoyaltyDashboard } from '../types';

export const CHART_TITLE = 'Points gagnés et dépensés par jour';
export const TOP_TITLE = 'Récompenses les plus prises';

type TopRow = NonNullable<LoyaltyDashboard['topRewards']>[number];

/** The chart's series: earned as the main line, redeemed as the second. */
export function dayPoints(d: LoyaltyDashboard | undefined) {
  return (d?.byDay ?? []).map((x) => ({ label: x.date, current: x.earned, previous: x.redeemed, lastYear: null }));
}

/** The reward cost, one amount per currency (never added together): « 12,50 € · 8,00 CHF ». */
export function rewardCostText(d: LoyaltyDashboard | undefined): string {
  const list = d?.rewardCost ?? [];
  return list.length === 0 ? formatMoney({ cents: 0, currency: 'EUR' }) : list.map(formatMoney).join(' · ');
}

/** The loyalty dashboard: members, activity, points earned and redeemed, reward cost over a period. */
export function LoyaltyDashboardPage({ route }: { route: AppRoute }) {
  const { range, setRange, valid } = useDateRange();
  const { restaurantId } = useReportRestaurant();
  const filter = useMemo(() => ({ from: range.start, to: range.end, restaurantId }), [range, restaurantId]);
  const q = useQuery({ ...loyaltyDashboardQuery(filter), enabled: valid });
  const d = q.data;
  const period = formatRange(range);
  const loading = q.isPending && q.fetchStatus !== 'idle';
  const common = { loading, refreshing: q.isFetching && !q.isPending, error: q.isError ? q.error : undefined, onRetry: () => void q.refetch() };
  const chart = useMemo(() => dayPoints(d), [d]);
  const anyPoints = chart.some((x) => x.current !== 0 || x.previous !== 0);

  const tiles = [
    { label: 'Membres', value: formatInteger(d?.members), help: 'Clients qui ont des points ou en ont eu.' },
    { label: 'Membres actifs', value: formatInteger(d?.activeMembers), help: `Ont gagné des points ${period}.` },
    { label: 'Taux de retour', value: d ? formatBasisPoints(d.repeatRate) : '—', help: 'Membres actifs venus au moins deux fois dans la période.' },
    { label: 'Points gagnés', value: formatInteger(d?.pointsEarned) },
    { label: 'Points dépensés', value: formatInteger(d?.pointsRedeemed), help: `${formatInteger(d?.redemptions)} récompenses prises.` },
    { label: 'Coût des récompenses', value: rewardCostText(d), help: 'Par devise.' },
  ];

  const columns = useMemo<ReportColumn<TopRow>[]>(
    () => [
      { key: 'reward', header: 'Récompense', sortValue: (r) => r.reward.name, render: (r) => r.reward.name },
      { key: 'n', header: 'Prises', align: 'right', sortValue: (r) => r.redemptions, render: (r) => formatInteger(r.redemptions) },
      { key: 'points', header: 'Points dépensés', align: 'right', sortValue: (r) => r.points, render: (r) => formatPoints(r.points) },
    ],
    [],
  );

  return (
    <PageHeader
      title={route.title}
      subtitle="Le programme de fidélité sur la période : membres, points gagnés et dépensés, coût des récompenses."
      breadcrumbs={crumbsOf(route)}
      actions={
        <>
          <DateRangeFilter value={range} onChange={setRange} />
          <RestaurantFilter />
        </>
      }
    >
      <Card component="section" aria-label="Chiffres de la période" sx={{ minWidth: 0 }}>
        <Typography variant="caption" component="p" sx={{ px: 2, pt: 1.25, pb: 1, color: 'text.secondary', borderBottom: 1, borderColor: 'divider' }}>
          Fidélité {period}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', xl: 'repeat(6, minmax(0, 1fr))' } }}>
          {tiles.map((t) => (
            <Box key={t.label} role="group" aria-label={t.label} sx={{ p: 2, minWidth: 0 }}>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t.label}
              </Typography>
              <Typography variant="h5" component="p" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                {loading ? <Skeleton width={90} /> : t.value}
              </Typography>
              {t.help && (
                <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
                  {t.help}
                </Typography>
              )}
            </Box>
          ))}
        </Box>
      </Card>
      <ReportCard title={CHART_TITLE} subtitle={period} empty={!loading && !anyPoints} {...common}>
        <ComparisonChartView
          data={chart}
          kind="line"
          format={(v) => formatPoints(v)}
          formatTick={(v) => formatInteger(v)}
          formatLabel={formatDay}
          label={CHART_TITLE}
          names={{ current: 'Points gagnés', previous: 'Points dépensés', lastYear: '' }}
        />
      </ReportCard>
      <ReportCard title={TOP_TITLE} subtitle={period} bodyPadding={0} {...common} loading={false} error={undefined}>
        <ReportTable
          label={TOP_TITLE}
          columns={columns}
          rows={d ? (d.topRewards ?? []) : undefined}
          rowKey={(r) => r.reward.id}
          emptyText="Aucune récompense prise sur la période."
          {...common}
          refreshing={false}
        />
      </ReportCard>
    </PageHeader>
  );
}
