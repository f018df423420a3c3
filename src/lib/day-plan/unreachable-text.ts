import type { TFunction } from 'i18next';
import type { UnreachableStop } from '@/lib/optimizer/day-problem.ts';

/**
 * Why a stop cannot be reached in time, in a sentence naming it: "Pharmacy: earliest arrival
 * 10:20, window closes 10:00". `time` writes a moment as the day's other times are written.
 */
export function unreachableText(
  t: TFunction,
  time: (instant: number) => string,
  name: string,
  entry: Pick<UnreachableStop, 'reason' | 'earliestArrival' | 'closes'>,
): string {
  const closes = entry.closes === null ? '' : time(entry.closes);
  switch (entry.reason) {
    case 'window':
      return entry.closes === null
        ? t('dayPlan.reasonNoRoom', { name })
        : t('dayPlan.reasonWindow', { name, arrival: time(entry.earliestArrival), closes });
    case 'late':
      return t('dayPlan.reasonLate', { name, closes });
    case 'lock':
      return t('dayPlan.reasonLock', { name });
    case 'max-stops':
      return t('dayPlan.reasonMaxStops', { name });
    case 'capacity':
      return t('dayPlan.reasonCapacity', { name });
    case 'hours':
      return t('dayPlan.reasonHours', { name });
    case 'no-room':
      return t('dayPlan.reasonNoRoom', { name });
  }
}
