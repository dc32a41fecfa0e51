import { useEffect, useRef } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, AlertTitle, LinearProgress } from '@mui/material';
import { api, unwrap } from '../api/client';
import { invalidateFor } from '../app/serverEvents';

/** The server's health answer, which carries the demo orders' load while it runs. */
export const healthKeys = { all: ['health'] as const };

/** How often the banner asks again while the demo orders load. */
export const DEMO_POLL_MS = 2000;

export const healthQuery = () =>
  queryOptions({
    queryKey: healthKeys.all,
    queryFn: () => unwrap(api.GET('/api/v1/health')),
    // Asked again only while the demo orders load; once loaded, never.
    refetchInterval: (query) => (query.state.data?.demoOrders?.loading ? DEMO_POLL_MS : false),
    staleTime: Infinity,
    retry: false,
  });

/** '… 40 %': a whole percentage, French style (no-break space before %). */
export function demoLoadingText(pct: number): string {
  return `Chargement des commandes de démonstration… ${Math.round(pct)}\u00a0%`;
}

/**
 * While `brigade serve` loads the demo's year of orders in the background, says so above every
 * page: the reports are still filling up. When the load ends, the banner goes and the orders and
 * reports are fetched again, complete.
 */
export function DemoLoadingBanner() {
  const client = useQueryClient();
  const { data } = useQuery(healthQuery());
  const progress = data?.demoOrders;
  const loading = progress?.loading ?? false;
  const wasLoading = useRef(false);

  useEffect(() => {
    if (wasLoading.current && !loading) invalidateFor(client, 'orders.changed');
    wasLoading.current = loading;
  }, [client, loading]);

  if (!progress?.loading) return null;
  return (
    <Alert severity="info" role="status" sx={{ mb: 3, '& .MuiAlert-message': { flex: 1 } }}>
      <AlertTitle>{demoLoadingText(progress.percent)}</AlertTitle>
      Les rapports de la franchise de démonstration se complètent au fur et à mesure ; ils seront à jour à la fin du
      chargement.
      <LinearProgress
        variant="determinate"
        value={progress.percent}
        aria-label="Chargement des commandes de démonstration"
        sx={{ mt: 1.5, borderRadius: 1 }}
      />
    </Alert>
  );
}
