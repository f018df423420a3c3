import { useMemo } from 'react';
import { plannedDay, type PlannedDay } from '@/lib/day-plan';
import { useRouteLegs } from '@/lib/routing';
import type { SharedRoute } from '@/features/share';
import { endLegKey, endLegPoints } from './end-leg';

/**
 * The shared route's planned day, when it has one: its plan applied to the legs of the map's
 * route, and the leg to where the day ends when that is not the last stop. Shown in the viewer's
 * language and zone: the same moments wherever the link is opened.
 */
export function useSharedDay(
  route: SharedRoute,
  legs: readonly { duration: number }[] | undefined,
): PlannedDay | null {
  const plan = route.day_plan ?? null;
  const { stops } = route;
  const key = endLegKey(route);
  const endPoints = useMemo(() => endLegPoints(key), [key]);
  const endLeg = useRouteLegs(endPoints);
  const endSeconds =
    endPoints.length === 2 && endLeg.data?.legs.length === 1 ? endLeg.data.legs[0].duration : null;
  return useMemo(() => plannedDay(plan, stops, legs, endSeconds), [plan, stops, legs, endSeconds]);
}
