/**
 * The planned times a customer's tracking link is computed from, kept in the database because
 * the token function cannot ask the road for them: per stop id, the planned arrival from the
 * route's day plan and its legs (the same schedule the driver's page and the board use), and
 * when its window opens. Saved for each version of a route whose stops or plan are saved
 * through the API.
 */
import { scheduleRoute, windowMoments } from './domain/day-plan/schedule.ts';
import type { DayPlan } from './domain/day-plan/day-plan.ts';
import type { Stop } from './domain/stops.ts';

/** Per stop id: planned arrival (epoch ms; the start: its departure), window opening. */
export type StopTimes = Record<string, { arrival: number; opens?: number }>;

/**
 * The times of a route's stops driven in order (`legs`: seconds from each stop to the next);
 * null when the route has no departure, so no times.
 */
export function stopTimes(
  plan: DayPlan | undefined,
  stops: readonly Stop[],
  legs: readonly number[],
): StopTimes | null {
  if (stops.length === 0 || legs.length < stops.length - 1) return null;
  const schedule = scheduleRoute({ plan, stops, legs: legs.slice(0, stops.length - 1) });
  if (!schedule) return null;
  const times: StopTimes = {};
  stops.forEach((stop, index) => {
    if (!stop.id) return;
    const time = schedule.stops[index];
    const opens = windowMoments(plan, stop.window)?.[0];
    times[stop.id] = {
      arrival: time.arrival ?? time.departure,
      ...(opens !== undefined && index > 0 ? { opens } : {}),
    };
  });
  return times;
}
