/**
 * Spaces calls to one upstream at least `minIntervalMs` apart (public OSM services
 * allow 1 request per second). In-process only: issue 8 moves the global limit to Postgres.
 */
export function createThrottle(minIntervalMs: number) {
  let next = 0;
  return async function waitTurn(): Promise<void> {
    if (minIntervalMs <= 0) return;
    const now = Date.now();
    const start = Math.max(now, next);
    next = start + minIntervalMs;
    if (start > now) await new Promise((resolve) => setTimeout(resolve, start - now));
  };
}
