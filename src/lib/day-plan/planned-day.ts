/**
 * The planned times of a saved route, as the navigation page, the shared page and the exports
 * show them: the route's day plan applied to its legs (road durations, or the estimates the
 * route service gives when it is down). Pure.
 */
import { wallClockAt } from '@domain/day-plan/clock.ts';
import { endOf, planZone, type DayPlan, type StopDayFields } from '@domain/day-plan/day-plan.ts';
import {
  dayOf,
  scheduleRoute,
  windowMoments,
  type DaySchedule,
  type StopTime,
} from '@domain/day-plan/schedule.ts';

/** One stop's planned times with its window as moments (null: no window, or the start). */
export interface PlannedStop extends StopTime {
  window: readonly [number, number] | null;
}

export interface PlannedDay {
  /** When the driver leaves the start (epoch ms). */
  departure: number;
  stops: PlannedStop[];
  /**
   * When the day ends: at the end leg's arrival when the day ends back at the start or at an
   * address; null while that leg is not known.
   */
  finish: number | null;
  schedule: DaySchedule;
}

/** True when the plan's day ends somewhere else than at its last stop (a leg more to drive). */
export const needsEndLeg = (plan: DayPlan | null | undefined, stopCount: number): boolean => {
  const end = endOf(plan);
  return end !== 'last-stop' && !(end === 'start' && stopCount < 2);
};

/**
 * The planned day of a saved route: null without a departure, without stops, or when the legs
 * do not fit the stops (not computed yet, or computed for other stops).
 */
export function plannedDay(
  plan: DayPlan | null | undefined,
  stops: readonly StopDayFields[],
  legs: readonly { duration: number }[] | null | undefined,
  endLegSeconds?: number | null,
): PlannedDay | null {
  if (!plan || stops.length === 0) return null;
  if (stops.length > 1 && (!legs || legs.length !== stops.length - 1)) return null;
  const endKnown = endLegSeconds !== null && endLegSeconds !== undefined;
  const schedule = scheduleRoute({
    plan,
    stops,
    legs: stops.length > 1 ? legs!.map((leg) => leg.duration) : [],
    endLeg: endKnown ? endLegSeconds : null,
  });
  if (!schedule) return null;
  return {
    departure: schedule.stops[0].departure,
    stops: schedule.stops.map((time, index) => ({
      ...time,
      window: index === 0 ? null : windowMoments(plan, stops[index].window),
    })),
    finish: needsEndLeg(plan, stops.length) && !endKnown ? null : schedule.finish,
    schedule,
  };
}

/** Where the driver goes after the last stop when the day ends elsewhere; null: at the last stop. */
export function dayEndPoint(
  plan: DayPlan | null | undefined,
  stops: readonly { lat: number; lng: number }[],
): { lat: number; lng: number } | null {
  if (stops.length === 0 || !needsEndLeg(plan, stops.length)) return null;
  const end = endOf(plan);
  if (end === 'start') return { lat: stops[0].lat, lng: stops[0].lng };
  return end === 'last-stop' ? null : { lat: end.lat, lng: end.lng };
}

/** True when `instant` falls on the plan's day (the departure's date, on the route zone's clocks). */
export function isOnPlanDay(plan: DayPlan | null | undefined, instant: number): boolean {
  const day = dayOf(plan);
  const zone = planZone(plan);
  if (!day || !zone) return false;
  const { date } = wallClockAt(instant, zone);
  return date.year === day.year && date.month === day.month && date.day === day.day;
}
