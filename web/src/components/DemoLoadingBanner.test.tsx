import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { server } from '../test/server';
import { DemoLoadingBanner, demoLoadingText } from './DemoLoadingBanner';

const health = (demoOrders?: { loading: boolean; loaded: number; total: number; percent: number }) =>
  HttpResponse.json({ status: 'ok', database: 'sqlite', version: 'test', ...(demoOrders ? { demoOrders } : {}) });

function renderBanner() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // A report already on screen: it must be fetched again once the orders are all there.
  client.setQueryData(['reports', 'products'], { rows: [] });
  render(
    <QueryClientProvider client={client}>
      <DemoLoadingBanner />
    </QueryClientProvider>,
  );
  return client;
}

describe('DemoLoadingBanner', () => {
  it('says how far the demo orders got, then goes and refreshes the reports', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/v1/health', () => {
        calls += 1;
        return calls === 1 ? health({ loading: true, loaded: 120000, total: 300000, percent: 40 }) : health({ loading: false, loaded: 299874, total: 300000, percent: 100 });
      }),
    );
    const client = renderBanner();
    const banner = await screen.findByRole('status');
    expect(banner.textContent).toContain('Chargement des commandes de démonstration… 40\u00a0%');
    expect(screen.getByRole('progressbar', { name: 'Chargement des commandes de démonstration' }).getAttribute('aria-valuenow')).toBe('40');
    expect(client.getQueryState(['reports', 'products'])?.isInvalidated).toBe(false);

    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(calls).toBe(2);
    expect(client.getQueryState(['reports', 'products'])?.isInvalidated).toBe(true);
  });

  it('shows nothing without a demo load, and stops asking', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/v1/health', () => {
        calls += 1;
        return health();
      }),
    );
    renderBanner();
    await waitFor(() => expect(calls).toBe(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('writes the percentage the French way', () => {
    expect(demoLoadingText(7)).toBe('Chargement des commandes de démonstration… 7\u00a0%');
  });
});
