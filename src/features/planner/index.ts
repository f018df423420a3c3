export {
  clearPendingRoute,
  clearRouteDraft,
  PENDING_ROUTE_KEY,
  readPendingRoute,
  ROUTE_DRAFT_KEY,
  titleOrAuto,
  writePendingRoute,
  type StoredRoute,
} from './model/route-storage';
export { saveErrorDetail } from './model/save-error';
export {
  useSaveRoute,
  useStartRoute,
  type PlannedRoute,
  type ActionFeedback,
} from './hooks/useRouteActions';
