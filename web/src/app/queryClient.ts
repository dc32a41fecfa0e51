import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { sessionStore } from './session';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not get better by asking again.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

// Whatever ends the session also drops every cached answer that belonged to it.
sessionStore.onSignOut(() => queryClient.clear());
