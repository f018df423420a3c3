import type { TFunction } from 'i18next';
import type { RoadTableProgress } from '@/lib/routing';
import { ROAD_TIMES_MAX_PLACES, STRAIGHT_SPEED_KMH, type TravelTimes } from './day-problem.ts';

/** Time left below which the line says only the blocks (the answer is a moment away). */
const SAY_TIME_LEFT_FROM_MS = 10_000;

/** "Road times: 34 of 100 blocks… About 2 minutes left." while the road table arrives. */
export function roadTimesProgressText({ done, total, leftMs }: RoadTableProgress, t: TFunction) {
  const blocks = t('dayPlan.roadTimesProgress', { done, total });
  if (leftMs < SAY_TIME_LEFT_FROM_MS) return blocks;
  const minutes = Math.round(leftMs / 60_000);
  const left =
    minutes < 1
      ? t('dayPlan.roadTimesUnderAMinute')
      : t('dayPlan.roadTimesMinutesLeft', { count: minutes });
  return `${blocks} ${left}`;
}

/** What the new order was compared by: road times, or straight lines and why. */
export function costText(
  {
    cost,
    straightBecause,
  }: { cost: TravelTimes['kind']; straightBecause?: TravelTimes['straightBecause'] },
  t: TFunction,
): string {
  if (cost === 'road') return t('dayPlan.costRoadTimes');
  const values = { speed: STRAIGHT_SPEED_KMH, max: ROAD_TIMES_MAX_PLACES };
  if (straightBecause === 'too-many-places') return t('dayPlan.costStraightTooMany', values);
  if (straightBecause === 'route-service') return t('dayPlan.costStraightRouteService', values);
  return t('dayPlan.costStraightTimes', values);
}
