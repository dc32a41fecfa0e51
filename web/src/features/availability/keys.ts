import type { PlanParams } from './queries';

// Query keys in a module of their own: the app's server events import them without the screens' code.
export const availabilityKeys = {
  all: ['availability'] as const,
  elements: (restaurantId: number) => [...availabilityKeys.all, 'elements', restaurantId] as const,
  hours: (restaurantId: number) => [...availabilityKeys.all, 'hours', restaurantId] as const,
  plans: () => [...availabilityKeys.all, 'plan'] as const,
  plan: (params: PlanParams) => [...availabilityKeys.plans(), params] as const,
};
