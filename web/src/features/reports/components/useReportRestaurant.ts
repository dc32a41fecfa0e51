import { useRestaurantSelection } from '../../../app/RestaurantSelection';
import { useSession } from '../../../app/session';

/**
 * The restaurant of the report filters: the session-wide choice, 0 (all the user may see) when
 * nothing is chosen. Moderators have no selector: 0 means their own restaurant on the server.
 */
export function useReportRestaurant() {
  const session = useSession();
  const { restaurant } = useRestaurantSelection();
  const isModerator = session?.roles === 'moderator';
  const restaurantId = isModerator ? 0 : typeof restaurant === 'number' ? restaurant : 0;
  return { restaurantId, isModerator, chosen: restaurant } as const;
}
