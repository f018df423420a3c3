import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DayPlan, StopDayFields } from '@domain/day-plan/day-plan.ts';
import { parseDeparture } from '@domain/day-plan/clock.ts';
import { windowMoments } from '@domain/day-plan/schedule.ts';
import type { LatLng } from '@domain/geo.ts';
import { useDebouncedValue } from '@/components/hooks/use-debounced-value';
import { routeLegsQueryOptions } from '@/lib/routing';
import { endPointOf, plannerSchedule } from '../model/day-plan';
import type { StopTimeView } from '../components/day/StopTimeLine';
import { ROUTE_RECALCULATION_DELAY_MS } from './use-route-calculation';

type PlannedDayStop = LatLng & StopDayFields;

const NO_POINTS: LatLng[] = [];

/**
 * The day along the planner's route: each stop's arrival, wait and departure, the finish and
 * the totals, from the route's legs (road durations from the route service, great-circle
 * estimates when it is down) and, when the day ends back at the start or at an address, the
 * leg there (asked for like the others, 500 ms after the last stop or the end changes).
 */
export function useDaySchedule(
  plan: DayPlan | null,
  stops: readonly PlannedDayStop[],
  legs: readonly { duration: number; estimated: boolean }[] | undefined,
) {
  const end = endPointOf(plan, stops);
  const last = stops[stops.length - 1];
  const endKey = end && last ? `${last.lat},${last.lng};${end.lat},${end.lng}` : '';
  const [debouncedEndKey] = useDebouncedValue(endKey, ROUTE_RECALCULATION_DELAY_MS);
  const endPoints = useMemo(
    () =>
      debouncedEndKey === ''
        ? NO_POINTS
        : debouncedEndKey.split(';').map((pair) => {
            const [lat, lng] = pair.split(',').map(Number);
            return { lat, lng };
          }),
    [debouncedEndKey],
  );
  const endLeg = useQuery({
    ...routeLegsQueryOptions(endPoints),
    enabled: endPoints.length === 2,
  });
  const endLegFits = endKey !== '' && debouncedEndKey === endKey && endLeg.data?.legs.length === 1;
  const endSeconds = endLegFits ? endLeg.data!.legs[0].duration : null;

  const schedule = useMemo(
    () => plannerSchedule(plan, stops, legs, endSeconds),
    [plan, stops, legs, endSeconds],
  );
  const departure = parseDeparture(plan?.departure)?.instant;
  const views = useMemo<(StopTimeView | null)[] | undefined>(
    () =>
      schedule
        ? schedule.stops.map((time, index) => ({
            time,
            window: index === 0 ? null : windowMoments(plan, stops[index].window),
            isStart: index === 0,
            ...(index === 0 && departure !== undefined ? { ready: departure } : {}),
          }))
        : undefined,
    [schedule, plan, stops, departure],
  );
  const estimated =
    (legs?.some((leg) => leg.estimated) ?? false) || (endLegFits && endLeg.data!.legs[0].estimated);
  return { schedule, views, estimated };
}
