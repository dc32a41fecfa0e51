import { useEffect } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { authKeys } from '../features/auth/queries';
import { franchiseKeys } from '../features/superadmin/queries';
import { restaurantKeys } from '../features/restaurants/queries';
import { equipmentKeys, historyKeys } from '../features/establishments/queries';
import { franchiseInfoKeys } from '../features/franchise/queries';
import { cartesHistoryKeys, menuKeys } from '../features/menus/keys';
import { settingsKeys } from '../features/settings/queries';
import { deployKeys, jobKeys } from '../features/deploy/keys';
import { marketplaceKeys } from '../features/marketplace/queries';
import { discountKeys } from '../features/discounts/keys';
import { availabilityKeys } from '../features/availability/keys';
import { brandKeys } from '../features/brands/keys';
import { loyaltyKeys } from '../features/loyalty/keys';
import { customerKeys } from '../features/customers/keys';
import { marketingKeys } from '../features/campaigns/keys';
import { api, unwrap } from '../api/client';
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
  // The franchise's discounts or promo codes changed (a save, a code used at a kiosk).
  'discounts.changed': [discountKeys.all, historyKeys.all],
  // A kiosk or till used a code: its count of uses moved.
  'discounts.codeUsed': [discountKeys.codes()],
  // A restaurant's sold-outs or opening hours changed (data {restaurantId}).
  'availability.changed': [availabilityKeys.all, historyKeys.all],
  // The franchise's brands changed: their screens and the reports by brand (a carte changed hands).
  'brands.changed': [brandKeys.all, brandKeys.reports(), historyKeys.all],
  // Points earned, redeemed or adjusted, or the program's rules, tiers or rewards changed.
  'loyalty.changed': [loyaltyKeys.all, customerKeys.all],
  // Customers changed (an order linked, a consent, an erasure).
  'customers.changed': [customerKeys.all],
  // A marketing campaign or list changed, or a campaign's send moved on (data {campaignId, done, total}).
  'marketing.changed': [marketingKeys.all],
  'campaigns.progress': [marketingKeys.campaigns()],
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
  'discounts.changed',
  'discounts.codeUsed',
  'availability.changed',
  'brands.changed',
  'loyalty.changed',
  'customers.changed',
  'marketing.changed',
  'campaigns.progress',
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

/**
 * A fresh ticket for one stream. EventSource cannot send an Authorization header, and the bearer
 * token must never travel in a URL (server logs, proxies, history): the token buys, in a header, a
 * ticket that opens one stream within 30 seconds and is spent by it.
 */
export async function streamTicket(signal?: AbortSignal): Promise<string> {
  const { ticket } = await unwrap(api.POST('/api/v1/events/ticket', { signal }));
  return ticket;
}

/** The stream's address: a ticket, never the token. */
export const streamUrl = (ticket: string) => `/api/v1/events?ticket=${encodeURIComponent(ticket)}`;

/** Wait before the n-th reconnection in a row: short after a stream's normal end, longer while the server stays away. */
export const reconnectDelay = (attempt: number) => Math.min(30_000, 500 * 2 ** Math.min(Math.max(attempt, 1), 6));

/** One EventSource while signed in; every event invalidates by key; a reconnect resyncs all. */
export function useServerEvents(): void {
  const session = useSession();
  const client = useQueryClient();
  const token = session?.accessToken;

  useEffect(() => {
    if (!token || typeof EventSource === 'undefined') return undefined;
    const stop = new AbortController();
    let source: EventSource | null = null;
    let opened = false;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const onEvent = (event: MessageEvent<unknown>) => invalidateFor(client, eventType(event));

    const reconnect = () => {
      source?.close();
      source = null;
      failures += 1;
      timer = setTimeout(() => void connect(), reconnectDelay(failures));
    };

    const connect = async () => {
      let ticket: string;
      try {
        ticket = await streamTicket(stop.signal);
      } catch {
        // A 401 has signed the session out (api client) and this effect is ending; anything else
        // is the network or the server: try again later.
        if (!stop.signal.aborted) reconnect();
        return;
      }
      if (stop.signal.aborted) return;
      const stream = new EventSource(streamUrl(ticket));
      source = stream;
      stream.onopen = () => {
        // After a gap we may have missed events: refetch what is on screen.
        if (opened) void client.invalidateQueries();
        opened = true;
        failures = 0;
      };
      stream.onmessage = onEvent;
      for (const type of serverEventTypes) stream.addEventListener(type, onEvent);
      stream.onerror = () => {
        // The browser would reconnect by itself to the same address, whose ticket is spent: every
        // error (the stream's lifetime ended, the network dropped, the server refused) closes it
        // and reconnects with a new ticket.
        if (source === stream && !stop.signal.aborted) reconnect();
      };
    };
    void connect();

    return () => {
      stop.abort();
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, [token, client]);
}
