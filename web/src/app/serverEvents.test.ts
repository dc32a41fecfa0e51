import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { invalidateFor, onServerEvent } from './serverEvents';

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
