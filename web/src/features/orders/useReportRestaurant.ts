import { useQuery } from '@tanstack/react-query';
import type { Restaurant } from '../../api/types';
import { useRestaurantSelection } from '../../app/RestaurantSelection';
import { useSession } from '../../app/session';
import type { RestaurantChoice } from '../../components/RestaurantSelector';
import { restaurantsQuery } from '../restaurants/queries';
import { useFranchiseCurrency } from '../reports/components/useCurrency';

export interface ReportRestaurant {
  /** null: none chosen; 0: all the user may see; else a restaurant id. */
  choice: RestaurantChoice;
  /** The chosen restaurant, when one is. */
  restaurant: Restaurant | undefined;
  restaurants: Restaurant[];
  /** Moderators work on their own restaurant and get no selector (spec §6). */
  fixed: boolean;
  loading: boolean;
  /** The chosen restaurant's currency, else the franchise currency. */
  currency: string;
}

/** The restaurant a report shows: the session's choice, or a moderator's own restaurant. */
export function useReportRestaurant(): ReportRestaurant {
  const session = useSession();
  const { restaurant: selected } = useRestaurantSelection();
  const list = useQuery(restaurantsQuery());
  const franchiseCurrency = useFranchiseCurrency();
  const restaurants = list.data ?? [];
  const fixed = session?.roles === 'moderator';
  let choice: RestaurantChoice = selected;
  if (fixed) {
    const own = restaurants.find((r) => session.siret && r.siret === session.siret) ?? restaurants[0];
    choice = own?.id ?? null;
  } else if (choice === 0 && session?.roles !== 'admin') {
    // 'All restaurants' is an admin entry; others see their list one by one.
    choice = null;
  }
  const restaurant = choice ? restaurants.find((r) => r.id === choice) : undefined;
  return {
    choice,
    restaurant,
    restaurants,
    fixed,
    loading: list.isPending,
    // One restaurant: its own currency (a Casablanca restaurant counts in MAD); all: the franchise's.
    currency: restaurant?.currency || franchiseCurrency,
  };
}
