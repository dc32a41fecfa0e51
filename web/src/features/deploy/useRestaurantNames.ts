import { useCallback, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { restaurantsQuery } from '../restaurants/queries';

/**
 * The deploy API names a restaurant by its pseudo when it has one ('bastille'), while previews and
 * generation results use its name ('Paris Bastille'). The screens show the name everywhere, from the
 * restaurant list, and fall back to what the deploy API said.
 */
export function useRestaurantNames(): (ref: { id: number; nom: string }) => string {
  const list = useQuery(restaurantsQuery());
  const names = useMemo(() => new Map((list.data ?? []).map((r) => [r.id, r.nom])), [list.data]);
  return useCallback((ref) => names.get(ref.id) || ref.nom, [names]);
}
