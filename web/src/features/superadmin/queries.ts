import { queryOptions, type UseMutationOptions } from '@tanstack/react-query';
import { api, unwrap, type ApiError } from '../../api/client';
import type { CurrentUser, Franchise, FranchiseSummary } from '../../api/types';

export const franchiseKeys = {
  all: ['superadmin', 'franchises'] as const,
  list: () => [...franchiseKeys.all, 'list'] as const,
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
