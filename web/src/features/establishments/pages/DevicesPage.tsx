import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@mui/material';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { PageHeader } from '../../../components/PageHeader';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { useSession } from '../../../app/session';
import { restaurantQuery } from '../../restaurants/queries';
import { countryLabel } from '../countries';
import { DevicesPanel } from '../components/DevicesPanel';
import { RestaurantMissing } from '../components/RestaurantMissing';
import { establishmentCrumbs, restaurantPath } from '../paths';
import { useRestaurantParam } from '../useRestaurantParam';

/**
 * `/brigade/configetablissement/:idetab/:restoId`: the devices screen of one restaurant (both ids are
 * that restaurant's, see useRestaurantParam), for links that go straight to the tills and kiosks.
 */
export function DevicesPage() {
  const id = useRestaurantParam();
  const session = useSession();
  const restaurant = useQuery({ ...restaurantQuery(id ?? 0), enabled: id !== null });
  const r = restaurant.data;

  return (
    <PageHeader
      title="Configuration de l'établissement"
      subtitle={r ? `${r.nom} · ${[r.ville, countryLabel(r.countryCode)].filter(Boolean).join(', ')}` : 'Caisses et bornes du restaurant.'}
      breadcrumbs={establishmentCrumbs(
        session?.roles,
        ...(r ? [{ label: r.nom, to: restaurantPath(r.id) }] : []),
        { label: 'Caisses et bornes' },
      )}
      actions={
        r ? (
          <Button component={RouterLink} to={restaurantPath(r.id)} variant="outlined" color="inherit" startIcon={<StorefrontOutlinedIcon />}>
            Fiche du restaurant
          </Button>
        ) : undefined
      }
    >
      {id === null || restaurant.isError ? (
        <RestaurantMissing
          error={id === null ? null : restaurant.error}
          onRetry={() => void restaurant.refetch()}
          retrying={restaurant.isFetching}
          showList={session?.roles !== 'moderator'}
        />
      ) : !r ? (
        <LoadingPanel minHeight="40vh" />
      ) : (
        <DevicesPanel restaurant={r} canEdit={session?.roles === 'admin'} />
      )}
    </PageHeader>
  );
}
