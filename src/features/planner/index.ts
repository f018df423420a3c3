/** The planner's building blocks, composed into the planner page by src/app/routes/PlannerPage. */
export { EditConflict } from './components/EditConflict';
export { PlannerMap } from './components/LazyPlannerMap';
export { StopList } from './components/StopList';
export { useCameraRequests } from './hooks/useCameraRequests';
export { useCurrentPosition } from './hooks/useCurrentPosition';
export { useEditConflict } from './hooks/useEditConflict';
export { useNameImportedPoints } from './hooks/useNameImportedPoints';
export { usePlannerRoute } from './hooks/usePlannerRoute';
export type { Removal } from './hooks/useRemovalUndo';
export { useRouteCalculation } from './hooks/useRouteCalculation';
export {
  useSaveRoute,
  useStartRoute,
  type ActionFeedback,
  type PlannedRoute,
} from './hooks/useRouteActions';
export { useStopAtPoint } from './hooks/useStopNaming';
export { toStops } from './model/stop-list';
export { DayPlanPanel } from './components/day/DayPlanPanel';
export { DaySummaryRows } from './components/day/DaySummaryRows';
export { useDaySchedule } from './hooks/useDaySchedule';
