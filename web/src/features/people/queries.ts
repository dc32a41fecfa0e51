import { queryOptions, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api, unwrap, unwrapEmpty, type ApiError } from '../../api/client';
import type { NewPersonBody, Person, PersonBody, PersonId, PersonList } from './types';

// One function for every render, so the selected array keeps its identity between renders.
const listItems = (list: PersonList): Person[] => list.items ?? [];

// Everything under ['people']: no server event touches it, so each write invalidates it here.
export const personKeys = {
  all: ['people'] as const,
  list: () => [...personKeys.all, 'list'] as const,
  detail: (id: PersonId) => [...personKeys.all, 'detail', id] as const,
};

/** The franchise's logins (admin only: other roles get a 403). */
export const peopleQuery = () =>
  queryOptions({
    queryKey: personKeys.list(),
    queryFn: () => unwrap(api.GET('/api/v1/people')),
    select: listItems,
  });

export const personQuery = (id: PersonId) =>
  queryOptions({
    queryKey: personKeys.detail(id),
    queryFn: () => unwrap(api.GET('/api/v1/people/{userId}', { params: { path: { userId: id } } })),
  });

/** After a write: the answer becomes the cached detail, and everything under ['people'] asks again. */
export function personSaved(client: QueryClient, person?: Person): void {
  if (person) client.setQueryData(personKeys.detail(person.id), person);
  void client.invalidateQueries({ queryKey: personKeys.all });
}

export const createPersonMutation = (): UseMutationOptions<Person, ApiError, NewPersonBody> => ({
  mutationKey: [...personKeys.all, 'create'],
  mutationFn: (body) => unwrap(api.POST('/api/v1/people', { body })),
});

export const updatePersonMutation = (id: PersonId): UseMutationOptions<Person, ApiError, PersonBody> => ({
  mutationKey: [...personKeys.detail(id), 'update'],
  mutationFn: (body) => unwrap(api.PUT('/api/v1/people/{userId}', { params: { path: { userId: id } }, body })),
});

export const setBlockedMutation = (): UseMutationOptions<Person, ApiError, { id: PersonId; blocked: boolean }> => ({
  mutationKey: [...personKeys.all, 'block'],
  mutationFn: ({ id, blocked }) => {
    const params = { path: { userId: id } };
    return unwrap(blocked ? api.POST('/api/v1/people/{userId}/block', { params }) : api.POST('/api/v1/people/{userId}/unblock', { params }));
  },
});

export const setPasswordMutation = (): UseMutationOptions<void, ApiError, { id: PersonId; password: string }> => ({
  mutationKey: [...personKeys.all, 'password'],
  mutationFn: ({ id, password }) =>
    unwrapEmpty(api.PUT('/api/v1/people/{userId}/password', { params: { path: { userId: id } }, body: { password } })),
});
