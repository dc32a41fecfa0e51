import { queryOptions, type UseMutationOptions } from '@tanstack/react-query';
import { api, unwrap, unwrapEmpty, type ApiError } from '../../api/client';
import type { CurrentUser, Franchise, FranchiseSummary } from '../../api/types';
import { noticeKeys } from '../notices/queries';
import type { NewFranchiseBody, NewFranchiseOut, NoticeBody, NoticeOut } from './types';

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

/** Opens a franchise with its owner and first restaurant, all or nothing. */
export const createFranchiseMutation = (): UseMutationOptions<NewFranchiseOut, ApiError, NewFranchiseBody> => ({
  mutationKey: [...franchiseKeys.all, 'create'],
  mutationFn: (body) => unwrap(api.POST('/api/v1/admin/franchises', { body })),
});

/** Closes (logins and equipment keys refused, data kept) or reopens a franchise. */
export const setClosedMutation = (): UseMutationOptions<FranchiseSummary, ApiError, { franchiseId: FranchiseId; closed: boolean }> => ({
  mutationKey: [...franchiseKeys.all, 'setClosed'],
  mutationFn: ({ franchiseId, closed }) =>
    unwrap(
      closed
        ? api.POST('/api/v1/admin/franchises/{franchiseId}/close', { params: { path: { franchiseId } } })
        : api.POST('/api/v1/admin/franchises/{franchiseId}/reopen', { params: { path: { franchiseId } } }),
    ),
});

// Under the notices feature's prefix: its 'notices.changed' server event refreshes this list too.
export const adminNoticeKeys = {
  all: [...noticeKeys.all, 'admin'] as const,
  list: () => [...adminNoticeKeys.all, 'list'] as const,
};

/** Every notice, newest first, whatever its audience and domain. */
export const adminNoticesQuery = () =>
  queryOptions({
    queryKey: adminNoticeKeys.list(),
    queryFn: async () => (await unwrap(api.GET('/api/v1/admin/notices'))) ?? [],
  });

/** Publishes a notice (no id) or replaces one. */
export const saveNoticeMutation = (): UseMutationOptions<NoticeOut, ApiError, { id?: number; body: NoticeBody }> => ({
  mutationKey: [...adminNoticeKeys.all, 'save'],
  mutationFn: ({ id, body }) =>
    unwrap(
      id
        ? api.PUT('/api/v1/admin/notices/{noticeId}', { params: { path: { noticeId: id } }, body })
        : api.POST('/api/v1/admin/notices', { body }),
    ),
});

/** Deletes a notice; `title` only travels to the success message. */
export const deleteNoticeMutation = (): UseMutationOptions<void, ApiError, { id: number; title: string }> => ({
  mutationKey: [...adminNoticeKeys.all, 'delete'],
  mutationFn: ({ id }) => unwrapEmpty(api.DELETE('/api/v1/admin/notices/{noticeId}', { params: { path: { noticeId: id } } })),
});
