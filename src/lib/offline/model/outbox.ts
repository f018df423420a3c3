import type { DayPlan } from '@domain/day-plan/day-plan.ts';
import type { Stop } from '@domain/stops.ts';

/**
 * Changes made on the road (done, skipped, notes) wait here until the server has them.
 * One entry per itinerary holds its latest full stop list (PUT is idempotent, so sending
 * it twice never duplicates anything), plus the version it was made on, to detect an
 * edit made elsewhere meanwhile. Pure: the I/O lives in sync.ts.
 */

/**
 * What the outbox needs of an itinerary from the /api. The day's plan and group travel with it
 * (kept on the device for driving offline); the outbox's saves leave them to the server, which
 * keeps them when a PUT does not name them.
 */
export interface ServerItinerary {
  id: string;
  title: string;
  stops: Stop[];
  updated_at?: string;
  day_plan?: DayPlan;
  day_group?: string;
}

export interface OutboxEntry {
  itineraryId: string;
  /** updated_at of the server version the changes were made on (null if it had none). */
  baseUpdatedAt: string | null;
  /** That version's stops: what the driver changed is the difference to `stops`. */
  baseStops: Stop[];
  /** The latest stops on this device. */
  stops: Stop[];
  /** Grows with every change, so a save only clears the entry it actually sent. */
  revision: number;
  /** When the first unsaved change was made (epoch ms). */
  queuedAt: number;
}

/** The entry after one more change: a new one is based on `base`, an existing one keeps its base. */
export function queueChange(
  existing: OutboxEntry | undefined,
  base: ServerItinerary,
  stops: Stop[],
  now: number,
): OutboxEntry {
  if (existing) return { ...existing, stops, revision: existing.revision + 1 };
  return {
    itineraryId: base.id,
    baseUpdatedAt: base.updated_at ?? null,
    baseStops: base.stops,
    stops,
    revision: 1,
    queuedAt: now,
  };
}

/** Same stops in the same order: the same places under the same names. */
export function sameStopList(a: readonly Stop[], b: readonly Stop[]): boolean {
  return (
    a.length === b.length &&
    a.every((stop, i) => stop.name === b[i].name && stop.lat === b[i].lat && stop.lng === b[i].lng)
  );
}

const ROAD_FIELDS = ['status', 'note'] as const;

function withField(
  stop: Stop,
  field: (typeof ROAD_FIELDS)[number],
  value: Stop[typeof field],
): Stop {
  const { [field]: _previous, ...rest } = stop;
  return value === undefined ? rest : { ...rest, [field]: value };
}

/**
 * The driver's changes (base -> local) applied onto `server`, stop by stop: a status or
 * note the driver changed wins, anything else keeps the server's value. Null when the
 * three lists are not the same stops (then there is nothing safe to merge).
 */
export function mergeRoadChanges(
  server: readonly Stop[],
  base: readonly Stop[],
  local: readonly Stop[],
): Stop[] | null {
  if (!sameStopList(server, base) || !sameStopList(local, base)) return null;
  return server.map((serverStop, i) =>
    ROAD_FIELDS.reduce(
      (stop, field) =>
        local[i][field] === base[i][field] ? stop : withField(stop, field, local[i][field]),
      serverStop,
    ),
  );
}

const sameStops = (a: readonly Stop[], b: readonly Stop[]) =>
  sameStopList(a, b) &&
  a.every((stop, i) => ROAD_FIELDS.every((field) => stop[field] === b[i][field]));

export type SyncPlan =
  /** Send these stops (with the server's title). */
  | { kind: 'put'; stops: Stop[] }
  /** The server already has exactly these stops. */
  | { kind: 'already-saved' }
  /** The route was changed elsewhere beyond statuses and notes: keep the server's version. */
  | { kind: 'conflict' };

/**
 * The conflict rule. The server still has the version the changes were made on: send
 * them. It changed meanwhile but has the same stops in the same order: merge statuses
 * and notes stop by stop (the driver's changes win for the fields they touched).
 * Stops added, removed, moved or renamed elsewhere: keep the server's version.
 */
export function planSync(entry: OutboxEntry, server: ServerItinerary): SyncPlan {
  const unchanged =
    (server.updated_at ?? null) === entry.baseUpdatedAt && sameStops(server.stops, entry.baseStops);
  const stops = unchanged
    ? entry.stops
    : mergeRoadChanges(server.stops, entry.baseStops, entry.stops);
  if (!stops) return { kind: 'conflict' };
  return sameStops(stops, server.stops) ? { kind: 'already-saved' } : { kind: 'put', stops };
}

/**
 * After `sent` was saved as `saved`, a change queued meanwhile (`current`) is re-based
 * on the saved version, keeping what the driver changed since `sent`.
 */
export function rebaseEntry(
  current: OutboxEntry,
  sent: OutboxEntry,
  saved: ServerItinerary,
): OutboxEntry {
  const stops = mergeRoadChanges(saved.stops, sent.stops, current.stops) ?? current.stops;
  return { ...current, baseUpdatedAt: saved.updated_at ?? null, baseStops: saved.stops, stops };
}
