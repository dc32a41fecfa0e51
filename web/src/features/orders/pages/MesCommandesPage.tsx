import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Box, Card } from '@mui/material';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { crumbsOf } from '../../../components/crumbs';
import type { AppRoute } from '../../../app/routeTable';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { RestaurantFilter } from '../../restaurants/RestaurantFilter';
import { CountsCards } from '../components/CountsCards';
import { OrderDetailPanel } from '../components/OrderDetailPanel';
import { DateRangeFields, SourceSelect } from '../components/OrderFilters';
import { OrdersTable } from '../components/OrdersTable';
import { CHOOSE_RESTAURANT_TEXT, DEFAULT_PAGE_SIZE, NOT_FOUND_TEXT, today, type OrderSource } from '../format';
import { countsQuery, lookupQuery, orderQuery, ordersQuery } from '../queries';
import { useReportRestaurant } from '../useReportRestaurant';

/** The Click&Collect list route opens the screen on that source. */
export const CLICKNCOLLECT_PATHS = ['/Cncstats/SuiviCnCListCommand'];

/** Mes Commandes (spec §2.1): the list screen, or only the detail with ?order_id&siret&keenio. */
export function MesCommandesPage({ route }: { route: AppRoute }) {
  const [params] = useSearchParams();
  const orderId = params.get('order_id')?.trim();
  const siret = params.get('siret')?.trim();
  const keenio = params.get('keenio')?.trim();
  if (orderId && siret && keenio) return <DeepLinkOrder route={route} order_id={orderId} siret={siret} keenio={keenio} />;
  return <OrdersScreen route={route} />;
}

function DeepLinkOrder({ route, ...lookup }: { route: AppRoute; order_id: string; siret: string; keenio: string }) {
  const detail = useQuery(lookupQuery(lookup));
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 0, md: 2 } }}>
      <Box sx={{ width: '100%', maxWidth: 720 }} aria-label={route.title}>
        <OrderDetailPanel
          detail={detail.data}
          loading={detail.isPending}
          error={detail.error}
          onRetry={() => void detail.refetch()}
          notFoundText={NOT_FOUND_TEXT}
        />
      </Box>
    </Box>
  );
}

function OrdersScreen({ route }: { route: AppRoute }) {
  const { pathname } = useLocation();
  const { choice, restaurant, currency } = useReportRestaurant();
  const [range, setRange] = useState(() => ({ start: today(), end: today() }));
  const [source, setSource] = useState<OrderSource>(() => (CLICKNCOLLECT_PATHS.includes(pathname) ? 'clickncollect' : 'caisse_borne'));
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [selected, setSelected] = useState<number | null>(null);

  const validRange = range.start <= range.end;
  const restaurantId = typeof choice === 'number' ? choice : 0;
  const counts = useQuery({ ...countsQuery({ ...range, restaurantId }), enabled: validRange });
  const list = useQuery({
    ...ordersQuery({ ...range, restaurantId, source, page, pageSize }),
    enabled: validRange && restaurantId > 0,
  });
  const detail = useQuery({ ...orderQuery(selected ?? 0), enabled: selected !== null });

  // A new filter starts again from the first page with nothing chosen.
  const reset = () => {
    setPage(0);
    setSelected(null);
  };
  const [seen, setSeen] = useState(restaurantId);
  if (seen !== restaurantId) {
    setSeen(restaurantId);
    reset();
  }

  return (
    <PageHeader
      title={route.title}
      subtitle={route.description}
      breadcrumbs={crumbsOf(route)}
      actions={
        <>
          <RestaurantFilter />
          <DateRangeFields
            start={range.start}
            end={range.end}
            onChange={(next) => {
              setRange(next);
              reset();
            }}
          />
          <SourceSelect
            value={source}
            onChange={(next) => {
              setSource(next);
              reset();
            }}
          />
        </>
      }
    >
      <CountsCards counts={counts.data} loading={counts.isPending && counts.fetchStatus !== 'idle'} />
      {restaurantId === 0 ? (
        <Card>
          <EmptyState message={CHOOSE_RESTAURANT_TEXT} icon={<StorefrontOutlinedIcon />} minHeight={360} />
        </Card>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(380px, 440px)' }, gap: 2, alignItems: 'start' }}>
          <OrdersTable
            source={source}
            data={list.data}
            loading={list.isPending}
            fetching={list.isFetching}
            error={list.error}
            onRetry={() => void list.refetch()}
            page={page}
            pageSize={pageSize}
            onPageChange={(next) => {
              setPage(next);
              setSelected(null);
            }}
            onPageSizeChange={(size) => {
              setPageSize(size);
              reset();
            }}
            selectedId={selected}
            onSelect={setSelected}
            currency={currency}
            timeZone={restaurant?.timeZone}
          />
          <Box sx={{ position: { lg: 'sticky' }, top: { lg: 88 } }}>
            <OrderDetailPanel
              idle={selected === null}
              detail={detail.data}
              loading={detail.isPending}
              error={detail.error}
              onRetry={() => void detail.refetch()}
            />
          </Box>
        </Box>
      )}
    </PageHeader>
  );
}
