import type { DayPlan } from '@domain/day-plan/day-plan.ts';
import type { Stop } from '@domain/stops.ts';
import { useDriveLegs } from '../api/drive-legs';
import { remainingTrip } from '../model/remaining-trip';
import { stopProgressView } from '../model/stop-status';
import { useDriveDay } from './use-drive-day';
import { useNow } from './use-now';

/** ETAs follow the clock: recomputed twice a minute. */
const ETA_REFRESH_MS = 30_000;

/**
 * Everything the navigation page shows of a route being driven, from its stops (with their
 * statuses), its legs and the clock: the progress, the expected arrival at each stop still to
 * do (with the working day's time at stops and waits when it has one), the distance left, and
 * the route's line and totals for the export.
 */
export function useDrive(
  ownerId: string,
  itineraryId: string,
  stops: readonly Stop[],
  dayPlan: DayPlan | null,
) {
  const now = useNow(ETA_REFRESH_MS);
  const legs = useDriveLegs(ownerId, itineraryId, stops);
  const legTimes = stops.length < 2 ? [] : (legs.data ?? null);
  const trip = remainingTrip(stops, legTimes, now);
  const day = useDriveDay(dayPlan, stops, legTimes, now);
  // With a working day the ETAs count the time at each stop and the waits too.
  const arrivals = day.projection?.arrivals ?? trip.arrivals;
  const lastArrival = arrivals.reduce<number | null>((last, arrival) => arrival ?? last, null);
  // The route line for the GPX export, when the legs came from the network (not kept offline).
  const exportLegs = legs.data?.every((leg) => leg.coordinates)
    ? legs.data.map((leg) => ({ coordinates: leg.coordinates! }))
    : undefined;
  const totals =
    legs.data && legs.data.length > 0
      ? {
          distance: legs.data.reduce((sum, leg) => sum + leg.distance, 0),
          duration: legs.data.reduce((sum, leg) => sum + leg.duration, 0),
        }
      : null;
  return {
    now,
    view: stopProgressView(stops),
    legTimes,
    day,
    arrivals,
    /** Metres still to drive and when the last stop still to do is reached. */
    remaining: { distance: trip.distance, lastArrival },
    exportLegs,
    totals,
  };
}

export type Drive = ReturnType<typeof useDrive>;
