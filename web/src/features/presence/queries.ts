import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, unwrapEmpty } from '../../api/client';
import { PRODUCT } from '../../app/routeTable';
import type { paths } from '../../api/schema';
import type { PresenceEntry, PresenceList, PresenceReport } from './types';

/** Typed against the generated API, so a renamed path breaks the build. */
const PRESENCE_API: keyof paths = '/api/v1/presence';

/** Where the lead routes PresencePage. */
export const PRESENCE_PATH = `/${PRODUCT}/presence`;

// Everything under ['presence'], which the 'presence.changed' server event invalidates.
export const presenceKeys = {
  all: ['presence'] as const,
  list: () => [...presenceKeys.all, 'list'] as const,
};

/** Who was seen in the franchise in the last day, online first (admins only: 403 otherwise). */
export const presenceListQuery = () =>
  queryOptions({
    queryKey: presenceKeys.list(),
    queryFn: () => unwrap(api.GET('/api/v1/presence')),
    select: (list: PresenceList): PresenceEntry[] => list.items ?? [],
    // The server counts a silent user offline after 60 s without telling anyone (a closed laptop
    // sends nothing): ask again now and then besides the 'presence.changed' events.
    refetchInterval: 60_000,
  });

/** An ordinary report, through the API client (its session header, its 401 handling). */
export function reportPresence(report: PresenceReport): Promise<void> {
  return unwrapEmpty(api.POST('/api/v1/presence', { body: report }));
}

/**
 * A report sent while the page goes away or the session ends. `fetch` with keepalive outlives the
 * page (sendBeacon cannot carry the Bearer header), it is started synchronously (the client's
 * middleware is asynchronous), and it carries the token it is given because the stored session may
 * already be gone.
 */
export function reportPresenceLeaving(report: PresenceReport, token: string): Promise<void> {
  return globalThis
    .fetch(`${window.location.origin}${PRESENCE_API}`, {
      method: 'POST',
      keepalive: true,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(report),
    })
    .then(() => undefined);
}
