import { useQuery } from '@tanstack/react-query';
import { RestaurantSelector } from '../../components/RestaurantSelector';
import { useRestaurantSelection } from '../../app/RestaurantSelection';
import { useSession } from '../../app/session';
import { restaurantsQuery } from './queries';

/** The shared restaurant selector wired to the user's restaurants and the session's choice. */
export function RestaurantFilter() {
  const session = useSession();
  const { restaurant, setRestaurant } = useRestaurantSelection();
  const { data, isPending, isError, refetch, isFetching } = useQuery(restaurantsQuery());
  if (session?.roles === 'moderator') return null;
  return (
    <RestaurantSelector
      restaurants={data ?? []}
      value={restaurant}
      onChange={setRestaurant}
      allowAll={session?.roles === 'admin'}
      loading={isPending || (isError && isFetching)}
      error={isError}
      onRetry={() => void refetch()}
    />
  );
}
