import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useTimeFormat } from '@/lib/day-plan';
import { collatorFor } from '../model/day-groups';
import { dateFormatFor } from '../model/route-card';

/**
 * Makes the formats the cards write with while their first page is on its way (`waiting`), so
 * that the answer is followed by the cards alone: the first collator and date and time formats of
 * a page cost far more than using them (about 125 ms at CPU 4× for the day's order, the dates
 * and a day's departure), and were made between the answer and the first cards. The languages
 * are the ones RouteCard and RouteGrid write in; each format is kept once made.
 */
export function useCardFormatsAhead(waiting: boolean): void {
  const { i18n } = useTranslation();
  const dayAndTime = useTimeFormat().dayAndTime;
  const language = i18n.language;
  const resolved = i18n.resolvedLanguage ?? 'en';
  useEffect(() => {
    if (!waiting) return;
    // After the page's loading state is painted: the answer takes a round trip anyway.
    const timer = setTimeout(() => {
      dateFormatFor(language);
      collatorFor(resolved);
      dayAndTime(Date.now());
    }, 0);
    return () => clearTimeout(timer);
  }, [waiting, language, resolved, dayAndTime]);
}
