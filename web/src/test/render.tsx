import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { render } from '@testing-library/react';
import { AppProviders } from '../app/App';
import { AppRoutes } from '../app/AppRoutes';
import { createQueryClient } from '../app/queryClient';
import { SESSION_KEY, sessionStore } from '../app/session';
import type { CurrentUser } from '../api/types';

/** Shows the router's current location, so tests can assert redirects. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function signIn(session: CurrentUser | null): void {
  if (session) window.localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  else window.localStorage.removeItem(SESSION_KEY);
  sessionStore.reload();
}

/** Renders the whole app (route table, guards, shell) at `path`. */
export function renderApp(path: string, session: CurrentUser | null = null) {
  signIn(session);
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return {
    client,
    ...render(
      <AppProviders client={client}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <LocationProbe />
        </MemoryRouter>
      </AppProviders>,
    ),
  };
}

/** Renders a component inside the app's providers (theme, query client, toasts). */
export function renderWithProviders(ui: ReactElement) {
  const client = createQueryClient();
  return render(
    <AppProviders client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProviders>,
  );
}
