import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Restaurant } from '../api/types';
import type { RestaurantChoice } from '../components/RestaurantSelector';
import { restaurantsQuery } from '../features/restaurants/queries';
import { isSuperAdmin, sessionStore, useSession, type Session } from './session';
import { storage } from './storage';

/** This tab's choice (cleared at sign-out). */
const TAB_KEY = 'brigade.restaurant';

/** The choice remembered for a user across sign-ins, on this browser. */
export function rememberKey(session: Pick<Session, 'id' | 'fk_franchise' | 'roles'>): string {
  return `brigade.restaurant.${session.fk_franchise}.${session.roles}.${session.id}`;
}

function parseChoice(raw: string | null): RestaurantChoice {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
  } catch {
    return null;
  }
}

function readTab(): RestaurantChoice {
  try {
    return parseChoice(window.sessionStorage.getItem(TAB_KEY));
  } catch {
    return null;
  }
}

function writeTab(value: RestaurantChoice): void {
  try {
    if (value === null) window.sessionStorage.removeItem(TAB_KEY);
    else window.sessionStorage.setItem(TAB_KEY, JSON.stringify(value));
  } catch {
    /* kept in memory only */
  }
}

function readRemembered(user: string | null): RestaurantChoice {
  return user ? parseChoice(storage.get(user)) : null;
}

/**
 * The restaurant a screen works on, from what was picked and what the user may see now:
 * a remembered choice counts only while still allowed ('All restaurants' for admins, a restaurant
 * still in their list); a user who sees a single restaurant has it chosen for them. While the list
 * loads, the pick is trusted (the server scopes every read anyway).
 */
export function resolveChoice(
  picked: RestaurantChoice,
  restaurants: readonly Pick<Restaurant, 'id'>[] | undefined,
  role: Session['roles'] | undefined,
): RestaurantChoice {
  if (!restaurants) return picked;
  if (picked === 0 && role === 'admin') return 0;
  if (picked !== null && picked !== 0 && restaurants.some((r) => r.id === picked)) return picked;
  return restaurants.length === 1 ? restaurants[0]!.id : null;
}

interface RestaurantSelectionValue {
  restaurant: RestaurantChoice;
  setRestaurant: (value: RestaurantChoice) => void;
}

const Context = createContext<RestaurantSelectionValue | null>(null);

/**
 * The restaurant chosen in the report filters, shared by every screen. The last choice is
 * remembered per user (localStorage keyed by franchise, role and user id) so the next visit opens
 * on it; a user with a single restaurant never has to pick it.
 */
export function RestaurantSelectionProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const user = session && !isSuperAdmin(session) ? rememberKey(session) : null;
  const [state, setState] = useState<{ user: string | null; picked: RestaurantChoice }>(() => ({
    user,
    picked: readTab() ?? readRemembered(user),
  }));
  let picked = state.picked;
  if (state.user !== user) {
    // Another user signed in (or impersonation began): their own remembered choice.
    picked = readRemembered(user);
    setState({ user, picked });
  }

  const list = useQuery({ ...restaurantsQuery(), enabled: user !== null });
  const restaurant = user === null ? null : resolveChoice(picked, list.data, session?.roles);

  useEffect(
    () =>
      sessionStore.onSignOut(() => {
        writeTab(null);
        setState({ user: null, picked: null });
      }),
    [],
  );

  const value = useMemo<RestaurantSelectionValue>(
    () => ({
      restaurant,
      setRestaurant: (next) => {
        writeTab(next);
        if (user) {
          if (next === null) storage.remove(user);
          else storage.set(user, JSON.stringify(next));
        }
        setState({ user, picked: next });
      },
    }),
    [restaurant, user],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useRestaurantSelection(): RestaurantSelectionValue {
  const value = useContext(Context);
  if (!value) throw new Error('useRestaurantSelection outside RestaurantSelectionProvider');
  return value;
}
