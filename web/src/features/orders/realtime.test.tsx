import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import { counts, realtime, realtimeTotal } from './fixtures';
import { hourSeries } from './components/HourlyRevenueChart';
import { NO_ORDER_TODAY_TITLE } from './pages/RealtimeDashboardPage';

/** Enough of EventSource for the app's streams: named listeners and an open event. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readonly url: string;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
    setTimeout(() => {
      this.readyState = 1;
      this.onopen?.();
    }, 0);
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  removeEventListener() {}
  close() {
    this.readyState = 2;
  }
  static emit(type: string, data: unknown) {
    for (const source of FakeEventSource.instances) {
      if (source.readyState === 2) continue;
      for (const fn of source.listeners.get(type) ?? []) fn(new MessageEvent(type, { data: JSON.stringify(data) }));
    }
  }
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  server.use(http.get('*/api/v1/franchise', () => HttpResponse.json({ currency: 'EUR' })));
});
afterEach(() => vi.unstubAllGlobals());

// These tests render the whole app: the first one in a worker loads the lazy page chunks, which a
// loaded machine can take well over the default 5 s to do.
beforeAll(() => configure({ asyncUtilTimeout: 15_000 }));
afterAll(() => configure({ asyncUtilTimeout: 5000 }));

function serveRealtime(first = realtime()) {
  let current = first;
  const calls: URLSearchParams[] = [];
  server.use(
    http.get('*/api/v1/reports/realtime', ({ request }) => {
      calls.push(new URL(request.url).searchParams);
      return HttpResponse.json(current);
    }),
  );
  return {
    calls,
    set: (next: typeof first) => {
      current = next;
    },
  };
}

describe('Tableau de bord temps réel', () => {
  it("shows today's revenue, orders, basket, cancellations and click & collect with their trends", async () => {
    const { calls } = serveRealtime();
    renderApp('/RealtimeDashboard', user('admin'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord temps réel' })).toBeTruthy();
    const revenue = screen.getByRole('region', { name: "Chiffre d'affaires" });
    expect(await within(revenue).findByText('1 234,50 €')).toBeTruthy();
    const orders = screen.getByRole('region', { name: 'Commandes' });
    expect(within(orders).getByText('98')).toBeTruthy();
    expect(within(orders).getByText('+20,00 %')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Panier moyen' })).getByText('12,60 €')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Annulées' })).getByText('3')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Click&Collect' })).getByText('12')).toBeTruthy();
    expect(screen.getByText('Samedi 21 novembre 2026', { exact: false })).toBeTruthy();

    const byRestaurant = screen.getByRole('table', { name: 'Par restaurant' });
    const rows = within(byRestaurant).getAllByRole('row');
    expect(within(rows[1]!).getByText('Burger Bastille')).toBeTruthy();
    expect(within(rows[1]!).getByText('800,00 €')).toBeTruthy();
    expect(screen.getByRole('heading', { name: "Chiffre d'affaires par heure" })).toBeTruthy();
    expect(calls[0]?.get('restaurantId')).toBe('0');
    // One currency: no currency choice.
    expect(screen.queryByRole('group', { name: 'Devise' })).toBeNull();
  });

  it('compares with the same weekday until the same hour, and shows no trend without reference', async () => {
    serveRealtime(
      realtime({
        counts: {
          ...counts,
          confirmedOrdersPrevious: 0,
          confirmedTrend: null, // nothing last Saturday until 08:15: no chip, never −100 % or a red 0,00 %
          cancelledTrend: 50,
          cancelledOrdersPrevious: 2,
          previousStart: '2026-11-14',
          previousEnd: '2026-11-14',
          previousUntil: '08:15',
        },
      }),
    );
    renderApp('/RealtimeDashboard', user('admin'));
    const orders = await screen.findByRole('region', { name: 'Commandes' });
    expect(await within(orders).findByText('98')).toBeTruthy();
    expect(within(orders).queryByText(/%/)).toBeNull();
    const cancelled = screen.getByRole('region', { name: 'Annulées' });
    const chip = within(cancelled).getByText('+50,00 %');
    await userEvent.hover(chip);
    const tip = await screen.findByRole('tooltip');
    expect(tip.textContent).toBe('2 le 14/11/2026 jusqu’à 08 h 15 (même jour, une semaine plus tôt, à la même heure)');
  });

  it('refetches on orders.changed and says it is live', async () => {
    const api = serveRealtime();
    renderApp('/RealtimeDashboard', user('admin'));
    const orders = await screen.findByRole('region', { name: 'Commandes' });
    expect(await within(orders).findByText('98')).toBeTruthy();
    expect(await screen.findByRole('status', { name: 'En direct' })).toBeTruthy();

    api.set(realtime({ orders: 99, totals: [realtimeTotal({ revenueCents: 124700, orders: 99 })] }));
    act(() => FakeEventSource.emit('orders.changed', { restaurantId: 1 }));
    expect(await within(orders).findByText('99')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: "Chiffre d'affaires" })).getByText('1 247,00 €')).toBeTruthy();
  });

  it("shows each restaurant's revenue in its own currency and one total per currency, never added", async () => {
    serveRealtime(
      realtime({
        orders: 2,
        totals: [
          realtimeTotal({ restaurants: 1, revenueCents: 1250, orders: 1, averageBasketCents: 1250 }),
          realtimeTotal({ currency: 'CHF', restaurants: 1, revenueCents: 1250, orders: 1, averageBasketCents: 1250, byHour: [{ label: '12', cents: 1250, orders: 1 }] }),
        ],
        byRestaurant: [
          { restaurantId: 1, name: 'Burger Bastille', currency: 'EUR', revenueCents: 1250, orders: 1 },
          { restaurantId: 2, name: 'Burger Genève', currency: 'CHF', revenueCents: 1250, orders: 1 },
        ],
      }),
    );
    renderApp('/RealtimeDashboard', user('admin'));
    const table = await screen.findByRole('table', { name: 'Par restaurant' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('12,50 €')).toBeTruthy();
    expect(within(rows[2]!).getByText(/^12,50\sCHF$/)).toBeTruthy();
    // The franchise's currency first, the other total beside it: never added together (not 25,00).
    const revenue = screen.getByRole('region', { name: "Chiffre d'affaires" });
    expect(within(revenue).getByText('12,50 €')).toBeTruthy();
    expect(within(revenue).getByText(/12,50\sCHF/)).toBeTruthy();
    expect(screen.queryByText(/25,00/)).toBeNull();
    const choice = screen.getByRole('group', { name: 'Devise' });
    await userEvent.click(within(choice).getByRole('button', { name: /^CHF/ }));
    expect(await within(revenue).findByText(/^12,50\sCHF$/)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Panier moyen' })).getByText(/^12,50\sCHF$/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: "Chiffre d'affaires par heure (CHF)" })).toBeTruthy();
  });

  it('says when no order came in today', async () => {
    serveRealtime(realtime({ orders: 0, cancelled: 0, clickncollect: 0, byRestaurant: [], totals: [realtimeTotal({ revenueCents: 0, orders: 0, averageBasketCents: 0, byHour: [] })] }));
    renderApp('/RealtimeDashboard', user('admin'));
    expect(await screen.findByText(NO_ORDER_TODAY_TITLE)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: "Chiffre d'affaires" })).getByText('0,00 €')).toBeTruthy();
  });

  it('shows the French detail of an error', async () => {
    server.use(
      http.get('*/api/v1/reports/realtime', () =>
        HttpResponse.json(
          { status: 403, title: 'Interdit', detail: "L'accès aux statistiques est suspendu." },
          { status: 403, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );
    renderApp('/RealtimeDashboard', user('admin'));
    expect(await screen.findByText("L'accès aux statistiques est suspendu.")).toBeTruthy();
  });

  it('asks for the chosen restaurant', async () => {
    window.sessionStorage.setItem('brigade.restaurant', '3');
    const { calls } = serveRealtime();
    renderApp('/RealtimeDashboard', user('admin'));
    await screen.findByRole('region', { name: 'Commandes' });
    await screen.findByText('98');
    expect(calls.at(-1)?.get('restaurantId')).toBe('3');
  });

  it('lays the hours out from the opening to the evening, gaps at zero', () => {
    const series = hourSeries([
      ...Array.from({ length: 24 }, (_, h) => ({ label: String(h).padStart(2, '0'), cents: 0, orders: 0 })),
      { label: '11', cents: 100, orders: 1 },
      { label: '23', cents: 50, orders: 1 },
    ]);
    expect(series[0]).toMatchObject({ hour: 8, cents: 0 });
    expect(series.at(-1)).toMatchObject({ hour: 23, cents: 50 });
    expect(series.find((p) => p.hour === 11)?.cents).toBe(100);
    expect(series).toHaveLength(16);
  });
});
