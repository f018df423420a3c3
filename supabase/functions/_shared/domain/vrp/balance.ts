/**
 * The 'makespan' objective, everyone finishing early: the latest finish first, then the working
 * days as even as the latest finish allows, the longest first.
 *
 *   cost = weight × latest finish + Σ over vehicles scale × (working time / scale)⁴ / 4
 *
 * Working time is a route's day without the waiting that leaving later would avoid (the
 * vehicle leaves as late as it can without finishing later: `simulateRoute`), 0 for a vehicle
 * without jobs. It counts working time, not the finish: a route held late by one window (a stop
 * that opens at 15:00) finishes late however little it does before, so by finishes alone the
 * other drivers' work would all go to it (it waits anyway); by working time each keeps a share,
 * and the other days are as short as they can be: a late window does not freeze their work.
 *
 * The fourth power makes the longest days count most (a sum of squares would keep one long day
 * where sharing it costs a drive out more: a depot at the end of a street), and it never
 * prefers a plan in which every day is as long or longer. A unit more of a vehicle's working
 * time adds (working time / scale)³, at most about 1 as the scale is at least any vehicle's day
 * in a good plan; a unit more of the latest finish adds the weight, 4 × the vehicles. So a later
 * latest finish is taken only for a saving several times larger on the others' days (in
 * practice never), while the annealing still moves smoothly between plans of the same finish.
 */
import type { Instance } from './instance.ts';

/** The weight of the latest finish for `vehicles` vehicles. */
export const makespanWeight = (vehicles: number): number => 4 * vehicles;

/**
 * The balance's scale, a working day at least as long as the longest in a good plan: the
 * longest trip to a single job and on to the end, plus an even share of all the work (time at
 * the jobs and the drive to each from its nearest neighbour or the start). At least 1.
 */
export function workScale(instance: Instance): number {
  const { jobCount, jobLocation, time, size, service, neighbours, neighbourCount } = instance;
  let work = 0;
  let farthest = 0;
  for (let j = 0; j < jobCount; j++) {
    const here = jobLocation[j];
    let nearest = Infinity;
    let trip = Infinity;
    for (let v = 0; v < instance.vehicleCount; v++) {
      const from = time[instance.startLocation[v] * size + here];
      if (from < nearest) nearest = from;
      const alone = from + service[j] + time[here * size + instance.endLocation[v]];
      if (alone < trip) trip = alone;
    }
    if (neighbourCount > 0) {
      const from = time[jobLocation[neighbours[j * neighbourCount]] * size + here];
      if (from < nearest) nearest = from;
    }
    work += service[j] + nearest;
    if (trip > farthest) farthest = trip;
  }
  return Math.max(1, farthest + work / instance.vehicleCount);
}

/** One vehicle's part of the balance: scale × (working time / scale)⁴ / 4. */
export function balanceTerm(working: number, scale: number): number {
  const share = working / scale;
  const squared = share * share;
  return (scale * squared * squared) / 4;
}
