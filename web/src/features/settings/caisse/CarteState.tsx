import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Box } from '@mui/material';
import { ApiError } from '../../../api/client';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { LoadingPanel } from '../../../components/LoadingPanel';

/** Loading, error (with retry) or the content, for a query of the page. Once loaded, the content stays through refetches. */
export function CarteState({ query, children, minHeight = 320 }: { query: UseQueryResult<unknown>; children: ReactNode; minHeight?: number }) {
  if (query.data !== undefined) return <>{children}</>;
  if (query.isError) {
    const refused = query.error instanceof ApiError && (query.error.status === 403 || query.error.status === 404);
    return (
      <Box sx={{ p: 3 }}>
        <ErrorBlock
          message={refused ? (query.error as ApiError).detail : undefined}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </Box>
    );
  }
  return <LoadingPanel minHeight={minHeight} />;
}
