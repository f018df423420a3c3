/** A route's working day: departure, time at each stop, windows, locks, end rule, and its times. */
export * from './clock.ts';
export * from './day-plan.ts';
export * from './schedule.ts';
