import { queryOptions, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api, unwrap, type ApiError } from '../../api/client';
import type { Franchise, FranchiseBody } from '../../api/types';
import { historyKeys } from '../establishments/queries';

// The signed-in user's own franchise (the super-admin's list lives under ['superadmin', 'franchises']).
// 'franchise.changed' invalidates everything under ['franchise'] (serverEvents.ts).
export const franchiseInfoKeys = {
  all: ['franchise'] as const,
  detail: () => [...franchiseInfoKeys.all, 'detail'] as const,
  logo: (url: string) => [...franchiseInfoKeys.all, 'logo', url] as const,
};

export const franchiseQuery = () =>
  queryOptions({
    queryKey: franchiseInfoKeys.detail(),
    queryFn: () => unwrap(api.GET('/api/v1/franchise')),
  });

/**
 * The logo is served behind the bearer token, so an <img src> cannot load it: it is fetched through
 * the API client as a blob. The URL carries a content hash (?v=…), hence one cache entry per version.
 */
export const franchiseLogoQuery = (url: string) =>
  queryOptions({
    queryKey: franchiseInfoKeys.logo(url),
    queryFn: async () => {
      const version = new URL(url, window.location.origin).searchParams.get('v') ?? undefined;
      return unwrap(
        api.GET('/api/v1/franchise/logo', { params: { query: version ? { v: version } : {} }, parseAs: 'blob' }),
      ) as Promise<Blob>;
    },
    enabled: url !== '',
    staleTime: Infinity,
  });

export function franchiseSaved(client: QueryClient, franchise: Franchise): void {
  client.setQueryData(franchiseInfoKeys.detail(), franchise);
  void client.invalidateQueries({ queryKey: historyKeys.all });
}

export const updateFranchiseMutation = (): UseMutationOptions<Franchise, ApiError, FranchiseBody> => ({
  mutationKey: [...franchiseInfoKeys.all, 'update'],
  mutationFn: (body) => unwrap(api.PUT('/api/v1/franchise', { body })),
});

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const LOGO_MAX_BYTES = 1024 * 1024;

/** Sends the image's bytes as the raw body, with its own Content-Type (the API refuses other images). */
export const uploadLogoMutation = (): UseMutationOptions<Franchise, ApiError, File> => ({
  mutationKey: [...franchiseInfoKeys.all, 'logo', 'upload'],
  mutationFn: async (file) => {
    const bytes = await file.arrayBuffer();
    return unwrap(
      api.PUT('/api/v1/franchise/logo', {
        // The generated type calls a binary body a string; the bytes go out untouched.
        body: bytes as unknown as string,
        bodySerializer: (body: unknown) => body as BodyInit,
        headers: { 'Content-Type': file.type || 'application/octet-stream' },
      }),
    );
  },
});
