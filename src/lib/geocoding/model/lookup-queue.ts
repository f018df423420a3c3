/**
 * Looks up many items (addresses of an import, points to name) through the geocoding proxy,
 * which rate-limits each client and paces the geocoders to their usage rules, without losing
 * any: a 429 (or a 503 with Retry-After) pauses every worker for the time the server asks,
 * then the same item is tried again, as often as it takes; other failures are retried a few
 * times and then reported, never skipped. Cancelling stops the remaining lookups at once.
 */

/** An address of an import: its line and its text. */
export interface LookupItem {
  line: number;
  text: string;
}

export interface LookupQueueOptions<T, Item = LookupItem> {
  search: (item: Item, signal: AbortSignal) => Promise<T>;
  signal: AbortSignal;
  onResult: (item: Item, result: T) => void;
  onFailure: (item: Item, error: unknown) => void;
  /** Called when the server asked to wait, with the seconds to wait. */
  onRateLimited?: (seconds: number) => void;
  /** Lookups in flight at once (a cached answer comes back at once; the proxy paces the rest). */
  concurrency?: number;
  /** Extra tries after a failure that is not a rate limit. */
  retries?: number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /**
   * Awaited after every answer: cached answers arrive as microtasks, and without a break
   * hundreds of them would run as one long task the page cannot paint or respond during.
   */
  pause?: () => Promise<void>;
}

export const LOOKUP_CONCURRENCY = 3;
export const LOOKUP_RETRIES = 2;
const RETRY_DELAY_MS = 1000;
/** Without a usable Retry-After, wait this long before asking again. */
const DEFAULT_RATE_LIMIT_WAIT_SECONDS = 1;

/** The seconds a rate-limited answer asks to wait, or null for any other error. */
export function rateLimitWait(error: unknown): number | null {
  if (!error || typeof error !== 'object' || !('status' in error)) return null;
  const { status, retryAfterSeconds } = error as { status: unknown; retryAfterSeconds?: unknown };
  const retryAfter =
    typeof retryAfterSeconds === 'number' && retryAfterSeconds > 0 ? retryAfterSeconds : undefined;
  if (status === 429) return retryAfter ?? DEFAULT_RATE_LIMIT_WAIT_SECONDS;
  if (status === 503 && retryAfter !== undefined) return retryAfter;
  return null;
}

/** A client error other than a rate limit will fail the same way again. */
const isPermanent = (error: unknown): boolean => {
  const status = error && typeof error === 'object' && 'status' in error ? error.status : 0;
  return (
    typeof status === 'number' && status >= 400 && status < 500 && status !== 408 && status !== 429
  );
};

/** A macrotask break: lets the browser paint and handle input between answers. */
export const yieldToEventLoop = (): Promise<void> =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

const abortError = (signal: AbortSignal): Error =>
  signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError');

export const abortableSleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(abortError(signal));
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });

/**
 * `promise`, or a rejection as soon as `signal` aborts: a lookup under way need not honour the
 * signal (a shared query goes on and fills the cache), the queue no longer waits for it.
 */
const untilAborted = <T>(promise: Promise<T>, signal: AbortSignal): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    if (signal.aborted) {
      reject(abortError(signal));
      return;
    }
    const onAbort = () => reject(abortError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

/**
 * Resolves when every item is answered or failed, or at once when the signal aborts (remaining
 * items untouched, lookups under way not waited for).
 */
export async function runLookupQueue<T, Item = LookupItem>(
  items: readonly Item[],
  options: LookupQueueOptions<T, Item>,
): Promise<void> {
  const { search, signal, onResult, onFailure, onRateLimited } = options;
  const sleep = options.sleep ?? abortableSleep;
  const retries = options.retries ?? LOOKUP_RETRIES;
  const pause = options.pause ?? yieldToEventLoop;
  let next = 0;
  /** Until when every worker holds off (Date.now() based), after a rate-limited answer. */
  let pausedUntil = 0;

  const lookUp = async (item: Item): Promise<void> => {
    let failures = 0;
    for (;;) {
      const pause = pausedUntil - Date.now();
      if (pause > 0) await sleep(pause, signal);
      try {
        const result = await untilAborted(search(item, signal), signal);
        if (signal.aborted) return;
        onResult(item, result);
        return;
      } catch (error) {
        if (signal.aborted) return;
        const wait = rateLimitWait(error);
        if (wait !== null) {
          pausedUntil = Math.max(pausedUntil, Date.now() + wait * 1000);
          onRateLimited?.(wait);
          continue;
        }
        failures += 1;
        if (failures > retries || isPermanent(error)) {
          onFailure(item, error);
          return;
        }
        await sleep(RETRY_DELAY_MS * failures, signal);
      }
    }
  };

  const worker = async () => {
    while (!signal.aborted && next < items.length) {
      const item = items[next];
      next += 1;
      await lookUp(item);
      await pause();
    }
  };

  const workers = Array.from(
    { length: Math.max(1, Math.min(options.concurrency ?? LOOKUP_CONCURRENCY, items.length)) },
    worker,
  );
  await Promise.all(workers).catch((error: unknown) => {
    // Only an abort gets here (from a sleep); anything else is a bug to surface.
    if (!signal.aborted) throw error;
  });
}
