import { queryOptions, type QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api, unwrap, unwrapEmpty } from '../../api/client';
import type { components } from '../../api/schema';

type Schemas = components['schemas'];

export type Subscription = Schemas['Subscription'];
export type SubscriptionInput = Schemas['SubscriptionInput'];
export type SummaryPreview = Schemas['SummaryPreview'];
export type Frequency = SubscriptionInput['frequency'];

// Not under ['reports']: orders.changed must not refetch the list.
export const subscriptionKeys = {
  all: ['summarySubscriptions'] as const,
};

/** The signed-in user's summary subscriptions. */
export const subscriptionsQuery = () =>
  queryOptions({
    queryKey: subscriptionKeys.all,
    queryFn: ({ signal }): Promise<Subscription[]> =>
      unwrap(api.GET('/api/v1/reports/subscriptions', { signal })).then((list) => list ?? []),
  });

export const createSubscription = (body: SubscriptionInput): Promise<Subscription> =>
  unwrap(api.POST('/api/v1/reports/subscriptions', { body }));

export const deleteSubscription = (subscriptionId: number): Promise<void> =>
  unwrapEmpty(api.DELETE('/api/v1/reports/subscriptions/{subscriptionId}', { params: { path: { subscriptionId } } }));

export const sendPreview = (body: SubscriptionInput): Promise<SummaryPreview> =>
  unwrap(api.POST('/api/v1/reports/subscriptions/preview', { body }));

export const subscriptionsChanged = (client: QueryClient) => client.invalidateQueries({ queryKey: subscriptionKeys.all });

export const FREQUENCY_LABELS: Record<Frequency, string> = {
  daily: 'Quotidien',
  weekly: 'Hebdomadaire',
};

export const FREQUENCY_WHEN: Record<Frequency, string> = {
  daily: 'Chaque matin vers 7 h, les chiffres de la veille',
  weekly: 'Chaque lundi vers 7 h, les chiffres de la semaine précédente',
};

export const ALL_RESTAURANTS_LABEL = 'Tous mes restaurants';

// The checks a user can get right before asking the server (which stays the authority).
export const subscriptionSchema = z.object({
  frequency: z.enum(['daily', 'weekly'], 'Choisissez un résumé quotidien ou hebdomadaire.'),
  restaurantId: z.number(),
  email: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "L'adresse e-mail est obligatoire."),
      z.maxLength(254, "L'adresse e-mail ne doit pas dépasser 254 caractères."),
      z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "L'adresse e-mail n'est pas valide (exemple : prenom.nom@exemple.fr)."),
    ),
});

export type SubscriptionForm = z.infer<typeof subscriptionSchema>;
