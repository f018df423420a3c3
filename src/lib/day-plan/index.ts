/** The working day in the SPA: the /api's shape of it, and its times as people read them. */
export { dayEndSchema, dayPlanSchema } from './schema';
export {
  deviceTimeZone,
  formatClockText,
  formatDayAndTime,
  formatTimeOfDay,
  minutesBetween,
  stopTimeMinutes,
  timeLocale,
} from './format';
export { createTimeFormat, useTimeFormat, type TimeFormat } from './use-time-format';
export {
  dayEndPoint,
  isOnPlanDay,
  needsEndLeg,
  plannedDay,
  type PlannedDay,
  type PlannedStop,
} from './planned-day';
