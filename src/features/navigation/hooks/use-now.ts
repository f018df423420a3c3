import { useEffect, useState } from 'react';

/** The time now (epoch ms), refreshed every `intervalMs`: ETAs move with the clock. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
