import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Chip } from '@mui/material';
import type { AppRoute } from '../../../app/routeTable';
import { crumbsOf } from '../../../components/crumbs';
import { PageHeader } from '../../../components/PageHeader';
import { RestaurantFilter } from '../../restaurants/RestaurantFilter';
import { ReportCard } from '../../reports/components/ReportCard';
import { ReportTable, type ReportColumn } from '../../reports/components/ReportTable';
import { useReportRestaurant } from '../../reports/components/useReportRestaurant';
import { formatInteger } from '../../reports/format';
import { formatPoints } from '../format';
import { loyaltyMembersQuery } from '../queries';
import type { LoyaltyMember } from '../types';

export const MEMBERS_TITLE = 'Membres classés par points';

const day = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: 'short', year: 'numeric' });

/** The program's members, most points first (GET /api/v1/loyalty/members), paged by the server. */
export function LoyaltyMembersPage({ route }: { route: AppRoute }) {
  const { restaurantId } = useReportRestaurant();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const q = useQuery(loyaltyMembersQuery({ restaurantId, page, pageSize }));
  const columns = useMemo<ReportColumn<LoyaltyMember>[]>(
    () => [
      { key: 'rank', header: 'Rang', align: 'right', width: 64, render: (_r, i) => formatInteger(page * pageSize + i + 1) },
      { key: 'name', header: 'Client', render: (r) => r.customer.name },
      { key: 'tier', header: 'Niveau', render: (r) => (r.tier ? <Chip size="small" label={r.tier.name} /> : '—') },
      { key: 'points', header: 'Points', align: 'right', render: (r) => formatPoints(r.points) },
      { key: 'lifetime', header: 'Points cumulés', help: 'Tous les points gagnés depuis l’inscription : ils font le niveau.', align: 'right', render: (r) => formatPoints(r.lifetimePoints) },
      { key: 'visits', header: 'Visites', align: 'right', render: (r) => formatInteger(r.visits) },
      { key: 'last', header: 'Dernière visite', nowrap: true, render: (r) => (r.lastVisit ? day.format(new Date(r.lastVisit)) : '—') },
    ],
    [page, pageSize],
  );
  return (
    <PageHeader title={route.title} subtitle="Les membres du programme de fidélité, du plus grand nombre de points au plus petit." breadcrumbs={crumbsOf(route)} actions={<RestaurantFilter />}>
      <ReportCard title={MEMBERS_TITLE} subtitle={q.data ? `${formatInteger(q.data.total)} membres` : undefined} bodyPadding={0}>
        <ReportTable
          label={MEMBERS_TITLE}
          columns={columns}
          rows={q.data?.items ?? undefined}
          rowKey={(r) => r.customer.id}
          loading={q.isPending}
          refreshing={q.isFetching && !q.isPending}
          error={q.isError ? q.error : undefined}
          onRetry={() => void q.refetch()}
          emptyText="Aucun membre : les clients gagnent des points à leur première commande payée."
          server={{
            page,
            pageSize,
            total: q.data?.total ?? 0,
            onPageChange: setPage,
            onPageSizeChange: (n) => {
              setPageSize(n);
              setPage(0);
            },
          }}
          pageSizes={[10, 25, 50, 100]}
        />
      </ReportCard>
    </PageHeader>
  );
}
