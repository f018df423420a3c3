/**
 * The route service: driving legs from an OSRM-compatible router, with the spec's
 * great-circle estimate for every leg the router cannot give.
 */
import { z } from 'zod';
import { estimateRoute, sumLegs, type LatLng, type RouteLeg, type RouteTotals } from './domain/geo.ts';
import { fetchWithTimeout } from './http.ts';

/** Waypoints per router request; consecutive batches share their boundary stop. */
export const MAX_WAYPOINTS_PER_REQUEST = 50;

export interface RouteResult extends RouteTotals {
  legs: RouteLeg[];
}

export interface RouterClient {
  /** Legs between consecutive points, or null when the router cannot route them. */
  route(points: LatLng[], options: { geometry: boolean }): Promise<RoutedLeg[] | RouterFailure>;
}

export type RoutedLeg = Omit<RouteLeg, 'estimated'>;

/** `unroutable`: the router answered that these points have no route; `unavailable`: it failed. */
export type RouterFailure = { failure: 'unroutable' | 'unavailable'; reason: string };

const isFailure = (value: RoutedLeg[] | RouterFailure): value is RouterFailure => 'failure' in value;

const lineString = z.object({
  type: z.literal('LineString'),
  coordinates: z.array(z.tuple([z.number(), z.number()]).rest(z.number())),
});
const osrmResponse = z.object({
  code: z.literal('Ok'),
  routes: z
    .array(
      z.object({
        legs: z.array(
          z.object({
            distance: z.number().nonnegative(),
            duration: z.number().nonnegative(),
            steps: z.array(z.object({ geometry: lineString.optional() })).optional(),
          }),
        ),
      }),
    )
    .min(1),
});

export function createOsrmClient(options: {
  baseUrl: string;
  timeoutMs: number;
  userAgent: string;
  waitTurn: () => Promise<void>;
}): RouterClient {
  return {
    async route(points, { geometry }) {
      const coordinates = points.map((p) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`).join(';');
      const query = geometry
        ? 'overview=full&geometries=geojson&steps=true'
        : 'overview=false&steps=false';
      const url = `${options.baseUrl}/route/v1/driving/${coordinates}?${query}`;
      let response: Response;
      try {
        await options.waitTurn();
        response = await fetchWithTimeout(url, { headers: { 'User-Agent': options.userAgent } }, options.timeoutMs);
      } catch (error) {
        return { failure: 'unavailable', reason: `router unreachable: ${(error as Error).message}` };
      }
      const body: unknown = await response.json().catch(() => null);
      const code = (body as { code?: unknown } | null)?.code;
      if (code === 'NoRoute' || code === 'NoSegment') {
        return { failure: 'unroutable', reason: String(code) };
      }
      if (!response.ok) return { failure: 'unavailable', reason: `router answered HTTP ${response.status}` };
      const parsed = osrmResponse.safeParse(body);
      if (!parsed.success) return { failure: 'unavailable', reason: 'router answered an invalid payload' };
      const legs = parsed.data.routes[0].legs;
      if (legs.length !== points.length - 1) {
        return { failure: 'unavailable', reason: 'router answered the wrong number of legs' };
      }
      return legs.map((leg, i) => ({
        distance: leg.distance,
        duration: leg.duration,
        coordinates: geometry ? legLine(leg.steps ?? [], points[i], points[i + 1]) : [],
      }));
    },
  };
}

/** The leg's drawn line from its steps' geometries, as [lat, lng] pairs. */
function legLine(
  steps: { geometry?: { coordinates: number[][] } }[],
  from: LatLng,
  to: LatLng,
): [number, number][] {
  const line: [number, number][] = [];
  for (const step of steps) {
    for (const [lng, lat] of step.geometry?.coordinates ?? []) {
      const last = line[line.length - 1];
      if (!last || last[0] !== lat || last[1] !== lng) line.push([lat, lng]);
    }
  }
  return line.length >= 2 ? line : [[from.lat, from.lng], [to.lat, to.lng]];
}

/** Consecutive windows of at most `size` points sharing their boundary points. */
export function batchPoints<T>(points: readonly T[], size = MAX_WAYPOINTS_PER_REQUEST): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < points.length - 1; start += size - 1) {
    batches.push(points.slice(start, Math.min(points.length, start + size)));
  }
  return batches;
}

/**
 * Routes every leg of `points`. A batch the router says is unroutable is split in
 * halves until the failing legs are found, and only those become estimates; when the
 * router is unavailable the whole batch is estimated rather than retried leg by leg.
 */
export async function computeRoute(
  router: RouterClient,
  points: readonly LatLng[],
  options: { geometry: boolean },
): Promise<RouteResult> {
  const legs: RouteLeg[] = [];
  for (const batch of batchPoints(points)) legs.push(...(await routeBatch(router, batch, options)));
  return { ...sumLegs(legs), legs };
}

async function routeBatch(
  router: RouterClient,
  batch: LatLng[],
  options: { geometry: boolean },
): Promise<RouteLeg[]> {
  const answer = await router.route(batch, options);
  if (!isFailure(answer)) return answer.map((leg) => ({ ...leg, estimated: false }));
  if (answer.failure === 'unroutable' && batch.length > 2) {
    const middle = Math.floor(batch.length / 2);
    return [
      ...(await routeBatch(router, batch.slice(0, middle + 1), options)),
      ...(await routeBatch(router, batch.slice(middle), options)),
    ];
  }
  console.warn(`route service: estimating ${batch.length - 1} leg(s): ${answer.reason}`);
  return estimateRoute(batch).legs;
}
