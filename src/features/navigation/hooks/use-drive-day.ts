import { useMemo } from 'react';
import type { DayPlan } from '@domain/day-plan/day-plan.ts';
import { serviceMinutesOf } from '@domain/day-plan/day-plan.ts';
import type { Stop } from '@domain/stops.ts';
import { isOnPlanDay, plannedDay, type PlannedDay } from '@/lib/day-plan';
import { projectDrive, type DriveProjection } from '../model/running-late';

export interface DriveDay {
  /** The route's planned day (its plan applied to the legs); null without a plan or legs. */
  planned: PlannedDay | null;
  /** Now is on the plan's day: the windows count and the day leaves at its departure. */
  today: boolean;
  /** The rest of the day from now; null without a planned day. */
  projection: DriveProjection | null;
}

/**
 * The route's planned day (from its plan and legs, kept on the device like the rest) and the rest
 * of the day from now: expected arrivals with the time at each stop and the waits, and the stops
 * the driver will reach after their window closes. The windows count only on the plan's day: a
 * route driven on another day keeps its planned times as a reference and flags nothing.
 */
export function useDriveDay(
  plan: DayPlan | null,
  stops: readonly Stop[],
  legs: readonly { distance: number; duration: number }[] | null,
  now: number,
): DriveDay {
  const planned = useMemo(() => plannedDay(plan, stops, legs), [plan, stops, legs]);
  const today = isOnPlanDay(plan, now);
  const projection = planned
    ? projectDrive(
        stops.map((stop, index) => ({
          status: stop.status,
          service: serviceMinutesOf(stop, plan) * 60,
          window: today ? planned.stops[index].window : null,
        })),
        legs,
        now,
        today ? planned.departure : null,
      )
    : null;
  return { planned, today, projection };
}
