import type { SharedState } from './shared-state.ts';

/** The upstream's next free slot is further away than the caller may wait. */
export class UpstreamBusyError extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`upstream busy for ${retryAfterMs} ms`);
  }
}

const ARRIVAL_JITTER_MARGIN = 0.1;

/**
 * The spacing the upstream gate keeps between two calls to one upstream: the upstream's minimum
 * interval plus 10 %, since the upstream sees arrival times (a busy host, a new connection add
 * jitter between releasing a call here and its arrival there).
 */
export const gateIntervalMs = (minIntervalMs: number): number =>
  Math.ceil(minIntervalMs * (1 + ARRIVAL_JITTER_MARGIN));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Spaces calls to one upstream at least `minIntervalMs` apart within this process,
 * measured from when each call was actually released (a late timer cannot bunch two
 * calls together); a call that would wait longer than `maxWaitMs` is refused
 * (UpstreamBusyError) without taking a place in the queue. Resolves with the time (Date.now())
 * the call was released.
 */
export function createThrottle(minIntervalMs: number, maxWaitMs = Infinity) {
  let previous: Promise<number> = Promise.resolve(-Infinity);
  let queued = 0;
  let lastRelease = -Infinity;
  return async function waitTurn(): Promise<number> {
    if (minIntervalMs <= 0) return Date.now();
    const expectedWait =
      Math.max(0, lastRelease + minIntervalMs - Date.now()) + queued * minIntervalMs;
    if (expectedWait > maxWaitMs) throw new UpstreamBusyError(expectedWait);
    queued += 1;
    const turn = previous.then(async (released) => {
      // Timers may fire a millisecond early: wait until the interval has really passed.
      for (
        let wait = released + minIntervalMs - Date.now();
        wait > 0;
        wait = released + minIntervalMs - Date.now()
      ) {
        await sleep(wait);
      }
      queued -= 1;
      lastRelease = Date.now();
      return lastRelease;
    });
    previous = turn;
    return turn;
  };
}

/**
 * The upstream's usage policy (public OSM services: 1 request per second for the whole
 * application), kept globally: every instance reserves its slot in Postgres first, then
 * the in-process throttle keeps this instance's own calls apart (and is the only guard
 * while the database is unreachable).
 */
export function createUpstreamGate(options: {
  upstream: string;
  minIntervalMs: number;
  maxWaitMs: number;
  state: SharedState;
}) {
  const intervalMs = gateIntervalMs(options.minIntervalMs);
  const local = createThrottle(intervalMs, options.maxWaitMs);
  return async function waitTurn(): Promise<void> {
    if (options.minIntervalMs <= 0) return;
    const slot = await options.state.claimSlot(options.upstream, intervalMs, options.maxWaitMs);
    if (slot && !slot.granted) throw new UpstreamBusyError(slot.waitMs);
    if (slot && slot.waitMs > 0) await sleep(slot.waitMs);
    await local();
  };
}
