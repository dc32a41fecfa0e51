import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { invalidateFor, onServerEvent, reconnectDelay, useServerEvents } from './serverEvents';
import { server } from '../test/server';
import { signIn } from '../test/render';
import { user } from '../test/fixtures';

function clientWith(...keys: string[][]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, 1);
  return client;
}

const stale = (client: QueryClient, key: string[]) => client.getQueryState(key)?.isInvalidated ?? false;

describe('server events', () => {
  it('invalidate only the queries their type names', () => {
    const client = clientWith(['restaurants', 'list'], ['auth', 'me'], ['superadmin', 'franchises', 'list']);
    invalidateFor(client, 'restaurants.changed');
    expect(stale(client, ['restaurants', 'list'])).toBe(true);
    expect(stale(client, ['auth', 'me'])).toBe(false);
  });

  it("reach the establishments screens' keys", () => {
    const client = clientWith(['equipments', '4', 'list'], ['history', 'list'], ['franchise', 'detail'], ['restaurants', 'detail', '4']);
    invalidateFor(client, 'equipments.changed');
    expect(stale(client, ['equipments', '4', 'list'])).toBe(true);
    expect(stale(client, ['history', 'list'])).toBe(true);
    expect(stale(client, ['franchise', 'detail'])).toBe(false);
    expect(stale(client, ['restaurants', 'detail', '4'])).toBe(false);

    invalidateFor(client, 'restaurants.changed');
    expect(stale(client, ['restaurants', 'detail', '4'])).toBe(true);

    invalidateFor(client, 'franchise.changed');
    expect(stale(client, ['franchise', 'detail'])).toBe(true);
  });

  it('resync and unknown types refetch everything; ready does nothing', () => {
    const client = clientWith(['restaurants', 'list'], ['auth', 'me']);
    invalidateFor(client, 'ready');
    expect(stale(client, ['auth', 'me'])).toBe(false);
    invalidateFor(client, 'resync');
    expect(stale(client, ['auth', 'me'])).toBe(true);
    expect(stale(client, ['restaurants', 'list'])).toBe(true);

    const other = clientWith(['auth', 'me']);
    invalidateFor(other, 'kiosk.unknown');
    expect(stale(other, ['auth', 'me'])).toBe(true);
  });

  it('refresh the deployment screens and a job in progress', () => {
    const client = clientWith(['deploy', 'status'], ['deploy', 'links'], ['jobs', '12'], ['auth', 'me']);
    invalidateFor(client, 'job.progress');
    expect(stale(client, ['jobs', '12'])).toBe(true);
    expect(stale(client, ['deploy', 'status'])).toBe(false);

    invalidateFor(client, 'menu.deployed');
    expect(stale(client, ['deploy', 'status'])).toBe(true);
    expect(stale(client, ['auth', 'me'])).toBe(false);

    const other = clientWith(['deploy', 'links']);
    invalidateFor(other, 'deploy.changed');
    expect(stale(other, ['deploy', 'links'])).toBe(true);
  });

  it('refresh the marketplace when a module changes elsewhere', () => {
    const client = clientWith(['marketplace', 'list', '3'], ['deploy', 'status']);
    invalidateFor(client, 'marketplace.changed');
    expect(stale(client, ['marketplace', 'list', '3'])).toBe(true);
    expect(stale(client, ['deploy', 'status'])).toBe(false);
  });

  it('tell listeners about each event', () => {
    const listener = vi.fn();
    const stop = onServerEvent(listener);
    invalidateFor(new QueryClient(), 'franchise.blocked');
    stop();
    invalidateFor(new QueryClient(), 'franchise.unblocked');
    expect(listener).toHaveBeenCalledExactlyOnceWith('franchise.blocked');
  });
});

/** Stands in for the browser's EventSource (jsdom has none): records each stream the hook opens. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readonly url: string;
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;

  constructor(url: string) {
    this.url = url;
    FakeEventSource.opened.push(this);
  }
  addEventListener() {}
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  /** The server ended the stream or the network dropped: the browser would retry the same URL. */
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    this.onerror?.();
  }
}

describe('the event stream', () => {
  const session = user('admin');
  let tickets: { authorization: string | null }[];

  beforeEach(() => {
    FakeEventSource.opened = [];
    tickets = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.use(
      http.post('*/api/v1/events/ticket', ({ request }) => {
        tickets.push({ authorization: request.headers.get('Authorization') });
        return HttpResponse.json({ ticket: `ticket-${tickets.length}`, expiresAt: new Date(Date.now() + 30_000).toISOString() });
      }),
    );
    signIn(session);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const mount = (client = new QueryClient()) =>
    renderHook(() => useServerEvents(), {
      wrapper: ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children),
    });

  it('opens with a ticket bought with the token in a header, never the token in the URL', async () => {
    const { unmount } = mount();
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const [stream] = FakeEventSource.opened;
    expect(stream?.url).toBe('/api/v1/events?ticket=ticket-1');
    expect(stream?.url).not.toContain(session.accessToken);
    expect(stream?.url).not.toContain('access_token');
    expect(tickets).toEqual([{ authorization: `Bearer ${session.accessToken}` }]);
    unmount();
    expect(stream?.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('reconnects with a new ticket (the spent one would be refused) and resyncs', async () => {
    const client = new QueryClient();
    client.setQueryData(['restaurants', 'list'], 1);
    mount(client);
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const first = FakeEventSource.opened[0]!;
    first.open();
    expect(stale(client, ['restaurants', 'list'])).toBe(false);

    // The stream's lifetime ends: the hook, not the browser, reconnects.
    first.drop();
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    await vi.advanceTimersByTimeAsync(reconnectDelay(1));
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(2));
    const second = FakeEventSource.opened[1]!;
    expect(second.url).toBe('/api/v1/events?ticket=ticket-2');
    second.open();
    expect(stale(client, ['restaurants', 'list'])).toBe(true);
  });

  it('tries again later when no ticket can be had', async () => {
    let refused = 0;
    server.use(
      http.post(
        '*/api/v1/events/ticket',
        () => {
          refused += 1;
          return HttpResponse.json({ status: 503, detail: 'Service indisponible' }, { status: 503 });
        },
        { once: true },
      ),
    );
    mount();
    await vi.waitFor(() => expect(refused).toBe(1));
    expect(FakeEventSource.opened).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(reconnectDelay(1));
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    expect(FakeEventSource.opened[0]?.url).toBe('/api/v1/events?ticket=ticket-1');
  });
});
