// The customers under ['customers'], which the 'customers.changed' server event makes stale.
// In a module of its own: the app's server events import it without the customer screens' code.
export const customerKeys = {
  all: ['customers'] as const,
  list: (f: object) => [...customerKeys.all, 'list', f] as const,
  detail: (id: number) => [...customerKeys.all, 'detail', id] as const,
  orders: (id: number, page: number) => [...customerKeys.all, 'orders', id, page] as const,
  consents: (id: number) => [...customerKeys.all, 'consents', id] as const,
  summary: (restaurantId: number) => [...customerKeys.all, 'summary', restaurantId] as const,
  catchment: (f: object) => [...customerKeys.all, 'catchment', f] as const,
};
