import { STOP_NAME_DISPLAY_CHARS } from './limits.ts';
import { COMPOSED_TEXTS, type TextLanguage } from './composed-texts.ts';
import type { StopDayFields } from './day-plan/day-plan.ts';

/** Where a driver is with a stop; a stop without a status is still to do. */
export const STOP_STATUSES = ['done', 'skipped'] as const;
export type StopStatus = (typeof STOP_STATUSES)[number];

/** A stop; the optional fields of the working day (time at stop, window, lock) are in StopDayFields. */
export interface Stop extends StopDayFields {
  name: string;
  lat: number;
  lng: number;
  /** Optional free text for the driver (a door code, a phone number). */
  note?: string;
  /** Set on the road: done or skipped. Absent means still to do. */
  status?: StopStatus;
}

export const isLatitude = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= -90 && value <= 90;

export const isLongitude = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= -180 && value <= 180;

/** Names from a search or click are cut to 100 characters plus an ellipsis. */
export function truncateStopName(name: string): string {
  const chars = Array.from(name);
  return chars.length > STOP_NAME_DISPLAY_CHARS
    ? `${chars.slice(0, STOP_NAME_DISPLAY_CHARS).join('')}...`
    : name;
}

/** The name of a clicked point when reverse geocoding fails (in `language`). */
export function fallbackStopName(lat: number, lng: number, language: TextLanguage = 'en'): string {
  return COMPOSED_TEXTS[language].location(lat.toFixed(4), lng.toFixed(4));
}

const firstPart = (name: string): string => name.split(',')[0].trim();

/** The title used when the user leaves it blank (in `language`). */
export function autoTitle(
  stops: readonly Pick<Stop, 'name'>[],
  language: TextLanguage = 'en',
): string {
  const texts = COMPOSED_TEXTS[language];
  if (stops.length === 0) return texts.newRoute;
  if (stops.length === 1) return texts.tripTo(firstPart(stops[0].name));
  return texts.fromTo(firstPart(stops[0].name), firstPart(stops[stops.length - 1].name));
}
