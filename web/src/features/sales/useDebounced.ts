import { useEffect, useState } from 'react';

/** Debounce of the v2 sales calls (spec §9). */
export const SALES_DEBOUNCE_MS = 500;

/**
 * `value`, once it has stopped changing for `delay` ms. The first value is returned at once, so
 * the page loads without waiting. Compared by JSON, so a new object with the same fields is no change.
 */
export function useDebounced<T>(value: T, delay = SALES_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    if (JSON.stringify(settled) === key) return undefined;
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
    // `key` stands for `value`; `settled` is read only to skip a no-op timer.
  }, [key, delay]);
  return settled;
}
