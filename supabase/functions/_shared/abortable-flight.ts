/**
 * Single flight for work a caller may give up on (a superseded search): concurrent calls with
 * the same key share one execution; a caller whose signal aborts stops waiting at once (its
 * promise rejects with the signal's reason), and the shared execution's own signal aborts when
 * the last caller has left, so nothing more is asked upstream for nobody. A caller without a
 * signal always waits, and keeps the execution going.
 */
export function createAbortableSingleFlight() {
  interface Flight {
    promise: Promise<unknown>;
    controller: AbortController;
    waiting: number;
  }
  const flights = new Map<string, Flight>();
  const forget = (key: string, flight: Flight) => {
    if (flights.get(key) === flight) flights.delete(key);
  };

  return function join<T>(
    key: string,
    run: (signal: AbortSignal) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    // The caller's own abort reason, unchanged (whatever it gave to abort()).
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- passed through as given
    if (signal?.aborted) return Promise.reject(signal.reason);
    let flight = flights.get(key);
    if (!flight) {
      const controller = new AbortController();
      const created: Flight = { promise: Promise.resolve(), controller, waiting: 0 };
      created.promise = run(controller.signal).finally(() => forget(key, created));
      // A flight everybody left may still reject (aborted): that is nobody's error.
      created.promise.catch(() => {});
      flights.set(key, created);
      flight = created;
    }
    const joined = flight;
    joined.waiting += 1;
    if (!signal) return joined.promise as Promise<T>;
    return new Promise<T>((resolve, reject) => {
      const leave = () => {
        joined.waiting -= 1;
        if (joined.waiting === 0) {
          forget(key, joined);
          joined.controller.abort(signal.reason);
        }
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the caller's abort reason, as given
        reject(signal.reason);
      };
      signal.addEventListener('abort', leave, { once: true });
      joined.promise.then(
        (value) => {
          signal.removeEventListener('abort', leave);
          resolve(value as T);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', leave);
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the shared run's own rejection, unchanged
          reject(error);
        },
      );
    });
  };
}
