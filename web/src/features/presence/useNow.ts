import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs`, so relative times ('il y a 2 min') keep moving. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
