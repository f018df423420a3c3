/**
 * The split's form kept on the device (pure), so that tomorrow's split starts from today's team:
 * the number of drivers, the objective, the most working hours and each driver's settings. Only
 * what passes the checks below is read back (a store written by another version, or edited by
 * hand, gives the defaults).
 */
import * as z from 'zod/mini';
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

const place = z
  .object({ name: z.string(), lat: z.number(), lng: z.number() })
  .check(z.refine((value) => isEndPlace(value))) as z.ZodMiniType<EndPlace>;
const shortText = (max: number) => z.string().check(z.refine((text) => text.length <= max));

const driverCheck = z.object({
  name: shortText(DRIVER_NAME_MAX_CHARS),
  startTime: shortText(5),
  endTime: shortText(5),
  start: z.union([z.literal('depot'), z.literal('first-stop'), place]),
  end: z.union([z.literal('start'), z.literal('last-stop'), z.literal('depot'), place]),
  maxStops: shortText(4),
  // A team kept before drivers had a capacity has none.
  capacity: z._default(shortText(7), ''),
}) satisfies z.ZodMiniType<DriverFields>;

const formCheck = z.object({
  drivers: shortText(3),
  objective: z.enum(SPLIT_OBJECTIVES),
  maxHours: shortText(3),
  team: z.array(driverCheck).check(z.refine((team) => team.length <= MAX_DRIVERS)),
}) satisfies z.ZodMiniType<SplitFormValues>;

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
