import type { MenuWhich } from './queries';

// Query keys of deployment and background jobs. In a module of their own: the app's server events
// import them without the deployment screens' code.

// Everything under ['deploy'], which 'deploy.changed', 'menu.deployed' and 'campaigns.changed' invalidate.
export const deployKeys = {
  all: ['deploy'] as const,
  links: () => [...deployKeys.all, 'links'] as const,
  status: () => [...deployKeys.all, 'status'] as const,
  prices: (restaurantId: number) => [...deployKeys.all, 'prices', restaurantId] as const,
  versions: (restaurantId: number) => [...deployKeys.all, 'versions', restaurantId] as const,
  menu: (restaurantId: number, which: MenuWhich) => [...deployKeys.all, 'menu', restaurantId, which] as const,
  preview: (restaurantIds: readonly number[]) => [...deployKeys.all, 'preview', [...restaurantIds].sort((a, b) => a - b)] as const,
  currentGeneration: () => [...deployKeys.all, 'generation', 'current'] as const,
};

// Background jobs (generation, exports), which 'job.progress' invalidates.
export const jobKeys = {
  all: ['jobs'] as const,
  detail: (jobId: number) => [...jobKeys.all, jobId] as const,
};
