/**
 * What the split's map shows (pure): the pins (the depot once, each driver's own start and end
 * places, every stop served labelled driver·place, "2·3", the stops no driver takes) and each
 * driver's line, for every driver or for the one the dispatcher chose.
 */
import type { Stop } from '@domain/stops.ts';
import { driverPath, type DriverRoute, type Place } from './team-plan.ts';

export type TeamPinKind = 'stop' | 'depot' | 'home' | 'driver' | 'unassigned';

export interface TeamPin extends Place {
  /** Stable key: a stop's pin keeps it whoever serves the stop (`stop-<index>`), so a stop
   * moved to another driver updates its marker rather than drawing a new one. */
  id: string;
  kind: TeamPinKind;
  /** The driver it belongs to (pins of a driver's own places and stops). */
  driver: number | null;
  /** What the pin shows: "2·3", "⌂", "×", a stop's number before the split. */
  text: string;
  /** The stop's place in the driver's route (1-based), for the label. */
  position: number;
}

const samePlace = (a: Place, b: Place): boolean => a.lat === b.lat && a.lng === b.lng;

/**
 * The pins: before a split every stop by its number; after, the depot (when some driver starts
 * or ends there), the drivers' own places, their stops and the stops no driver takes. `shown`: one
 * driver's number, or null for all.
 */
export function teamPins(
  stops: readonly Stop[],
  drivers: readonly DriverRoute[] | null,
  unassigned: readonly number[],
  shown: number | null,
): TeamPin[] {
  const pin = (place: Place, rest: Omit<TeamPin, keyof Place>): TeamPin => ({
    name: place.name,
    lat: place.lat,
    lng: place.lng,
    ...rest,
  });
  if (!drivers) {
    return stops.map((stop, index) =>
      pin(stop, {
        id: `stop-${index}`,
        kind: 'stop',
        driver: null,
        text: String(index + 1),
        position: index + 1,
      }),
    );
  }
  const visible = drivers.filter((driver) => shown === null || driver.number === shown);
  const depot = stops[0];
  const pins: TeamPin[] = [];
  const atDepot = visible.some(
    (driver) =>
      driver.served.length > 0 &&
      ((driver.start && samePlace(driver.start, depot)) ||
        (driver.end && samePlace(driver.end, depot))),
  );
  if (atDepot)
    pins.push(pin(depot, { id: 'depot', kind: 'depot', driver: null, text: '⌂', position: 0 }));
  for (const driver of visible) {
    if (driver.served.length === 0) continue;
    for (const own of [driver.start, driver.end]) {
      if (
        !own ||
        samePlace(own, depot) ||
        pins.some(
          (known) =>
            known.kind === 'home' && known.driver === driver.number && samePlace(known, own),
        )
      ) {
        continue;
      }
      if (driver.served.some((index) => samePlace(stops[index], own))) continue;
      pins.push(
        pin(own, {
          id: `home-${driver.number}-${pins.length}`,
          kind: 'home',
          driver: driver.number,
          text: `${driver.number}·⌂`,
          position: 0,
        }),
      );
    }
    driver.served.forEach((index, place) =>
      pins.push(
        pin(stops[index], {
          id: `stop-${index}`,
          kind: 'driver',
          driver: driver.number,
          text: `${driver.number}·${place + 1}`,
          position: place + 1,
        }),
      ),
    );
  }
  if (shown === null) {
    for (const index of unassigned) {
      pins.push(
        pin(stops[index], {
          id: `stop-${index}`,
          kind: 'unassigned',
          driver: null,
          text: '×',
          position: 0,
        }),
      );
    }
  }
  return pins;
}

/** The drivers whose lines are drawn: every driver with stops, or the one shown. */
export const shownDrivers = (
  drivers: readonly DriverRoute[] | null,
  shown: number | null,
): DriverRoute[] =>
  (drivers ?? []).filter(
    (driver) => driver.served.length > 0 && (shown === null || driver.number === shown),
  );

/** Where the camera fits: the pins shown, and the places the shown drivers' lines go through. */
export function fitPoints(
  stops: readonly Stop[],
  pins: readonly TeamPin[],
  drivers: readonly DriverRoute[],
): Place[] {
  return [...pins, ...drivers.flatMap((driver) => driverPath(stops, driver))];
}
