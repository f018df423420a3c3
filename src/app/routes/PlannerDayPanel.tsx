import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayPlan, EndPlace } from '@domain/day-plan/day-plan.ts';
import type { SearchBias } from '@/features/geocoding';
import { DayPlanPanel } from '@/features/planner';
import { usePlaceSearch } from './use-place-search';

export interface PlannerDayPanelProps {
  plan: DayPlan | null;
  onChange: (plan: DayPlan | null) => void;
  estimated: boolean;
  waitingForRoute: boolean;
  /** Where the address search prefers places (the map's view, the user's position). */
  bias: SearchBias | null;
}

/**
 * The planner's times panel with the address search for a chosen end of the day: the panel is
 * the planner's, the search the geocoding feature's, so this page part composes the two.
 */
export function PlannerDayPanel({
  plan,
  onChange,
  estimated,
  waitingForRoute,
  bias,
}: PlannerDayPanelProps) {
  const { t } = useTranslation();
  const search = usePlaceSearch(bias);
  const renderEndSearch = useCallback(
    (onPick: (place: EndPlace) => void) => search(t('dayPlan.endAddress'), onPick),
    [search, t],
  );
  return (
    <DayPlanPanel
      plan={plan}
      onChange={onChange}
      renderEndSearch={renderEndSearch}
      estimated={estimated}
      waitingForRoute={waitingForRoute}
    />
  );
}
