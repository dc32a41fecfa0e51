import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ToastProvider } from '../components/Toast';
import { AppRoutes } from './AppRoutes';
import { queryClient as defaultClient } from './queryClient';
import { RestaurantSelectionProvider } from './RestaurantSelection';
import { ThemeSettingsProvider } from './ThemeSettings';

/** Everything the screens rely on, without the router (tests bring a MemoryRouter). */
export function AppProviders({ children, client = defaultClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <ThemeSettingsProvider>
        <ToastProvider>
          <RestaurantSelectionProvider>{children}</RestaurantSelectionProvider>
        </ToastProvider>
      </ThemeSettingsProvider>
    </QueryClientProvider>
  );
}

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
