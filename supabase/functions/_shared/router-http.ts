// One HTTP call to the router (OSRM-compatible), shared by its route and table services:
// the upstream gate, the timeout, the User-Agent, and a body read that never throws.
import type { LatLng } from './domain/geo.ts';
import { fetchWithTimeout } from './http.ts';

/** `unroutable`: the router answered that these points have no route; `unavailable`: it failed. */
export type RouterFailure = { failure: 'unroutable' | 'unavailable'; reason: string };

export interface RouterHttpOptions {
  baseUrl: string;
  timeoutMs: number;
  userAgent: string;
  /** Waits for this upstream's next free slot; refused when it is too far away (busy). */
  waitTurn: () => Promise<void>;
}

/** OSRM's `lng,lat` with 6 decimals (about 0.1 m). */
export const osrmCoordinates = (points: readonly LatLng[]): string =>
  points.map((p) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`).join(';');

/** GETs `path` on the router; the parsed JSON body is null when it is not JSON. */
export async function callRouter(
  options: RouterHttpOptions,
  path: string,
): Promise<{ response: Response; body: unknown } | RouterFailure> {
  let response: Response;
  try {
    await options.waitTurn();
    response = await fetchWithTimeout(
      `${options.baseUrl}${path}`,
      { headers: { 'User-Agent': options.userAgent } },
      options.timeoutMs,
    );
  } catch (error) {
    return { failure: 'unavailable', reason: `router unreachable: ${(error as Error).message}` };
  }
  const body: unknown = await response.json().catch(() => null);
  return { response, body };
}
