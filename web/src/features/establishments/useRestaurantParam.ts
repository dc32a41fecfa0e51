import { useParams } from 'react-router';

/**
 * The restaurant of `/etablissements/modifier/:idetab` and `/brigade/configetablissement/:idetab/:restoId`.
 * In Brigade an establishment is a restaurant: both ids of the spec's devices route name the same
 * restaurant (links repeat it); `idetab` is read, `restoId` only when `idetab` is unusable.
 * Returns null for an id that cannot be one.
 */
export function useRestaurantParam(): number | null {
  const { idetab, restoId } = useParams();
  for (const raw of [idetab, restoId]) {
    const id = Number(raw);
    if (Number.isInteger(id) && id > 0) return id;
  }
  return null;
}
