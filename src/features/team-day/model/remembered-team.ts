/**
 * The split's form kept on the device (pure), so that tomorrow's split starts from today's team:
 * the number of drivers, the objective, the most working hours and each driver's settings. Only
 * what passes the checks below is read back (a store written by another version, or edited by
 * hand, gives the defaults).
 */
import * as check from '@/lib/check';
import { isEndPlace, type EndPlace } from '@domain/day-plan/day-plan.ts';
import {
  DRIVER_NAME_MAX_CHARS,
  MAX_DRIVERS,
  SPLIT_OBJECTIVES,
  type DriverFields,
  type SplitFormValues,
} from './split-form.ts';
import { DEVICE_KEYS } from '@/lib/device-keys';

/** localStorage key of the form. */
export const REMEMBERED_TEAM_KEY = DEVICE_KEYS.teamDay.name;

const place = check.refine(
  check.object({ name: check.string(), lat: check.number(), lng: check.number() }),
  (value) => isEndPlace(value),
) as check.Check<EndPlace>;
const shortText = (max: number) => check.refine(check.string(), (text) => text.length <= max);

const driverCheck = check.object({
  name: shortText(DRIVER_NAME_MAX_CHARS),
  startTime: shortText(5),
  endTime: shortText(5),
  start: check.union([check.literal('depot'), check.literal('first-stop'), place]),
  end: check.union([
    check.literal('start'),
    check.literal('last-stop'),
    check.literal('depot'),
    place,
  ]),
  maxStops: shortText(4),
  // A team kept before drivers had a capacity has none.
  capacity: check.withDefault(shortText(7), ''),
}) satisfies check.Check<DriverFields>;

const formCheck = check.object({
  drivers: shortText(3),
  objective: check.oneOf(SPLIT_OBJECTIVES),
  maxHours: shortText(3),
  team: check.refine(check.array(driverCheck), (team) => team.length <= MAX_DRIVERS),
}) satisfies check.Check<SplitFormValues>;

/** The form kept in `storage`, or null when there is none or it does not read. */
export function readRememberedTeam(
  storage: Pick<Storage, 'getItem'> | null,
): SplitFormValues | null {
  try {
    const text = storage?.getItem(REMEMBERED_TEAM_KEY);
    if (!text) return null;
    const parsed = formCheck.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Keeps the form (a full or unavailable storage keeps nothing, silently). */
export function rememberTeam(
  storage: Pick<Storage, 'setItem'> | null,
  values: SplitFormValues,
): void {
  try {
    storage?.setItem(REMEMBERED_TEAM_KEY, JSON.stringify(values));
  } catch {
    // Private browsing or a full storage: the next split starts from the defaults.
  }
}
