import { keepPreviousData, queryOptions, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api, unwrap, unwrapEmpty, type ApiError } from '../../api/client';
import { loyaltyKeys, type LoyaltyFilter, type LoyaltyHistoryFilter } from './keys';
import type { EarnRule, Reward, Tier } from './types';

export { loyaltyKeys };

const items = <T,>(page: { items: T[] | null }): T[] => page.items ?? [];

export const loyaltyRulesQuery = () =>
  queryOptions({ queryKey: loyaltyKeys.rules(), queryFn: () => unwrap(api.GET('/api/v1/loyalty/rules')), select: items<EarnRule> });

export const loyaltyTiersQuery = () =>
  queryOptions({ queryKey: loyaltyKeys.tiers(), queryFn: () => unwrap(api.GET('/api/v1/loyalty/tiers')), select: items<Tier> });

export const loyaltyRewardsQuery = () =>
  queryOptions({ queryKey: loyaltyKeys.rewards(), queryFn: () => unwrap(api.GET('/api/v1/loyalty/rewards')), select: items<Reward> });

const periodQuery = (f: LoyaltyFilter) => ({ from: f.from, to: f.to, ...(f.restaurantId ? { restaurantId: f.restaurantId } : {}) });

/** The program over a period: members, points earned and redeemed, reward cost, by day. */
export const loyaltyDashboardQuery = (f: LoyaltyFilter) =>
  queryOptions({
    queryKey: loyaltyKeys.dashboard(f),
    queryFn: () => unwrap(api.GET('/api/v1/loyalty/dashboard', { params: { query: periodQuery(f) } })),
    placeholderData: keepPreviousData,
  });

/** The movements of a period, newest first, one page. */
export const loyaltyHistoryQuery = (f: LoyaltyHistoryFilter) =>
  queryOptions({
    queryKey: loyaltyKeys.history(f),
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/loyalty/history', {
          params: { query: { ...periodQuery(f), page: f.page, pageSize: f.pageSize, ...(f.kind ? { kind: f.kind as 'earn' } : {}) } },
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** The members ranked by points. */
export const loyaltyMembersQuery = (f: { restaurantId: number; page: number; pageSize: number }) =>
  queryOptions({
    queryKey: loyaltyKeys.members(f),
    queryFn: () =>
      unwrap(api.GET('/api/v1/loyalty/members', { params: { query: { page: f.page, pageSize: f.pageSize, ...(f.restaurantId ? { restaurantId: f.restaurantId } : {}) } } })),
    placeholderData: keepPreviousData,
  });

/** After a write: every loyalty screen asks again. */
export function loyaltyChanged(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: loyaltyKeys.all });
}

type Save<T> = { id?: number; version?: number; body: T };

/** A change sends the version it was made on (If-Match): someone else's save in between gives a 409. */
export const saveRuleMutation = (): UseMutationOptions<EarnRule, ApiError, Save<EarnRule>> => ({
  mutationKey: [...loyaltyKeys.rules(), 'save'],
  mutationFn: ({ id, version, body }) =>
    id
      ? unwrap(api.PUT('/api/v1/loyalty/rules/{ruleId}', { params: { path: { ruleId: id }, header: { 'If-Match': `"${version ?? 0}"` } }, body }))
      : unwrap(api.POST('/api/v1/loyalty/rules', { body })),
});

export const saveTierMutation = (): UseMutationOptions<Tier, ApiError, Save<Tier>> => ({
  mutationKey: [...loyaltyKeys.tiers(), 'save'],
  mutationFn: ({ id, version, body }) =>
    id
      ? unwrap(api.PUT('/api/v1/loyalty/tiers/{tierId}', { params: { path: { tierId: id }, header: { 'If-Match': `"${version ?? 0}"` } }, body }))
      : unwrap(api.POST('/api/v1/loyalty/tiers', { body })),
});

export const saveRewardMutation = (): UseMutationOptions<Reward, ApiError, Save<Reward>> => ({
  mutationKey: [...loyaltyKeys.rewards(), 'save'],
  mutationFn: ({ id, version, body }) =>
    id
      ? unwrap(api.PUT('/api/v1/loyalty/rewards/{rewardId}', { params: { path: { rewardId: id }, header: { 'If-Match': `"${version ?? 0}"` } }, body }))
      : unwrap(api.POST('/api/v1/loyalty/rewards', { body })),
});

export type ProgramPart = 'rule' | 'tier' | 'reward';

export const deleteProgramPartMutation = (): UseMutationOptions<void, ApiError, { part: ProgramPart; id: number }> => ({
  mutationKey: [...loyaltyKeys.all, 'delete'],
  mutationFn: ({ part, id }) => {
    if (part === 'rule') return unwrapEmpty(api.DELETE('/api/v1/loyalty/rules/{ruleId}', { params: { path: { ruleId: id } } }));
    if (part === 'tier') return unwrapEmpty(api.DELETE('/api/v1/loyalty/tiers/{tierId}', { params: { path: { tierId: id } } }));
    return unwrapEmpty(api.DELETE('/api/v1/loyalty/rewards/{rewardId}', { params: { path: { rewardId: id } } }));
  },
});

/** A customer's points, tier and movements (for the customer page). */
export const customerLoyaltyQuery = (customerId: number) =>
  queryOptions({
    queryKey: loyaltyKeys.customer(customerId),
    queryFn: () => unwrap(api.GET('/api/v1/customers/{customerId}/loyalty', { params: { path: { customerId } } })),
  });

/** A correction of a customer's points by hand, with its reason. */
export const adjustLoyaltyMutation = (): UseMutationOptions<unknown, ApiError, { customerId: number; points: number; reason: string }> => ({
  mutationKey: [...loyaltyKeys.all, 'adjust'],
  mutationFn: ({ customerId, points, reason }) =>
    unwrap(api.POST('/api/v1/customers/{customerId}/loyalty/adjust', { params: { path: { customerId } }, body: { points, reason } })),
});
