/** The planner's building blocks, composed into the planner page by src/app/routes/PlannerPage. */
export { EditConflict } from './components/EditConflict';
export { PlannerMap } from './components/LazyPlannerMap';
export { StopList } from './components/StopList';
export { useCameraRequests } from './hooks/use-camera-requests';
export { useCurrentPosition } from './hooks/use-current-position';
export { useEditConflict } from './hooks/use-edit-conflict';
export { useNameImportedPoints } from './hooks/use-name-imported-points';
export { usePlannerRoute } from './hooks/use-planner-route';
export type { Removal } from './hooks/use-removal-undo';
export { useRouteCalculation } from './hooks/use-route-calculation';
export {
  useSaveRoute,
  useStartRoute,
  type ActionFeedback,
  type PlannedRoute,
} from './hooks/use-route-actions';
export { useStopAtPoint } from './hooks/use-stop-naming';
export { toStops } from './model/stop-list';
export { DayPlanPanel } from './components/day/DayPlanPanel';
export { DaySummaryRows } from './components/day/DaySummaryRows';
export { useDaySchedule } from './hooks/use-day-schedule';
