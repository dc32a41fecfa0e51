import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Chip, FormControlLabel, Stack, Switch, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TableSortLabel, Tooltip, Typography } from '@mui/material';
import PointOfSaleOutlinedIcon from '@mui/icons-material/PointOfSaleOutlined';
import type { AppRoute } from '../../../app/routeTable';
import { crumbsOf } from '../../../components/crumbs';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { periodRange } from '../../../components/periods';
import { SearchBar } from '../../../components/SearchBar';
import { RestaurantFilter } from '../../restaurants/RestaurantFilter';
import { DateRangeFilter, useDateRange, useReportTimeZone } from '../../reports/components/DateRangeFilter';
import { ExportMenu } from '../../reports/components/ExportMenu';
import { ReportCard } from '../../reports/components/ReportCard';
import { useReportRestaurant } from '../../reports/components/useReportRestaurant';
import { formatCents, formatInteger } from '../../reports/format';
import { rangeText } from '../../flash/format';
import { exactDateTime, lastSeenText } from '../../establishments/time';
import { useNow } from '../../presence/useNow';
import { COMPARISON_PERIODS, CUSTOM_PERIOD_LABEL, KIND_LABELS, OFFLINE_ONLY_LABEL, plural } from '../format';
import { equipmentsQuery } from '../queries';
import type { EquipmentRow } from '../types';
import { StatusBadge } from '../components/EquipmentChip';

type SortKey = 'restaurant' | 'kind' | 'name' | 'lastSeen' | 'status' | 'orders' | 'revenue';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

const sortValue = (e: EquipmentRow, key: SortKey): string | number => {
  switch (key) {
    case 'restaurant':
      return e.restaurant;
    case 'kind':
      return KIND_LABELS[e.kind] ?? e.kind;
    case 'name':
      return e.name;
    case 'lastSeen':
      return e.lastSeenAt ? Date.parse(e.lastSeenAt) : 0;
    case 'status':
      return e.online ? 1 : 0;
    case 'orders':
      return e.orders;
    case 'revenue':
      return e.revenueCents;
  }
};

/** Only rows of the same currency compare on revenue: sorting by it groups currencies first. */
function compare(a: EquipmentRow, b: EquipmentRow, key: SortKey): number {
  if (key === 'revenue' && a.currency !== b.currency) return a.currency.localeCompare(b.currency);
  const va = sortValue(a, key);
  const vb = sortValue(b, key);
  return typeof va === 'number' && typeof vb === 'number' ? va - vb : String(va).localeCompare(String(vb), 'fr');
}

/**
 * Historique équipements (issue 18): every till and kiosk of the franchise, when it last called
 * the server and whether it is online, with its paid orders and revenue over the period in its
 * restaurant's currency. Sortable on each column, searchable by restaurant or name.
 */
export function EquipmentHistoryPage({ route }: { route: AppRoute }) {
  const { range, setRange, valid } = useDateRange(() => periodRange('last30'));
  const { restaurantId } = useReportRestaurant();
  const [search, setSearch] = useState('');
  const [offlineOnly, setOfflineOnly] = useState(false);
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'restaurant', desc: false });
  const filter = useMemo(() => ({ ...range, restaurantId }), [range, restaurantId]);
  const report = useQuery({ ...equipmentsQuery(filter), enabled: valid });
  const now = useNow(30_000);
  const zone = useReportTimeZone() ?? '';
  const data = report.data;
  const items = useMemo(() => {
    const q = search.trim().toLocaleLowerCase('fr');
    const list = (data?.items ?? []).filter(
      (e) => (!offlineOnly || !e.online) && (!q || `${e.restaurant} ${e.name} ${KIND_LABELS[e.kind] ?? e.kind}`.toLocaleLowerCase('fr').includes(q)),
    );
    list.sort((a, b) => compare(a, b, sort.key) * (sort.desc ? -1 : 1) || a.restaurant.localeCompare(b.restaurant, 'fr') || a.name.localeCompare(b.name, 'fr'));
    return list;
  }, [data, search, offlineOnly, sort]);
  const offline = (data?.items ?? []).filter((e) => !e.online).length;
  const header = (key: SortKey, label: string, align: 'left' | 'right' = 'left') => (
    <TableCell align={align} sortDirection={sort.key === key ? (sort.desc ? 'desc' : 'asc') : false} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
      <TableSortLabel
        active={sort.key === key}
        direction={sort.key === key && sort.desc ? 'desc' : 'asc'}
        onClick={() => setSort((s) => ({ key, desc: s.key === key ? !s.desc : key === 'orders' || key === 'revenue' || key === 'lastSeen' }))}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );

  return (
    <PageHeader
      title={route.title}
      subtitle={route.description}
      breadcrumbs={crumbsOf(route)}
      actions={
        <>
          <DateRangeFilter value={range} onChange={setRange} periods={COMPARISON_PERIODS} customLabel={CUSTOM_PERIOD_LABEL} />
          <RestaurantFilter />
        </>
      }
    >
      <ReportCard
        title="Caisses et bornes"
        help={data ? `Commandes payées et chiffre d'affaires TTC de chaque équipement sur la période, dans la devise de son restaurant. Hors ligne : aucun appel au serveur depuis plus de ${data.offlineAfterMinutes} minutes.` : undefined}
        subtitle={data ? `${rangeText(data)} · ${plural(data.items?.length ?? 0, 'équipement', 'équipements')}, dont ${formatInteger(offline)} hors ligne` : undefined}
        loading={!data && !report.isError}
        error={!data ? report.error : undefined}
        onRetry={() => void report.refetch()}
        refreshing={report.isFetching && !report.isPending}
        bodyPadding={0}
        actions={
          <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
            <Box sx={{ width: { xs: '100%', sm: 260 } }}>
              <SearchBar thing="un équipement ou un restaurant" value={search} onChange={setSearch} />
            </Box>
            <FormControlLabel control={<Switch checked={offlineOnly} onChange={(e) => setOfflineOnly(e.target.checked)} />} label={OFFLINE_ONLY_LABEL} />
            <ExportMenu report="equipments" title="Caisses et bornes" params={{ start: range.start, end: range.end, restaurantId }} disabled={!data} />
          </Stack>
        }
      >
        {data &&
          (items.length === 0 ? (
            <EmptyState message={search || offlineOnly ? 'Aucun équipement ne correspond' : 'Aucune caisse ni borne'} icon={<PointOfSaleOutlinedIcon />} minHeight={220} />
          ) : (
            <TableContainer sx={{ overflowX: 'auto', maxHeight: 680 }}>
              <Table size="small" stickyHeader aria-label="Historique des caisses et bornes">
                <TableHead>
                  <TableRow>
                    {header('restaurant', 'Restaurant')}
                    {header('kind', 'Type')}
                    {header('name', 'Nom')}
                    {header('lastSeen', 'Dernier appel')}
                    {header('status', 'Statut')}
                    {header('orders', 'Commandes', 'right')}
                    {header('revenue', 'CA TTC', 'right')}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {items.map((e) => (
                    <TableRow key={e.equipmentId} hover sx={e.online ? undefined : { bgcolor: (t) => (t.palette.mode === 'dark' ? 'rgba(244,67,54,0.08)' : 'rgba(211,47,47,0.04)') }}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {e.restaurant}
                        {e.archived && <Chip size="small" label="Archivé" sx={{ ml: 1, height: 20 }} />}
                      </TableCell>
                      <TableCell>{KIND_LABELS[e.kind] ?? e.kind}</TableCell>
                      <TableCell component="th" scope="row" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{e.name}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {e.lastSeenAt ? (
                          <Tooltip title={exactDateTime(e.lastSeenAt, zone)}>
                            <Typography component="span" variant="body2" tabIndex={0}>{lastSeenText(e.lastSeenAt, now)}</Typography>
                          </Tooltip>
                        ) : (
                          <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>Jamais vu</Typography>
                        )}
                      </TableCell>
                      <TableCell><StatusBadge online={e.online} /></TableCell>
                      <TableCell align="right" sx={num}>{formatInteger(e.orders)}</TableCell>
                      <TableCell align="right" sx={{ ...num, fontWeight: 600 }}>{formatCents(e.revenueCents, e.currency)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          ))}
      </ReportCard>
    </PageHeader>
  );
}
