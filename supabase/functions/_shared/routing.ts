/**
 * The route service: driving legs from an OSRM-compatible router, with the
 * great-circle estimate for every leg the router cannot give.
 */
import { z } from 'zod';
import {
  estimateRoute,
  sumLegs,
  type LatLng,
  type RouteLeg,
  type RouteTotals,
} from './domain/geo.ts';
import {
  callRouter,
  osrmCoordinates,
  type RouterFailure,
  type RouterHttpOptions,
} from './router-http.ts';
import { MAX_WAYPOINTS_PER_REQUEST } from './router-defaults.ts';
import { createSingleFlight, type SharedState } from './shared-state.ts';
import { createCachedTable, createOsrmTable, type TableService } from './routing-table.ts';

export interface RouteResult extends RouteTotals {
  legs: RouteLeg[];
}

export interface RouterClient {
  /**
   * Legs between consecutive points, or why the router cannot give them. `known`: what
   * knownLegs answered for these points, so a cache need not be read twice.
   */
  route(
    points: LatLng[],
    options: { geometry: boolean; known?: (RoutedLeg | null)[] },
  ): Promise<RoutedLeg[] | RouterFailure>;
  /** The legs between consecutive points it already knows (null where not), without asking upstream. */
  knownLegs?(points: LatLng[], options: { geometry: boolean }): Promise<(RoutedLeg | null)[]>;
  /** The table service (distances and durations between many points), when the router has one. */
  table?: TableService;
}

export type RoutedLeg = Omit<RouteLeg, 'estimated'>;

const isFailure = (value: RoutedLeg[] | RouterFailure): value is RouterFailure =>
  'failure' in value;

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

export function createOsrmClient(options: RouterHttpOptions): RouterClient {
  return {
    table: createOsrmTable(options),
    async route(points, { geometry }) {
      const query = geometry
        ? 'overview=full&geometries=geojson&steps=true'
        : 'overview=false&steps=false';
      const answer = await callRouter(
        options,
        `/route/v1/driving/${osrmCoordinates(points)}?${query}`,
      );
      if ('failure' in answer) return answer;
      const { response, body } = answer;
      const code = (body as { code?: unknown } | null)?.code;
      if (code === 'NoRoute' || code === 'NoSegment') {
        return { failure: 'unroutable', reason: String(code) };
      }
      if (!response.ok)
        return { failure: 'unavailable', reason: `router answered HTTP ${response.status}` };
      const parsed = osrmResponse.safeParse(body);
      if (!parsed.success)
        return { failure: 'unavailable', reason: 'router answered an invalid payload' };
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
  return line.length >= 2
    ? line
    : [
        [from.lat, from.lng],
        [to.lat, to.lng],
      ];
}

/**
 * The requests that cover every unknown leg: ranges [first, last] of leg indices, each at most
 * `maxWaypoints` points (last - first + 2), starting and ending on an unknown leg. Unknown legs
 * close enough to share a request do (the known legs between them ride along), so a few edits
 * anywhere in a long route cost one request each at most, and a route none knows is cut in
 * consecutive windows sharing their boundary stops.
 */
export function spansToRoute(
  unknown: readonly boolean[],
  maxWaypoints: number,
): [number, number][] {
  const spans: [number, number][] = [];
  let open: [number, number] | null = null;
  unknown.forEach((isUnknown, leg) => {
    if (!isUnknown) return;
    if (open && leg - open[0] + 2 <= maxWaypoints) {
      open[1] = leg;
      return;
    }
    open = [leg, leg];
    spans.push(open);
  });
  return spans;
}

/**
 * Routes every leg of `points`: legs the router already knows are reused, the others are
 * asked for in as few requests as possible (see spansToRoute). A span the router says is
 * unroutable is split in halves until the failing legs are found, and only those become
 * estimates; when the router is unavailable the whole span is estimated rather than retried
 * leg by leg.
 */
export async function computeRoute(
  router: RouterClient,
  points: readonly LatLng[],
  options: { geometry: boolean; maxWaypoints?: number },
): Promise<RouteResult> {
  const known = router.knownLegs
    ? await router.knownLegs([...points], { geometry: options.geometry })
    : points.slice(1).map(() => null);
  const legs: RouteLeg[] = known.map((leg) => (leg ? { ...leg, estimated: false } : null!));
  const spans = spansToRoute(
    known.map((leg) => leg === null),
    options.maxWaypoints ?? MAX_WAYPOINTS_PER_REQUEST,
  );
  for (const [first, last] of spans) {
    const routed = await routeBatch(
      router,
      points.slice(first, last + 2),
      known.slice(first, last + 1),
      options,
    );
    routed.forEach((leg, i) => {
      legs[first + i] = leg;
    });
  }
  return { ...sumLegs(legs), legs };
}

async function routeBatch(
  router: RouterClient,
  batch: LatLng[],
  known: (RoutedLeg | null)[],
  options: { geometry: boolean },
): Promise<RouteLeg[]> {
  const answer = await router.route(batch, { geometry: options.geometry, known });
  if (!isFailure(answer)) return answer.map((leg) => ({ ...leg, estimated: false }));
  if (answer.failure === 'unroutable' && batch.length > 2) {
    const middle = Math.floor(batch.length / 2);
    return [
      ...(await routeBatch(router, batch.slice(0, middle + 1), known.slice(0, middle), options)),
      ...(await routeBatch(router, batch.slice(middle), known.slice(middle), options)),
    ];
  }
  // Known legs riding along in the span stay as they are; only the unknown ones are estimated.
  const estimates = estimateRoute(batch).legs;
  console.warn(
    `route service: estimating ${known.filter((leg) => !leg).length} leg(s): ${answer.reason}`,
  );
  return estimates.map((estimate, i) => (known[i] ? { ...known[i], estimated: false } : estimate));
}

/** Route legs are cached by their end points rounded to 5 decimals (about 1 m). */
const LEG_KEY_DECIMALS = 5;
const legKey = (from: LatLng, to: LatLng) =>
  `route:leg:${from.lng.toFixed(LEG_KEY_DECIMALS)},${from.lat.toFixed(LEG_KEY_DECIMALS)};${to.lng.toFixed(LEG_KEY_DECIMALS)},${to.lat.toFixed(LEG_KEY_DECIMALS)}`;

interface CachedLeg {
  distance: number;
  duration: number;
  /** present when the leg was routed with its line */
  coordinates?: [number, number][];
}

const isCachedLeg = (value: unknown): value is CachedLeg =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as CachedLeg).distance === 'number' &&
  typeof (value as CachedLeg).duration === 'number';

/**
 * The router behind the shared leg cache: legs already known are reused, and only the
 * span from the first to the last unknown leg of a batch is asked for (one request).
 * Identical concurrent requests share one upstream call. Failures are never cached.
 */
export function createCachedRouter(
  inner: RouterClient,
  state: SharedState,
  ttlSeconds: number,
): RouterClient {
  const singleFlight = createSingleFlight();
  /** The cached legs between consecutive points (with their lines when `geometry`), null where unknown. */
  async function lookUp(points: LatLng[], geometry: boolean): Promise<(RoutedLeg | null)[]> {
    const keys = points.slice(1).map((to, i) => legKey(points[i], to));
    const cached = await state.cacheGet(keys);
    return keys.map((key) => {
      const leg = cached.get(key);
      if (!isCachedLeg(leg)) return null;
      if (geometry && !(Array.isArray(leg.coordinates) && leg.coordinates.length >= 2)) return null;
      return {
        distance: leg.distance,
        duration: leg.duration,
        coordinates: geometry ? leg.coordinates! : [],
      };
    });
  }
  return {
    ...(inner.table ? { table: createCachedTable(inner.table, state, ttlSeconds) } : {}),
    knownLegs: (points, { geometry }) => lookUp(points, geometry),
    async route(points, { geometry, known: given }) {
      const keys = points.slice(1).map((to, i) => legKey(points[i], to));
      const known = given?.length === keys.length ? given : await lookUp(points, geometry);
      const first = known.indexOf(null);
      const legs = [...known] as RoutedLeg[];
      if (first === -1) return legs;
      const last = known.lastIndexOf(null);
      const span = points.slice(first, last + 2);
      const flightKey = `${geometry ? 'line' : 'totals'}:${span.map((p) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`).join(';')}`;
      const answer = await singleFlight(flightKey, () => inner.route(span, { geometry }));
      if (isFailure(answer)) return answer;
      const fresh: { key: string; value: CachedLeg }[] = [];
      answer.forEach((leg, i) => {
        const index = first + i;
        if (known[index]) return;
        legs[index] = leg;
        fresh.push({
          key: keys[index],
          value: geometry ? leg : { distance: leg.distance, duration: leg.duration },
        });
      });
      if (fresh.length > 0) await state.cachePut(fresh, ttlSeconds);
      return legs;
    },
  };
}
