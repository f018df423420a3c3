import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration, formatMinutes } from '@/lib/format';
import { deviceTimeZone, formatDayAndTime, formatTimeOfDay, timeLocale } from './format';

const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);

export interface TimeFormat {
  locale: string;
  timeZone: string;
  /** "08:05" / "8:05 AM" */
  time: (instant: number) => string;
  /** "Mon, 2 Mar, 08:05" */
  dayAndTime: (instant: number) => string;
  /** A duration of ms as every duration reads ("12m", "1h 5m"; lib/format's `formatDuration`). */
  span: (ms: number) => string;
  /** A number of whole minutes in the same format (a span between two times shown). */
  minutes: (count: number) => string;
}

/**
 * The formats of one interface language: times in `locale`'s conventions (12 or 24 hours) and in
 * `timeZone` (default: the device's, asked when a time is first written: its first answer costs
 * some 100 ms on a phone, while the time zone data loads); durations in the language's units.
 */
export function createTimeFormat(language: string, locale: string, timeZone?: string): TimeFormat {
  let zone = timeZone;
  const zoneNow = () => (zone ??= deviceTimeZone());
  return {
    locale,
    get timeZone() {
      return zoneNow();
    },
    time: (instant) => formatTimeOfDay(instant, locale, zoneNow()),
    dayAndTime: (instant) => formatDayAndTime(instant, locale, zoneNow()),
    span: (ms) => formatDuration(ms / 1000, language),
    minutes: (count) => formatMinutes(count, language),
  };
}

/**
 * Formats the day's times in the interface language's conventions, in `timeZone` (default: the
 * device's, so a route shared across time zones shows each viewer the same moments).
 */
export function useTimeFormat(timeZone?: string): TimeFormat {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return useMemo(
    () => createTimeFormat(language, timeLocale(language, browserLanguages()), timeZone),
    [language, timeZone],
  );
}
