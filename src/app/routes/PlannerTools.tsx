import { OptimizeRoute } from '@/features/optimize';
import { useWazeHandOff } from '@/features/navigation';
import { SplitAmongDrivers } from '@/features/team-day';
import { PlannerActions } from './PlannerActions';
import type { usePlannerWorkspace } from './use-planner-workspace';
import { usePlaceSearch } from './use-place-search';

export interface PlannerToolsProps {
  itineraryId: string | undefined;
  workspace: ReturnType<typeof usePlannerWorkspace>;
}

/** Below the stops: Optimise, Split among drivers, and the actions (Calculate, Save, Start...). */
export function PlannerTools({ itineraryId, workspace }: PlannerToolsProps) {
  const { planner, edits, route, calculation } = workspace;
  const { stops, dayPlan } = planner.state;
  const handOffToWaze = useWazeHandOff();
  const placeSearch = usePlaceSearch(workspace.bias);
  return (
    <>
      <OptimizeRoute
        stops={stops}
        dayPlan={dayPlan}
        onApply={edits.applyOptimized}
        onUndo={edits.undoOptimized}
      />
      <SplitAmongDrivers
        stops={route.stops}
        plan={dayPlan}
        title={workspace.shownTitle}
        signedIn={workspace.signedIn}
        onWaze={handOffToWaze}
        renderPlaceSearch={placeSearch}
      />
      <PlannerActions
        itineraryId={itineraryId}
        loadedVersion={planner.loadedVersion}
        signedIn={workspace.signedIn}
        dirty={planner.dirty}
        route={route}
        exportTitle={workspace.shownTitle}
        stops={stops}
        legs={workspace.legs}
        times={workspace.day.views}
        timeZone={dayPlan?.timeZone}
        totals={
          calculation.route
            ? {
                distance: calculation.route.totalDistance,
                duration: calculation.route.totalDuration,
              }
            : null
        }
        calculateMessage={workspace.calculateMessage}
        onCalculate={workspace.calculateRoute}
        loadLatest={planner.loadLatest}
        onLatestLoaded={workspace.onLatestLoaded}
        onBusyChange={workspace.setActionsBusy}
      />
    </>
  );
}
