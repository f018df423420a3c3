/**
 * A day split among drivers as the engine's problem (pure): each driver's own start (the depot,
 * their first stop, or a place of theirs), end rule, start time, end of shift and limits (most
 * stops, working hours, a capacity against the stops' loads); the places whose travel times it
 * needs; and the problem itself, times in seconds from the earliest start.
 */
import { loadOf, type DayPlan, type EndPlace } from '@domain/day-plan/day-plan.ts';
import type { LatLng } from '@domain/geo.ts';
import type { VrpObjective, VrpProblem, VrpVehicle } from '@domain/vrp/index.ts';
import { dayJobs, widen, type DayStop, type TravelTimes } from '@/lib/optimizer/day-problem.ts';

/** Where a driver's day starts: the depot (the route's first stop), their first stop, a place. */
export type DriverStart = 'depot' | 'first-stop' | EndPlace;
/** Where it ends: back where it started, at the last stop, at the depot, at a place. */
export type DriverEnd = 'start' | 'last-stop' | 'depot' | EndPlace;

/** One driver of the day, as the split plans with it. */
export interface TeamDriver {
  start: DriverStart;
  end: DriverEnd;
  /** When the driver can leave at the earliest (epoch ms). */
  leaves: number;
  /** The end of the shift: the day is over by then (epoch ms); none: no end. */
  until?: number;
  maxStops?: number;
  maxWorkingHours?: number;
  /** The most load the driver takes: the sum of their stops' loads (`loadOf`). */
  capacity?: number;
}

/** The places a team's day needs travel times between: the stops, then the drivers' own. */
export interface TeamPlaces {
  places: LatLng[];
  /** Each driver's start and end as a place index; null: their first or last stop. */
  starts: (number | null)[];
  ends: (number | null)[];
  /** True when the route's first stop is the depot (a driver starts or ends there): no job. */
  depot: boolean;
}

const samePlace = (a: LatLng, b: LatLng): boolean => a.lat === b.lat && a.lng === b.lng;

export function teamPlaces(stops: readonly LatLng[], team: readonly TeamDriver[]): TeamPlaces {
  const places: LatLng[] = stops.map(({ lat, lng }) => ({ lat, lng }));
  const own = (place: EndPlace): number => {
    const found = places.findIndex(
      (known, index) => index >= stops.length && samePlace(known, place),
    );
    if (found >= 0) return found;
    places.push({ lat: place.lat, lng: place.lng });
    return places.length - 1;
  };
  const starts = team.map((driver) =>
    driver.start === 'depot' ? 0 : driver.start === 'first-stop' ? null : own(driver.start),
  );
  const ends = team.map((driver, index) => {
    if (driver.end === 'start') return starts[index];
    if (driver.end === 'last-stop') return null;
    if (driver.end === 'depot') return 0;
    return own(driver.end);
  });
  const depot = team.some((driver) => driver.start === 'depot' || driver.end === 'depot');
  return { places, starts, ends, depot };
}

export interface TeamProblem {
  problem: VrpProblem;
  /** Job j of the problem is stop jobStops[j]. */
  jobStops: number[];
  places: TeamPlaces;
  /** The problem's time 0: the earliest start (epoch ms). */
  origin: number;
}

/**
 * The engine's problem for a team: one vehicle per driver, in their order, each from its start
 * (a driver starting at their first stop starts "anywhere", free to leave) to its end, within
 * its shift and limits; with every driver given stops whenever the objective allows (all but the
 * fewest drivers).
 */
export function buildTeamProblem(
  stops: readonly DayStop[],
  plan: DayPlan,
  times: TravelTimes,
  team: readonly TeamDriver[],
  objective: VrpObjective,
): TeamProblem {
  const places = teamPlaces(stops, team);
  const origin = Math.min(...team.map((driver) => driver.leaves));
  const { jobs: dayJobList, jobStops } = dayJobs(stops, plan, origin, places.depot);
  // Loads count only against a capacity: without one the problem is exactly as before.
  const jobs = team.some((driver) => driver.capacity !== undefined)
    ? dayJobList.map((job, j) => ({ ...job, demand: loadOf(stops[jobStops[j]]) }))
    : dayJobList;
  const anywhere = places.starts.includes(null) ? times.size : null;
  const size = anywhere === null ? times.size : times.size + 1;
  const vehicles: VrpVehicle[] = team.map((driver, index) => {
    const vehicle: { -readonly [K in keyof VrpVehicle]: VrpVehicle[K] } = {
      start: places.starts[index] ?? anywhere!,
      end: places.ends[index] === null ? 'last-stop' : { location: places.ends[index] },
      shift: [
        (driver.leaves - origin) / 1000,
        driver.until === undefined ? Infinity : (driver.until - origin) / 1000,
      ],
    };
    if (driver.maxStops !== undefined) vehicle.maxStops = driver.maxStops;
    if (driver.capacity !== undefined) vehicle.capacity = driver.capacity;
    if (driver.maxWorkingHours !== undefined)
      vehicle.maxWorkingTime = driver.maxWorkingHours * 3600;
    return vehicle;
  });
  return {
    problem: {
      locationCount: size,
      travelTimes: anywhere === null ? times.durations : widen(times.durations, times.size),
      distances: anywhere === null ? times.distances : widen(times.distances, times.size),
      depot: 0,
      end: 'last-stop',
      vehicles,
      jobs,
      objective,
      ...(team.length > 1 && objective !== 'vehicles' ? { useEveryVehicle: true } : {}),
    },
    jobStops,
    places,
    origin,
  };
}
