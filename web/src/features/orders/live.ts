import { useEffect, useState } from 'react';
import { onServerEvent } from '../../app/serverEvents';
import { useSession } from '../../app/session';

/** Published by the server after orders are stored (data: {restaurantId}). */
export const ORDERS_CHANGED = 'orders.changed';

export const LIVE_LABEL = 'En direct';

export interface OrdersLive {
  /** Signed in: the app's event stream refreshes the orders' queries as orders arrive. */
  live: boolean;
  /** Increases at each `orders.changed`, for a brief highlight. */
  pulse: number;
}

/**
 * Follows new orders on the app's one event stream (serverEvents.ts invalidates the orders and
 * reports queries on `orders.changed`); the pulse lets a live screen flash what changed.
 */
export function useOrdersLive(): OrdersLive {
  const session = useSession();
  const [pulse, setPulse] = useState(0);
  const live = Boolean(session?.accessToken) && typeof EventSource !== 'undefined';
  useEffect(() => {
    if (!live) return undefined;
    return onServerEvent((type) => {
      if (type === ORDERS_CHANGED) setPulse((n) => n + 1);
    });
  }, [live]);
  return { live, pulse };
}
