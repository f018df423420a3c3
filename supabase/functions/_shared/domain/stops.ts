import { STOP_NAME_DISPLAY_CHARS } from './limits.ts';
import { randomUuid } from './random-uuid.ts';
import { COMPOSED_TEXTS, type TextLanguage } from './composed-texts.ts';
import type { StopDayFields } from './day-plan/day-plan.ts';

/** Where a driver is with a stop; a stop without a status is still to do. */
export const STOP_STATUSES = ['done', 'skipped'] as const;
export type StopStatus = (typeof STOP_STATUSES)[number];

/** A stop; the optional fields of the working day (time at stop, window, lock) are in StopDayFields. */
export interface Stop extends StopDayFields {
  /**
   * A UUID that stays with the stop when the route is reordered or edited (what a driver
   * reports about a stop refers to it). Optional on input: the server gives one to a stop
   * without; every stop it answers has one.
   */
  id?: string;
  name: string;
  lat: number;
  lng: number;
  /** Optional free text for the driver (a door code, a phone number). */
  note?: string;
  /** Set on the road: done or skipped. Absent means still to do. */
  status?: StopStatus;
}

const STOP_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A stop id as the server keeps it: a lowercase UUID. */
export const isStopId = (value: unknown): value is string =>
  typeof value === 'string' && STOP_ID.test(value);

/** A new stop id (a random UUID, in any browsing context: see random-uuid.ts). */
export const newStopId = (): string => randomUuid();

/**
 * The stops with an id each: the one a stop has (a usable one, not taken by a stop before it in
 * the list), else a new one. Where stops are made or copied into a route, so the id a stop gets
 * once stays with it.
 */
export function withStopIds<S extends Stop>(stops: readonly S[]): (S & { id: string })[] {
  const taken = new Set<string>();
  return stops.map((stop) => {
    const id = isStopId(stop.id) && !taken.has(stop.id) ? stop.id : newStopId();
    taken.add(id);
    if (stop.id === id) return stop as S & { id: string };
    // The id first, as the /api and the planner write a stop.
    const { id: _unusable, ...rest } = stop;
    return { id, ...rest } as S & { id: string };
  });
}

/** The stop with an id: its own when it has a usable one, else a new one. */
export const withStopId = <S extends Stop>(stop: S): S & { id: string } => withStopIds([stop])[0];

export const isLatitude = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= -90 && value <= 90;

export const isLongitude = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= -180 && value <= 180;

/** Names from a search or click are cut to 100 characters plus an ellipsis. */
export function truncateStopName(name: string): string {
  const chars = Array.from(name);
  return chars.length > STOP_NAME_DISPLAY_CHARS
    ? `${chars.slice(0, STOP_NAME_DISPLAY_CHARS).join('')}...`
    : name;
}

/** The name of a clicked point when reverse geocoding fails (in `language`). */
export function fallbackStopName(lat: number, lng: number, language: TextLanguage = 'en'): string {
  return COMPOSED_TEXTS[language].location(lat.toFixed(4), lng.toFixed(4));
}

const firstPart = (name: string): string => name.split(',')[0].trim();

/** The title used when the user leaves it blank (in `language`). */
export function autoTitle(
  stops: readonly Pick<Stop, 'name'>[],
  language: TextLanguage = 'en',
): string {
  const texts = COMPOSED_TEXTS[language];
  if (stops.length === 0) return texts.newRoute;
  if (stops.length === 1) return texts.tripTo(firstPart(stops[0].name));
  return texts.fromTo(firstPart(stops[0].name), firstPart(stops[stops.length - 1].name));
}
