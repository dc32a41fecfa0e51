import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { RestaurantChoice } from '../components/RestaurantSelector';
import { sessionStore } from './session';

const KEY = 'brigade.restaurant';

function read(): RestaurantChoice {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (raw === null) return null;
    const value: unknown = JSON.parse(raw);
    return typeof value === 'number' ? value : null;
  } catch {
    return null;
  }
}

function write(value: RestaurantChoice): void {
  try {
    if (value === null) window.sessionStorage.removeItem(KEY);
    else window.sessionStorage.setItem(KEY, JSON.stringify(value));
  } catch {
    /* kept in memory only */
  }
}

interface RestaurantSelectionValue {
  restaurant: RestaurantChoice;
  setRestaurant: (value: RestaurantChoice) => void;
}

const Context = createContext<RestaurantSelectionValue | null>(null);

/** The restaurant chosen in the report filters, shared by every screen of the session. */
export function RestaurantSelectionProvider({ children }: { children: ReactNode }) {
  const [restaurant, setState] = useState<RestaurantChoice>(read);

  useEffect(
    () =>
      sessionStore.onSignOut(() => {
        write(null);
        setState(null);
      }),
    [],
  );

  const value = useMemo<RestaurantSelectionValue>(
    () => ({
      restaurant,
      setRestaurant: (next) => {
        write(next);
        setState(next);
      },
    }),
    [restaurant],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useRestaurantSelection(): RestaurantSelectionValue {
  const value = useContext(Context);
  if (!value) throw new Error('useRestaurantSelection outside RestaurantSelectionProvider');
  return value;
}
