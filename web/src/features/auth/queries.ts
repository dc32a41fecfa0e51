import { queryOptions, type UseMutationOptions } from '@tanstack/react-query';
import { ApiError, api, unwrap, unwrapEmpty, withToken } from '../../api/client';
import type { CurrentUser, SuspensionStatus } from '../../api/types';
import type { Session } from '../../app/session';
import type { SigninKind } from './kinds';
import { sessionFromToken } from './tokenSession';

export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
  suspension: (userId: CurrentUser['id'] | undefined) => [...authKeys.all, 'suspension', userId] as const,
  tokenSession: (token: string) => [...authKeys.all, 'tokenSession', token] as const,
};

export const meQuery = () =>
  queryOptions({
    queryKey: authKeys.me(),
    queryFn: () => unwrap(api.GET('/api/v1/auth/me')),
    staleTime: 5 * 60_000,
  });

/** The blocked-franchise check (spec 2nd §4, §7.1). Always asked again on a route change. */
export const suspensionQuery = (session: Pick<Session, 'id' | 'roles'> | null) =>
  queryOptions<SuspensionStatus, ApiError>({
    queryKey: authKeys.suspension(session?.id),
    queryFn: () => {
      if (!session) throw new ApiError(401, undefined);
      return unwrap(api.POST('/api/v1/auth/check-suspension', { body: { role: session.roles, id: session.id } }));
    },
    staleTime: 0,
    retry: false,
  });

/**
 * Verifies an access token from a `token` query parameter by asking the server who it belongs to,
 * and gives the session to sign in with.
 */
export const tokenSessionQuery = (token: string) =>
  queryOptions<Session, ApiError>({
    queryKey: authKeys.tokenSession(token),
    queryFn: async () => sessionFromToken(token, await unwrap(api.GET('/api/v1/auth/me', { headers: withToken(token) }))),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

export interface SigninVariables {
  kind: SigninKind;
  login: string;
  password: string;
}

const signinPath = {
  franchise: '/api/v1/auth/signin',
  restaurant: '/api/v1/auth/signinResto',
  guest: '/api/v1/auth/signinGuest',
} as const;

export const signinMutation = (): UseMutationOptions<CurrentUser, ApiError, SigninVariables> => ({
  mutationKey: [...authKeys.all, 'signin'],
  mutationFn: ({ kind, login, password }) =>
    unwrap(api.POST(signinPath[kind], { body: { login: login.trim(), password } })),
});

export interface SignupVariables {
  login: string;
  email: string;
  password: string;
  franchiseName: string;
}

export const signupMutation = (): UseMutationOptions<CurrentUser, ApiError, SignupVariables> => ({
  mutationKey: [...authKeys.all, 'signup'],
  mutationFn: (body) => unwrap(api.POST('/api/v1/auth/signup', { body })),
});

export const forgotPasswordMutation = (): UseMutationOptions<void, ApiError, { login: string }> => ({
  mutationKey: [...authKeys.all, 'forgotPassword'],
  mutationFn: ({ login }) => unwrapEmpty(api.POST('/api/v1/auth/forgotPassword', { body: { login: login.trim() } })),
});

export interface ResetPasswordVariables {
  franchiseId: number;
  token: string;
  password: string;
}

export const resetPasswordMutation = (): UseMutationOptions<void, ApiError, ResetPasswordVariables> => ({
  mutationKey: [...authKeys.all, 'resetPassword'],
  mutationFn: (body) => unwrapEmpty(api.POST('/api/v1/auth/resetPassword', { body })),
});

/** A restaurant login attached to several franchises opens a session for another of them. */
export const switchFranchiseMutation = (): UseMutationOptions<CurrentUser, ApiError, { franchiseId: number }> => ({
  mutationKey: [...authKeys.all, 'switchFranchise'],
  mutationFn: (body) => unwrap(api.POST('/api/v1/auth/switch', { body })),
});
