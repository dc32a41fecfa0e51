import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { restaurants } from './fixtures';

/** State the default handlers answer from; tests change it. */
export const apiState = { blocked: false, suspensionStatus: 200 };

export const handlers = [
  // The shell's demo banner: no demo orders loading.
  http.get('*/api/v1/health', () => HttpResponse.json({ status: 'ok', database: 'sqlite', version: 'test' })),
  // The franchise (its currency formats every carte price): a French franchise in euros.
  http.get('*/api/v1/franchise', () => HttpResponse.json({ name: 'Brigade Burger', countryCode: 'FR', currency: 'EUR' })),
  http.get('*/api/v1/restaurants', () => HttpResponse.json({ items: restaurants, total: restaurants.length })),
  http.post('*/api/v1/auth/check-suspension', () =>
    apiState.suspensionStatus === 200
      ? HttpResponse.json({ isBlocked: apiState.blocked })
      : HttpResponse.json(
          { status: apiState.suspensionStatus, title: 'Accès refusé', detail: 'Ce compte est désactivé.' },
          { status: apiState.suspensionStatus, headers: { 'Content-Type': 'application/problem+json' } },
        ),
  ),
  // The shell's notices bell and presence reports, for every signed-in page.
  http.get('*/api/v1/notices', () => HttpResponse.json({ items: [], unread: 0, tooltipSeen: true })),
  http.get('*/api/v1/presence', () => HttpResponse.json({ items: [] })),
  http.post('*/api/v1/presence', () => new HttpResponse(null, { status: 204 })),
  // The event stream opens with a ticket bought just before (serverEvents.ts).
  http.post('*/api/v1/events/ticket', () =>
    HttpResponse.json({ ticket: 'ticket-de-test', expiresAt: new Date(Date.now() + 30_000).toISOString() }),
  ),
  // No generation in progress when the deployment page opens.
  http.get('*/api/v1/deploy/generations/current', () => HttpResponse.json({ job: null })),
  // The landing page (/RealtimeDashboard), where many tests arrive: a quiet day.
  http.get('*/api/v1/reports/realtime', () =>
    HttpResponse.json({
      date: '2026-11-21', orders: 0, cancelled: 0, clickncollect: 0, totals: [], byRestaurant: [],
      counts: { confirmedOrders: 0, cancelledOrders: 0, clickncollectOrders: 0, confirmedOrdersPrevious: 0, cancelledOrdersPrevious: 0,
        clickncollectOrdersPrevious: 0, confirmedTrend: 0, cancelledTrend: 0, clickncollectTrend: 0, previousStart: '2026-10-21', previousEnd: '2026-10-21' },
    }),
  ),
];

export const server = setupServer(...handlers);
