// Query keys in a module of their own: the app's server events import them without the screens' code.
export const discountKeys = {
  all: ['discounts'] as const,
  list: () => [...discountKeys.all, 'list'] as const,
  detail: (id: number) => [...discountKeys.all, 'detail', id] as const,
  codes: () => [...discountKeys.all, 'codes'] as const,
};
