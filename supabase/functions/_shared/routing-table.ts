/**
 * The table service: road distances and durations between every pair of stops, from an
 * OSRM-compatible router's table service, asked for in blocks of at most N sources by
 * N destinations (OSRM's max-table-size) and assembled. When the router fails, or has
 * no table service, the whole table is the great-circle estimate (flagged `estimated`),
 * so the costs stay on one scale.
 */
import { z } from 'zod';
import { FALLBACK_SPEED_METERS_PER_SECOND, greatCircleMeters, type LatLng } from './domain/geo.ts';
import {
  callRouter,
  osrmCoordinates,
  type RouterFailure,
  type RouterHttpOptions,
} from './router-http.ts';
import { createSingleFlight, type SharedState } from './shared-state.ts';

/** One block of the table: rows are sources, columns destinations; null where no route exists. */
export interface TableBlock {
  distances: (number | null)[][];
  durations: (number | null)[][];
}

/** Sources to destinations; without destinations, every source to every source. */
export interface TableRequest {
  sources: LatLng[];
  destinations?: LatLng[];
}

export type TableService = (request: TableRequest) => Promise<TableBlock | RouterFailure>;

export interface RouteTable {
  /** metres, [from][to] */
  distances: number[][];
  /** seconds, [from][to] */
  durations: number[][];
  /** true when the router could not be used and every value is the great-circle estimate */
  estimated: boolean;
}

const isFailure = (value: TableBlock | RouterFailure): value is RouterFailure => 'failure' in value;

const indices = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => from + i).join(';');

const cells = z.array(z.array(z.number().nonnegative().nullable()));
const osrmTableResponse = z.object({ code: z.literal('Ok'), distances: cells, durations: cells });

const hasShape = (rows: unknown[][], height: number, width: number) =>
  rows.length === height && rows.every((row) => row.length === width);

/** The table service of an OSRM-compatible router, behind the same upstream gate and timeout as its routes. */
export function createOsrmTable(options: RouterHttpOptions): TableService {
  return async ({ sources, destinations }) => {
    const points = destinations ? [...sources, ...destinations] : sources;
    let query = 'annotations=distance,duration';
    if (destinations) {
      query += `&sources=${indices(0, sources.length)}&destinations=${indices(sources.length, destinations.length)}`;
    }
    const answer = await callRouter(
      options,
      `/table/v1/driving/${osrmCoordinates(points)}?${query}`,
    );
    if ('failure' in answer) return answer;
    const { response, body } = answer;
    if (!response.ok) {
      const code = (body as { code?: unknown } | null)?.code;
      const named = typeof code === 'string' || typeof code === 'number' ? code : '';
      return {
        failure: 'unavailable',
        reason: `router table answered HTTP ${response.status}${named ? ` ${named}` : ''}`,
      };
    }
    const parsed = osrmTableResponse.safeParse(body);
    if (!parsed.success)
      return { failure: 'unavailable', reason: 'router answered an invalid table payload' };
    const height = sources.length;
    const width = destinations?.length ?? sources.length;
    const { distances, durations } = parsed.data;
    if (!hasShape(distances, height, width) || !hasShape(durations, height, width)) {
      return { failure: 'unavailable', reason: 'router answered a table of the wrong size' };
    }
    return { distances, durations };
  };
}

/** Table blocks are cached by their points rounded to 5 decimals (about 1 m), like route legs. */
const KEY_DECIMALS = 5;

async function blockKey({ sources, destinations }: TableRequest): Promise<string> {
  const text = (points: LatLng[]) =>
    points.map((p) => `${p.lng.toFixed(KEY_DECIMALS)},${p.lat.toFixed(KEY_DECIMALS)}`).join(';');
  const description = `${text(sources)}|${destinations ? text(destinations) : '*'}`;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(description));
  const hex = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );
  return `route:table:${hex}`;
}

const isBlock = (value: unknown): value is TableBlock =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as TableBlock).distances) &&
  Array.isArray((value as TableBlock).durations);

/**
 * The table service behind the shared cache: a block already known is reused, identical
 * concurrent requests share one upstream call, failures are never cached.
 */
export function createCachedTable(
  inner: TableService,
  state: SharedState,
  ttlSeconds: number,
): TableService {
  const singleFlight = createSingleFlight();
  return async (request) => {
    const key = await blockKey(request);
    return singleFlight(key, async () => {
      const hit = (await state.cacheGet([key])).get(key);
      if (isBlock(hit)) return hit;
      const answer = await inner(request);
      if (!isFailure(answer)) await state.cachePut([{ key, value: answer }], ttlSeconds);
      return answer;
    });
  };
}

/** Consecutive groups of at most `size` indices covering 0..count-1. */
export function tableGroups(count: number, size: number): number[][] {
  const groups: number[][] = [];
  for (let start = 0; start < count; start += size) {
    groups.push(Array.from({ length: Math.min(size, count - start) }, (_, i) => start + i));
  }
  return groups;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The straight-line distance and duration at the fallback speed, rounded to 0.1 like the router's. */
function estimatePair(from: LatLng, to: LatLng): { distance: number; duration: number } {
  const distance = greatCircleMeters(from, to);
  return {
    distance: round1(distance),
    duration: round1(distance / FALLBACK_SPEED_METERS_PER_SECOND),
  };
}

/** Every pair of `sources` x `destinations` as the great-circle estimate (0 from a point to itself). */
function estimateBlock(
  sources: readonly LatLng[],
  destinations: readonly LatLng[],
  same: boolean,
): RouteTable {
  const distances = sources.map(() => new Array<number>(destinations.length).fill(0));
  const durations = sources.map(() => new Array<number>(destinations.length).fill(0));
  sources.forEach((from, i) => {
    destinations.forEach((to, j) => {
      if (same && i === j) return;
      const { distance, duration } = estimatePair(from, to);
      distances[i][j] = distance;
      durations[i][j] = duration;
    });
  });
  return { distances, durations, estimated: true };
}

/** Every pair as the great-circle estimate. */
export const estimateTable = (points: readonly LatLng[]): RouteTable =>
  estimateBlock(points, points, true);

/**
 * One block of the table: road distances and durations from each of `sources` to each of
 * `destinations` (without destinations, between the sources), asked for in one request of the
 * table service. When the router fails, the whole block is the great-circle estimate (flagged
 * `estimated`); a pair the router has no route for gets its estimate.
 */
export async function computeBlock(
  table: TableService | undefined,
  sources: readonly LatLng[],
  destinations?: readonly LatLng[],
): Promise<RouteTable> {
  const to = destinations ?? sources;
  if (!table) return estimateBlock(sources, to, !destinations);
  const answer = await table(
    destinations
      ? { sources: [...sources], destinations: [...destinations] }
      : { sources: [...sources] },
  );
  if (isFailure(answer)) {
    console.warn(
      `route table: estimating a block of ${sources.length} x ${to.length}: ${answer.reason}`,
    );
    return estimateBlock(sources, to, !destinations);
  }
  const distances = sources.map(() => new Array<number>(to.length).fill(0));
  const durations = sources.map(() => new Array<number>(to.length).fill(0));
  sources.forEach((from, r) => {
    to.forEach((point, c) => {
      const distance = answer.distances[r][c];
      const duration = answer.durations[r][c];
      if (distance !== null && duration !== null) {
        distances[r][c] = distance;
        durations[r][c] = duration;
      } else if (destinations || r !== c) {
        const estimate = estimatePair(from, point);
        distances[r][c] = estimate.distance;
        durations[r][c] = estimate.duration;
      }
    });
  });
  return { distances, durations, estimated: false };
}

/**
 * The whole table of `points`, asked for block by block (one block at a time, so the
 * upstream gate spaces them), at most `blockSize` sources by `blockSize` destinations
 * each. The first block the router fails on ends the attempt: the answer is then the
 * great-circle estimate throughout. A pair the router has no route for gets its estimate.
 */
export async function computeTable(
  table: TableService | undefined,
  points: readonly LatLng[],
  options: { blockSize: number },
): Promise<RouteTable> {
  if (!table) return estimateTable(points);
  const n = points.length;
  const distances = points.map(() => new Array<number>(n).fill(0));
  const durations = points.map(() => new Array<number>(n).fill(0));
  const groups = tableGroups(n, options.blockSize);
  const at = (group: number[]) => group.map((index) => points[index]);
  for (const rows of groups) {
    for (const columns of groups) {
      const block = await computeBlock(table, at(rows), rows === columns ? undefined : at(columns));
      if (block.estimated) {
        console.warn(`route table: estimating all ${n} x ${n} pairs`);
        return estimateTable(points);
      }
      rows.forEach((i, r) => {
        columns.forEach((j, c) => {
          distances[i][j] = block.distances[r][c];
          durations[i][j] = block.durations[r][c];
        });
      });
    }
  }
  return { distances, durations, estimated: false };
}
