import { useSearchParams } from 'react-router';
import { Box, Card, Tab, Tabs } from '@mui/material';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import ScheduleRoundedIcon from '@mui/icons-material/ScheduleRounded';
import type { AppRoute } from '../../../app/routeTable';
import { crumbsOf } from '../../../components/crumbs';
import { EmptyState } from '../../../components/EmptyState';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { PageHeader } from '../../../components/PageHeader';
import { RestaurantFilter } from '../../restaurants/RestaurantFilter';
import { useReportRestaurant } from '../../orders/useReportRestaurant';
import { HoursPanel } from '../components/HoursPanel';
import { ProductsPanel } from '../components/ProductsPanel';

export const CHOOSE_RESTAURANT_TEXT = 'Choisissez un restaurant pour gérer la disponibilité de ses produits et ses horaires.';

/** `?onglet=horaires` opens the hours (links from the restaurant page). */
const HOURS_TAB = 'horaires';

/**
 * « Gestion Produits » (issue 19): a restaurant's products and options sold out without
 * redeploying, and its opening hours per channel. Both reach its kiosks within the second.
 */
export function GestionProduitsPage({ route }: { route: AppRoute }) {
  const { choice, fixed, loading, restaurant } = useReportRestaurant();
  const [params, setParams] = useSearchParams();
  const tab = params.get('onglet') === HOURS_TAB ? 'hours' : 'products';
  const restaurantId = typeof choice === 'number' && choice > 0 ? choice : null;

  let body;
  if (restaurantId === null) {
    body =
      fixed && loading ? (
        <LoadingPanel minHeight={360} />
      ) : (
        <Card>
          <EmptyState title="Aucun restaurant choisi" message={CHOOSE_RESTAURANT_TEXT} icon={<StorefrontOutlinedIcon />} minHeight={360} />
        </Card>
      );
  } else {
    body = (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        <Tabs
          value={tab}
          onChange={(_, v: 'products' | 'hours') =>
            setParams(
              (p) => {
                if (v === 'hours') p.set('onglet', HOURS_TAB);
                else p.delete('onglet');
                return p;
              },
              { replace: true },
            )
          }
          aria-label="Gestion Produits"
          sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 44 }}
        >
          <Tab value="products" label="Produits et options" icon={<Inventory2OutlinedIcon fontSize="small" />} iconPosition="start" sx={{ minHeight: 44 }} />
          <Tab value="hours" label="Horaires d'ouverture" icon={<ScheduleRoundedIcon fontSize="small" />} iconPosition="start" sx={{ minHeight: 44 }} />
        </Tabs>
        {tab === 'products' ? (
          <ProductsPanel key={restaurantId} restaurantId={restaurantId} />
        ) : (
          <HoursPanel key={restaurantId} restaurantId={restaurantId} restaurantName={restaurant?.nom ?? ''} />
        )}
      </Box>
    );
  }

  return (
    <PageHeader title={route.title} subtitle={route.description} breadcrumbs={crumbsOf(route)} actions={<RestaurantFilter />}>
      {body}
    </PageHeader>
  );
}
