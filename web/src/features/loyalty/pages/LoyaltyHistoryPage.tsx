import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MenuItem, TextField, Typography } from '@mui/material';
import type { AppRoute } from '../../../app/routeTable';
import { crumbsOf } from '../../../components/crumbs';
import { PageHeader } from '../../../components/PageHeader';
import { RestaurantFilter } from '../../restaurants/RestaurantFilter';
import { DateRangeFilter, useDateRange } from '../../reports/components/DateRangeFilter';
import { ReportCard } from '../../reports/components/ReportCard';
import { ReportTable, type ReportColumn } from '../../reports/components/ReportTable';
import { useReportRestaurant } from '../../reports/components/useReportRestaurant';
import { formatDateTime, formatInteger, formatRange } from '../../reports/format';
import { ENTRY_KINDS, formatPoints } from '../format';
import { loyaltyHistoryQuery } from '../queries';
import type { LoyaltyHistoryItem } from '../types';

export const HISTORY_TITLE = 'Mouvements de points';
export const KIND_LABEL = 'Type de mouvement';

/** Signed points: « +12 pts », « −100 pts ». */
export function signedPoints(n: number): string {
  return n > 0 ? `+${formatPoints(n)}` : n < 0 ? `\u2212${formatPoints(-n)}` : formatPoints(0);
}

/** The history of points: every earning, reversal, redemption and correction, newest first. */
export function LoyaltyHistoryPage({ route }: { route: AppRoute }) {
  const { range, setRange, valid } = useDateRange();
  const { restaurantId } = useReportRestaurant();
  const [kind, setKind] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const filter = useMemo(() => ({ from: range.start, to: range.end, restaurantId, kind, page, pageSize }), [range, restaurantId, kind, page, pageSize]);
  const q = useQuery({ ...loyaltyHistoryQuery(filter), enabled: valid });
  const columns = useMemo<ReportColumn<LoyaltyHistoryItem>[]>(
    () => [
      { key: 'at', header: 'Date', nowrap: true, render: (r) => formatDateTime(r.at) },
      { key: 'customer', header: 'Client', render: (r) => r.customer.name },
      { key: 'kind', header: 'Mouvement', render: (r) => ENTRY_KINDS[r.kind] ?? r.kind },
      {
        key: 'points',
        header: 'Points',
        align: 'right',
        render: (r) => (
          <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', color: r.points < 0 ? 'error.main' : 'success.main' }}>
            {signedPoints(r.points)}
          </Typography>
        ),
      },
      { key: 'reward', header: 'Récompense', render: (r) => r.reward?.name ?? '—' },
      { key: 'order', header: 'Commande', align: 'right', render: (r) => (r.orderId ? `n°\u00a0${r.orderId}` : '—') },
      { key: 'restaurant', header: 'Restaurant', render: (r) => r.restaurant?.name ?? '—' },
    ],
    [],
  );
  const reset = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage(0);
  };
  return (
    <PageHeader
      title={route.title}
      subtitle="Chaque mouvement de points : gains, reprises après remboursement, récompenses et corrections."
      breadcrumbs={crumbsOf(route)}
      actions={
        <>
          <DateRangeFilter value={range} onChange={reset(setRange)} />
          <TextField select size="small" label={KIND_LABEL} value={kind} onChange={(e) => reset(setKind)(e.target.value)} sx={{ minWidth: 200 }}>
            <MenuItem value="">Tous</MenuItem>
            {Object.entries(ENTRY_KINDS).map(([k, label]) => (
              <MenuItem key={k} value={k}>
                {label}
              </MenuItem>
            ))}
          </TextField>
          <RestaurantFilter />
        </>
      }
    >
      <ReportCard title={HISTORY_TITLE} subtitle={`${formatRange(range)}${q.data ? ` · ${formatInteger(q.data.total)} mouvements` : ''}`} bodyPadding={0}>
        <ReportTable
          label={HISTORY_TITLE}
          columns={columns}
          rows={q.data?.items ?? undefined}
          rowKey={(r, i) => `${r.at}-${r.customer.id}-${r.kind}-${i}`}
          loading={q.isPending && q.fetchStatus !== 'idle'}
          refreshing={q.isFetching && !q.isPending}
          error={q.isError ? q.error : undefined}
          onRetry={() => void q.refetch()}
          emptyText="Aucun mouvement de points sur la période."
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
