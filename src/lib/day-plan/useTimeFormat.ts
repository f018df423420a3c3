import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceTimeZone, formatDayAndTime, formatTimeOfDay, minutesOf, timeLocale } from './format';

const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);

export interface TimeFormat {
  locale: string;
  timeZone: string;
  /** "08:05" / "8:05 AM" */
  time: (instant: number) => string;
  /** "Mon, 2 Mar, 08:05" */
  dayAndTime: (instant: number) => string;
  /** "12 min" / "1 h 5 min" in the interface language */
  span: (ms: number) => string;
}

/**
 * Formats the day's times in the interface language's conventions, in `timeZone` (default: the
 * device's, so a route shared across time zones shows each viewer the same moments).
 */
export function useTimeFormat(timeZone?: string): TimeFormat {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return useMemo(() => {
    const locale = timeLocale(language, browserLanguages());
    // The device's zone is asked when a time is first written, not on every page that might
    // show one: its first answer costs some 100 ms on a phone (the time zone data loads).
    let zone = timeZone;
    const zoneNow = () => (zone ??= deviceTimeZone());
    return {
      locale,
      get timeZone() {
        return zoneNow();
      },
      time: (instant) => formatTimeOfDay(instant, locale, zoneNow()),
      dayAndTime: (instant) => formatDayAndTime(instant, locale, zoneNow()),
      span: (ms) => {
        const minutes = minutesOf(ms);
        if (minutes < 60) return t('dayPlan.minutes', { count: minutes });
        return t('dayPlan.hoursMinutes', {
          hours: Math.floor(minutes / 60),
          minutes: minutes % 60,
        });
      },
    };
  }, [language, timeZone, t]);
}
