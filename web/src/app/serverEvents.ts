import { useEffect } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { authKeys } from '../features/auth/queries';
import { franchiseKeys } from '../features/superadmin/queries';
import { restaurantKeys } from '../features/restaurants/queries';
import { equipmentKeys, historyKeys } from '../features/establishments/queries';
import { franchiseInfoKeys } from '../features/franchise/queries';
import { cartesHistoryKeys, menuKeys } from '../features/menus/queries';
import { settingsKeys } from '../features/settings/queries';
import { deployKeys, jobKeys } from '../features/deploy/queries';
import { marketplaceKeys } from '../features/marketplace/queries';
import { useSession } from './session';

/**
 * What each server event makes stale. Events never carry data (CONVENTIONS §9): they only say
 * which cached answers to ask for again. A type with no entry refreshes its prefix's feature, and
 * an unknown prefix refreshes everything, which is always correct, only slower.
 */
const invalidations: Record<string, readonly QueryKey[]> = {
  'franchise.blocked': [authKeys.all, franchiseKeys.all, franchiseInfoKeys.detail()],
  'franchise.unblocked': [authKeys.all, franchiseKeys.all, franchiseInfoKeys.detail()],
  // A country change also replaces the language list.
  'franchise.changed': [authKeys.me(), franchiseKeys.all, franchiseInfoKeys.detail(), historyKeys.all, settingsKeys.all],
  'restaurants.changed': [restaurantKeys.all, historyKeys.all],
  // The event names its restaurant, but events only say what is stale: all devices lists refetch.
  'equipments.changed': [equipmentKeys.all, historyKeys.all],
  // Data {campaignId}; the list, that carte's document and trash, and the history refetch.
  // A carte change can also make restaurants due for redeployment.
  'campaigns.changed': [menuKeys.all, cartesHistoryKeys.all, deployKeys.all],
  // Data {kind}; the settings screens and the history refetch.
  'settings.changed': [settingsKeys.all, historyKeys.all],
  // Someone came online, left or changed page.
  'presence.changed': [['presence']],
  'notices.changed': [['notices']],
  // Orders were stored (data {restaurantId}): the orders lists, counts and every report refetch.
  'orders.changed': [['orders'], ['reports']],
  // A background job moved (data {jobId, kind, status, done, total, message}): its progress refetches.
  'job.progress': [jobKeys.all],
  // A restaurant got a new menu (generation or rollback, data {restaurantId, version, etag}).
  'menu.deployed': [deployKeys.all, historyKeys.all],
  // Links or price customisations changed (data {restaurantId}).
  'deploy.changed': [deployKeys.all, historyKeys.all],
  // A restaurant's integration modules changed (switch, settings, tills).
  'marketplace.changed': [marketplaceKeys.all, historyKeys.all],
};

/**
 * The server names its events (`event: <type>`), and EventSource only hands named events to
 * listeners registered by name: every type the server publishes (internal/events) belongs here.
 */
export const serverEventTypes = [
  'franchise.blocked',
  'franchise.unblocked',
  'franchise.changed',
  'restaurants.changed',
  'equipments.changed',
  'campaigns.changed',
  'settings.changed',
  'presence.changed',
  'notices.changed',
  'orders.changed',
  'job.progress',
  'menu.deployed',
  'deploy.changed',
  'marketplace.changed',
  'resync',
] as const;

/** Sent first on every (re)connection; the open handler already covers what it means. */
const READY = 'ready';

type EventListener = (type: string) => void;
const eventListeners = new Set<EventListener>();

/** For the rare reaction that is more than a refetch (e.g. the lock-out of a blocked franchise). */
export function onServerEvent(listener: EventListener): () => void {
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
}

export function invalidateFor(client: QueryClient, type: string): void {
  for (const listener of eventListeners) listener(type);
  if (type === READY) return;
  if (!type || type === 'resync') {
    void client.invalidateQueries();
    return;
  }
  const keys = invalidations[type] ?? invalidations[type.split('.')[0] ?? ''];
  if (!keys) {
    void client.invalidateQueries();
    return;
  }
  for (const queryKey of keys) void client.invalidateQueries({ queryKey });
}

function eventType(event: MessageEvent<unknown>): string {
  if (event.type !== 'message') return event.type;
  if (typeof event.data !== 'string') return '';
  try {
    const parsed: unknown = JSON.parse(event.data);
    if (typeof parsed === 'object' && parsed !== null && 'type' in parsed && typeof parsed.type === 'string') {
      return parsed.type;
    }
  } catch {
    /* a non-JSON payload: treat as "something changed" */
  }
  return '';
}

/** One EventSource while signed in; every event invalidates by key; a reconnect resyncs all. */
export function useServerEvents(): void {
  const session = useSession();
  const client = useQueryClient();
  const token = session?.accessToken;

  useEffect(() => {
    if (!token || typeof EventSource === 'undefined') return undefined;
    let source: EventSource | null = null;
    let opened = false;
    let retry = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const onEvent = (event: MessageEvent<unknown>) => invalidateFor(client, eventType(event));

    const connect = () => {
      source = new EventSource(`/api/v1/events?access_token=${encodeURIComponent(token)}`);
      source.onopen = () => {
        // After a gap we may have missed events: refetch what is on screen.
        if (opened) void client.invalidateQueries();
        opened = true;
        retry = 0;
      };
      source.onmessage = onEvent;
      for (const type of serverEventTypes) source.addEventListener(type, onEvent);
      source.onerror = () => {
        // The browser retries by itself while CONNECTING; a CLOSED stream (e.g. an HTTP error)
        // is ours to reopen, with a growing delay.
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        source.close();
        retry += 1;
        timer = setTimeout(connect, Math.min(30_000, 1000 * 2 ** Math.min(retry, 5)));
      };
    };
    connect();

    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, [token, client]);
}
