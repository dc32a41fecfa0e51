import { queryOptions, type UseMutationOptions } from '@tanstack/react-query';
import { api, unwrap, type ApiError } from '../../api/client';
import type { CurrentUser, Franchise, FranchiseSummary } from '../../api/types';

export const franchiseKeys = {
  all: ['superadmin', 'franchises'] as const,
  list: () => [...franchiseKeys.all, 'list'] as const,
  features: (franchiseId: number) => [...franchiseKeys.all, 'features', franchiseId] as const,
};

export const franchisesQuery = () =>
  queryOptions({
    queryKey: franchiseKeys.list(),
    queryFn: () => unwrap(api.GET('/api/v1/admin/franchises')),
  });

type FranchiseId = FranchiseSummary['id'];

export const setBlockedMutation = (): UseMutationOptions<
  Franchise,
  ApiError,
  { franchiseId: FranchiseId; blocked: boolean }
> => ({
  mutationKey: [...franchiseKeys.all, 'setBlocked'],
  mutationFn: ({ franchiseId, blocked }) =>
    unwrap(
      blocked
        ? api.POST('/api/v1/admin/franchises/{franchiseId}/block', { params: { path: { franchiseId } } })
        : api.POST('/api/v1/admin/franchises/{franchiseId}/unblock', { params: { path: { franchiseId } } }),
    ),
});

export const impersonateMutation = (): UseMutationOptions<CurrentUser, ApiError, { franchiseId: FranchiseId }> => ({
  mutationKey: [...franchiseKeys.all, 'impersonate'],
  mutationFn: ({ franchiseId }) =>
    unwrap(api.POST('/api/v1/admin/franchises/{franchiseId}/impersonate', { params: { path: { franchiseId } } })),
});

/** A franchise's named feature switches (the spec's per-franchise special cases). */
export type FeatureSettings = Franchise['settings'];

/**
 * The feature settings the server last answered for a franchise. Nothing serves them for another
 * franchise (the super-admin list carries no settings and there is no read route), so this cache
 * only ever holds the answer of a save made during this visit; it never fetches and is kept.
 */
export const setFeaturesMutation = (): UseMutationOptions<
  Franchise,
  ApiError,
  { franchiseId: FranchiseId; settings: Required<FeatureSettings> }
> => ({
  mutationKey: [...franchiseKeys.all, 'setFeatures'],
  mutationFn: ({ franchiseId, settings }) =>
    unwrap(api.PUT('/api/v1/admin/franchises/{franchiseId}/features', { params: { path: { franchiseId } }, body: settings })),
});
